#include "tools/trained_vectors.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <span>
#include <stdexcept>
#include <vector>

#include "text/tokenizer.h"
#include "tools/output_paths.h"
#include "tools/vectors/fasttext_model.h"
#include "tools/vectors/vector_index.h"
#include "tools/vectors/vector_io.h"

namespace gv::tools {

WordVectors input_vectors(const Trainer& trainer) {
  const Vocabulary& vocabulary = trainer.vocabulary();
  const Tensor& table = trainer.input_table().value();  // (V, R) or (V + buckets, R)
  const int64_t width = table.size(1);                  // R = row_floats(dim)
  const SubwordRows* subwords = trainer.subwords();
  WordVectors vectors;
  vectors.dim = trainer.options().dim;
  vectors.words = vocabulary.words();
  vectors.values.assign(static_cast<size_t>(vocabulary.size() * vectors.dim), 0.0f);
  for (int64_t id = 0; id < vocabulary.size(); ++id) {
    float* vector = vectors.row(id);
    const std::span<const int64_t> rows = subwords ? subwords->of(id) : std::span(&id, 1);
    for (const int64_t row : rows) {
      const float* from = table.data() + row * width;
      for (int64_t j = 0; j < vectors.dim; ++j) vector[j] += from[j];
    }
    const float scale = 1.0f / static_cast<float>(rows.size());
    for (int64_t j = 0; j < vectors.dim; ++j) vector[j] *= scale;
  }
  return vectors;
}

void write_input_vectors(const Trainer& trainer, const std::string& path, VectorFormat format) {
  if (trainer.subwords()) {
    // means: computed, beside n-gram rows
    write_vectors(path, input_vectors(trainer), format, trainer.options().threads);
    return;
  }
  const std::vector<std::string>& words = trainer.vocabulary().words();
  const Tensor& table = trainer.input_table().value();  // the words' rows come first
  const int64_t width = table.size(1);
  write_vectors(path,
                WordVectorsView(words, trainer.options().dim,
                                {table.data(), words.size() * static_cast<size_t>(width)}, width),
                format, trainer.options().threads);
}

WordVectors take_input_vectors(Trainer&& trainer) {
  const bool subwords = trainer.subwords() != nullptr;
  WordVectors vectors;
  Tensor table;  // W_in, shared so that it outlives the trainer
  if (subwords) {
    vectors = input_vectors(trainer);  // computed beside the n-gram rows, which dwarf them
  } else {
    vectors.dim = trainer.options().dim;
    vectors.words = trainer.vocabulary().words();
    table = trainer.input_table().value().alias();
  }
  { const Trainer freed = std::move(trainer); }
  if (!subwords) {  // each row's first dim floats
    vectors.values.resize(static_cast<size_t>(vectors.size() * vectors.dim));
    for (int64_t i = 0; i < vectors.size(); ++i)
      std::copy_n(table.data() + i * table.size(1), vectors.dim, vectors.row(i));
  }
  return vectors;
}

}  // namespace gv::tools

