#include "tools/initial_model_loading.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "io/finite_values.h"
#include "io/printable.h"
#include "lm/lm_checkpoint.h"
#include "text/bpe/bpe_file.h"
#include "text/tokenizer.h"
#include "tools/train_kinds.h"
#include "tools/vector_file_options.h"
#include "tools/vectors/fasttext_model.h"
#include "tools/vectors/vector_io.h"
#include "word2vec/checkpoint/checkpoint.h"

namespace gv::tools {

namespace {

// The first bytes of `path` (fewer if it is shorter), or none if it cannot be read.
std::string first_bytes(const std::string& path, size_t n) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(n, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(n));
  bytes.resize(static_cast<size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return bytes;
}

// A fastText .bin: its words and counts, both matrices (the input one with its bucket rows) and
// the settings a continued run takes from it, as a checkpoint's.
InitialModel read_fasttext_initial_model(const std::string& path) {
  const FastTextModel bin = read_fasttext_model(path);
  const FastTextArgs& args = bin.args;
  const auto refuse = [&](const std::string& what) {
    throw std::runtime_error(printable(path) + ": " + what + "; --init continues word vectors");
  };
  if (args.model == fasttext::kModelSupervised) refuse("a supervised (classifier) model");
  TrainOptions options;
  options.model = args.model == fasttext::kModelCbow ? ModelKind::cbow : ModelKind::skipgram;
  const std::map<int32_t, LossKind> losses = {{fasttext::kLossNs, LossKind::sgns},
                                              {fasttext::kLossHs, LossKind::hs},
                                              {fasttext::kLossSoftmax, LossKind::softmax}};
  if (!losses.contains(args.loss)) refuse("loss " + std::to_string(args.loss) + " (one-vs-all)");
  options.loss = losses.at(args.loss);
  options.dim = args.dim;
  options.tokenizer = {TokenizerKind::whitespace, /*lowercase=*/false};  // fastText's reading
  options.subwords = args.maxn > 0;
  if (options.subwords) options.subword_scheme = {args.minn, args.maxn, args.bucket};
  InitialModel model;
  model.path = path;
  model.options = options;
  model.dim = args.dim;
  const int64_t dim = args.dim;
  // Appends row `row` of a matrix of the file (unaligned in the mapping: copied) to `table`,
  // checked as every reader checks floats (finite_values.h): the word vectors read the word and
  // n-gram rows, never a bucket no word has, nor the output matrix, which a run continued from a
  // NaN there trained on until its vectors could not be written.
  const auto append_row = [&](std::vector<float>& table, const char* matrix, int64_t row,
                              const char* name) {
    const size_t at = table.size();
    table.resize(at + static_cast<size_t>(dim));
    std::memcpy(table.data() + at, matrix + row * dim * sizeof(float), dim * sizeof(float));
    if (const std::string problem = non_finite_problem(table.data() + at, dim); !problem.empty()) {
      const std::string whose =
          row < bin.words
              ? "word '" + quoted_input(bin.entries[static_cast<size_t>(row)].word) + "'"
              : "bucket " + std::to_string(row - bin.words);
      throw std::runtime_error(printable(path) + ": " + name + " matrix row " +
                               std::to_string(row) + " (" + whose + "): " + problem);
    }
  };
  model.w_in.reserve(static_cast<size_t>((bin.words + args.bucket) * dim));
  model.w_out.reserve(static_cast<size_t>(bin.words * dim));
  // A word the dictionary repeats keeps its first entry and rows, as the vector readers keep a
  // repeated word's first row, and is warned of in their words; fastText never writes one.
  std::unordered_set<std::string_view> seen;
  for (int64_t i = 0; i < bin.words; ++i) {
    const FastTextEntry& entry = bin.entries[static_cast<size_t>(i)];
    if (!seen.insert(entry.word).second) continue;
    model.words.push_back(entry.word);
    model.counts.push_back(entry.count);
    append_row(model.w_in, bin.input_matrix, i, "input");
    append_row(model.w_out, bin.output_matrix, i, "output");
  }
  for (int64_t row = bin.words; row < bin.words + args.bucket; ++row)
    append_row(model.w_in, bin.input_matrix, row, "input");
  ReadReport tolerated;
  tolerated.duplicates = bin.words - static_cast<int64_t>(model.words.size());
  warn_of_tolerated(std::cerr, path, tolerated);
  return model;
}

// What --init continues, for the refusals of what it does not.
constexpr std::string_view kWhatInitTakes =
    "--init takes a gradvec checkpoint (train --checkpoint), a fastText .bin or a vector file (of "
    "one dimension only with a word2vec 'V 1' header line)";

// A file that is no model, though a vector reader might read it as vectors: what it is, told by
// its first bytes, or "".
std::string other_file_kind(std::string_view head) {
  if (has_lm_checkpoint_magic(head))
    return "a gradvec lm model (lm train's output, for lm sample and lm eval)";
  if (bpe::has_bpe_magic(head)) return "a BPE merges file (bpe train's output, for --tokenizer)";
  return "";
}

// A headerless file of one value a line reads as 1-dimensional GloVe vectors, as any two columns
// of text do: what it is. Every value a count: a vocabulary.
std::string one_column_kind(const WordVectors& vectors) {
  const bool counts = std::all_of(vectors.values.begin(), vectors.values.end(),
                                  [](float v) { return v >= 1.0f && v == std::floor(v); });
  return counts ? "a vocabulary file (--save-vocab's 'word count' lines, for --read-vocab)"
                : "two columns of text, which read as 1-dimensional GloVe vectors";
}

}  // namespace

InitialModel load_initial_model(const std::string& path, int threads) {
  const std::string head = first_bytes(path, 16);
  if (has_checkpoint_magic(head)) return read_checkpoint_model(path);
  if (has_fasttext_magic(head)) return read_fasttext_initial_model(path);
  const auto refuse = [&](const std::string& kind) {
    throw std::runtime_error("--init " + printable(path) + " looks like " + kind + "; " +
                             std::string(kWhatInitTakes));
  };
  if (const std::string kind = other_file_kind(head); !kind.empty()) refuse(kind);
  LoadedVectors loaded =
      VectorFileOptions{path, VectorFormat::Auto, 0, false, threads}.load(std::cerr);
  if (loaded.vectors.dim < 2 && loaded.report.format == VectorFormat::Glove)
    refuse(one_column_kind(loaded.vectors));
  InitialModel model;
  model.path = path;
  model.words = std::move(loaded.vectors.words);
  model.dim = loaded.vectors.dim;
  model.w_in = std::move(loaded.vectors.values);
  return model;
}

TrainOptions options_for_model(TrainOptions options, const InitialModel& model,
                               const std::set<std::string>& given, int processes) {
  std::vector<std::string> contradictions;
  // Each option the model fixes: refused if given otherwise, taken from the model if not given.
  auto fix = [&](const char* name, auto& value, auto model_value, const std::string& shown,
                 const std::string& model_shown) {
    if (given.contains(name) && value != model_value)
      contradictions.push_back(std::string(name) + " " + shown + " (the model's: " + model_shown +
                               ")");
    value = model_value;
  };
  fix("--dim", options.dim, model.dim, std::to_string(options.dim), std::to_string(model.dim));
  if (model.options) {
    const TrainOptions& m = *model.options;
    fix("--model", options.model, m.model, name_of(kModels, options.model),
        name_of(kModels, m.model));
    const auto on_off = [](bool on) { return std::string(on ? "on" : "off"); };
    fix("--subwords", options.subwords, m.subwords, on_off(options.subwords), on_off(m.subwords));
    SubwordScheme& scheme = options.subword_scheme;
    fix("--minn", scheme.minn, m.subword_scheme.minn, std::to_string(scheme.minn),
        std::to_string(m.subword_scheme.minn));
    fix("--maxn", scheme.maxn, m.subword_scheme.maxn, std::to_string(scheme.maxn),
        std::to_string(m.subword_scheme.maxn));
    fix("--buckets", scheme.buckets, m.subword_scheme.buckets, std::to_string(scheme.buckets),
        std::to_string(m.subword_scheme.buckets));
  }
  // The model's words are spelled as its tokenizer read them: this run reads as it did unless
  // told otherwise.
  const bool reading_given = given.contains("--tokenizer") || given.contains("--lowercase") ||
                             given.contains("--keep-case");
  if (model.options && !reading_given) options.tokenizer = model.options->tokenizer;
  if (!given.contains("--lr")) options.lr = default_lr(options.model, processes);
  if (!contradictions.empty()) {
    std::string what = "--init " + printable(model.path) + ": ";
    for (size_t i = 0; i < contradictions.size(); ++i)
      what += (i > 0 ? ", " : "") + contradictions[i];
    throw std::invalid_argument(what +
                                (contradictions.size() > 1 ? " contradict" : " contradicts") +
                                " the model; leave them out to take its values");
  }
  return options;
}

ModelToContinue model_to_continue(const std::string& path, const TrainOptions& options,
                                  const std::set<std::string>& given, int processes) {
  for (const char* other : {"--resume", "--read-vocab", "--max-vocab"}) {
    if (given.contains(other))
      throw std::invalid_argument(std::string("--init excludes ") + other +
                                  ": a model brings its run and all its words");
  }
  ModelToContinue continued{load_initial_model(path, options.threads), {}};
  continued.options = options_for_model(options, continued.model, given, processes);
  continued.options.check();
  if (continued.options.loss == LossKind::hs) {
    std::fprintf(stderr,
                 "gradvec: note: hs builds its Huffman tree anew over the updated vocabulary: the "
                 "model's words have new codes, and W_out starts at zero\n");
  }
  return continued;
}

UnreachableWords unreachable_words(const InitialModel& model, const TokenizerOptions& tokenizer) {
  UnreachableWords found;
  for (const std::string& word : model.words) {
    const std::vector<std::vector<std::string>> sentences = tokenize(word, tokenizer);
    if (sentences.size() == 1 && sentences[0].size() == 1 && sentences[0][0] == word) continue;
    if (found.count++ == 0) found.example = word;
  }
  return found;
}

namespace {

void note_new_words(const std::string& corpus_name, const Vocabulary& vocabulary,
                    const InitialModel& model, std::FILE* out) {
  const std::unordered_set<std::string_view> known(model.words.begin(), model.words.end());
  int64_t from_model = 0;
  for (const std::string& word : vocabulary.words()) from_model += known.contains(word);
  std::fprintf(out, "%s: %lld words new to %s, %lld of the vocabulary's %lld from it\n",
               printable(corpus_name).c_str(),
               static_cast<long long>(vocabulary.size() - from_model),
               printable(model.path).c_str(), static_cast<long long>(from_model),
               static_cast<long long>(vocabulary.size()));
}

}  // namespace

void note_continued_run(const std::string& corpus_name, const Vocabulary& vocabulary,
                        const InitialModel& model, const TokenizerOptions& tokenizer,
                        const std::string& tokenizer_name, bool quiet, std::FILE* out) {
  if (!quiet) note_new_words(corpus_name, vocabulary, model, out);
  const UnreachableWords unreachable = unreachable_words(model, tokenizer);
  if (unreachable.count == 0) return;
  // Case and punctuation kept: the tokenizer word2vec.c, fastText and gensim read with.
  TokenizerOptions whitespace;
  whitespace.kind = TokenizerKind::whitespace;
  whitespace.lowercase = false;
  const bool whitespace_reaches =
      (tokenizer.kind != TokenizerKind::whitespace || tokenizer.lowercase) &&
      unreachable_words(model, whitespace).count == 0;
  const std::string hint = tokenizer.kind == TokenizerKind::whitespace
                               ? "; --keep-case reads them as the model has them"
                               : "; --tokenizer whitespace reads them as the model has them";
  std::fprintf(out,
               "warning: %lld of %s's %lld words (e.g. '%s') cannot come out of --tokenizer %s, "
               "so this run never trains them%s\n",
               static_cast<long long>(unreachable.count), printable(model.path).c_str(),
               static_cast<long long>(model.words.size()), printable(unreachable.example).c_str(),
               tokenizer_name.c_str(), whitespace_reaches ? hint.c_str() : "");
}

}  // namespace gv::tools