namespace gv::tools {

namespace {

// fastText stores its sizes as int32.
int32_t fasttext_field(const char* option, int64_t value) {
  if (value < INT32_MIN || value > INT32_MAX) {
    throw std::invalid_argument("--output-format fasttext-bin: " + std::string(option) + " " +
                                std::to_string(value) + " does not fit fastText's 32-bit field");
  }
  return static_cast<int32_t>(value);
}

int32_t fasttext_loss(LossKind loss) {
  switch (loss) {
    case LossKind::sgns:
      return fasttext::kLossNs;
    case LossKind::hs:
      return fasttext::kLossHs;
    case LossKind::softmax:
      return fasttext::kLossSoftmax;
  }
  throw std::invalid_argument("--output-format fasttext-bin: unknown loss");
}

}  // namespace

void write_fasttext_model(const Trainer& trainer, const std::string& path) {
  const TrainOptions& o = trainer.options();
  const Vocabulary& vocabulary = trainer.vocabulary();
  FastTextArgs args;
  args.dim = fasttext_field("--dim", o.dim);
  args.ws = fasttext_field("--window", o.window);
  args.epoch = fasttext_field("--epochs", o.epochs);
  args.min_count = fasttext_field("--min-count", o.min_count);
  args.neg = fasttext_field("--negative", o.negatives);
  args.loss = fasttext_loss(o.loss);
  args.model = o.model == ModelKind::cbow ? fasttext::kModelCbow : fasttext::kModelSkipgram;
  // Without subwords the model has no n-grams and no bucket rows, as fastText's -maxn 0.
  args.bucket = o.subwords ? fasttext_field("--buckets", o.subword_scheme.buckets) : 0;
  args.minn = o.subwords ? fasttext_field("--minn", o.subword_scheme.minn) : 0;
  args.maxn = o.subwords ? fasttext_field("--maxn", o.subword_scheme.maxn) : 0;
  args.t = o.sample;
  std::vector<FastTextEntry> entries;
  entries.reserve(static_cast<size_t>(vocabulary.size()));
  for (int64_t id = 0; id < vocabulary.size(); ++id)
    entries.push_back({vocabulary.word(id), vocabulary.count(id), kFastTextWord});
  const Tensor& input = trainer.input_table().value();    // (V + bucket, R)
  const Tensor& output = trainer.output_table().value();  // (V, R)
  write_fasttext_bin(path, args, entries, vocabulary.total_count(),
                     {input.data(), input.size(0), o.dim, input.size(1)},
                     {output.data(), output.size(0), o.dim, output.size(1)});
}

// `word` as the corpus's tokenizer spells it ("King" is king unless --keep-case, "don’t" is
// don't), or as typed when it is not one token, so that the lookup fails visibly.
namespace {

std::string as_corpus_word(const std::string& word, const TokenizerOptions& options) {
  Tokenizer tokenizer(options);
  tokenizer.feed(word);
  tokenizer.finish();
  std::vector<std::string> tokens;
  for (Tokenizer::Event e; (e = tokenizer.next()) != Tokenizer::Event::kNeedInput;) {
    if (e == Tokenizer::Event::kToken) tokens.emplace_back(tokenizer.token());
  }
  return tokens.size() == 1 ? tokens.front() : word;
}

}  // namespace

void print_neighbours(WordVectors vectors, std::vector<std::string> words, ShownWords whose,
                      const TokenizerOptions& tokenizer, std::ostream& out) {
  const VectorIndex index(std::move(vectors));
  for (std::string& word : words) word = index.resolve(as_corpus_word(word, tokenizer)).word;
  if (whose == ShownWords::Demo) {
    const auto shown = static_cast<int64_t>(words.size());
    std::erase_if(words, [&](const std::string& word) { return !index.find(word); });
    // Ids follow the counts: the first rows are the most frequent words.
    if (words.empty()) {
      for (int64_t id = 0; id < std::min(shown, index.size()); ++id)
        words.push_back(index.word(id));
    }
  }
  std::vector<std::string> shown;
  size_t width = 0;
  for (const std::string& word : words) {
    shown.push_back(shown_on(out, word));
    width = std::max(width, shown.back().size());
  }
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& probe = words[i];
    out << shown[i] << std::string(width - shown[i].size(), ' ');
    if (!index.find(probe)) {
      out << "  (not in vocabulary)\n";
      continue;
    }
    // The vectors are written by now: a probe they cannot answer (a zero vector) is a note.
    std::string line;
    try {
      for (const Neighbor& n : index.most_similar({probe}, {}, 5)) {
        char score[32];
        std::snprintf(score, sizeof score, " %.3f", n.score);
        line += "  " + shown_on(out, n.word) + score;
      }
    } catch (const QueryError& e) {
      line = "  (" + shown_on(out, e.what()) + ")";
    }
    out << line << '\n';
  }
}

}  // namespace gv::tools
