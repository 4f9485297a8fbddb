#include "tools/initial_model_loading.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "autograd/io/finite_values.h"
#include "autograd/io/printable.h"
#include "tools/train_kinds.h"
#include "tools/vectors/fasttext_model.h"
#include "tools/vectors/vector_io.h"
#include "word2vec/checkpoint.h"
#include "word2vec/corpus/tokenizer.h"

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
  for (int64_t i = 0; i < bin.words; ++i) {
    model.words.push_back(bin.entries[static_cast<size_t>(i)].word);
    model.counts.push_back(bin.entries[static_cast<size_t>(i)].count);
  }
  // Every row is checked, as the readers check theirs (finite_values.h): the word vectors read
  // the word and n-gram rows, never a bucket no word has, nor the output matrix, which a run
  // continued from a NaN there trained on until its vectors could not be written.
  const auto floats = [&](const char* rows, int64_t n, const char* matrix) {
    std::vector<float> values(static_cast<size_t>(n));
    std::memcpy(values.data(), rows, values.size() * sizeof(float));
    if (const auto [row, problem] = first_non_finite_row(values.data(), n, args.dim); row >= 0) {
      const std::string whose =
          row < bin.words ? "word '" + printable(model.words[static_cast<size_t>(row)], 40) + "'"
                          : "bucket " + std::to_string(row - bin.words);
      throw std::runtime_error(printable(path) + ": " + matrix + " matrix row " +
                               std::to_string(row) + " (" + whose + "): " + problem);
    }
    return values;
  };
  model.w_in = floats(bin.input_rows, (bin.words + args.bucket) * args.dim, "input");
  model.w_out = floats(bin.output_matrix, bin.words * args.dim, "output");
  return model;
}

}  // namespace

InitialModel load_initial_model(const std::string& path, int threads) {
  if (is_checkpoint(path)) return read_checkpoint_model(path);
  if (has_fasttext_magic(first_bytes(path, 4))) return read_fasttext_initial_model(path);
  WordVectors vectors = read_vectors(path, {VectorFormat::Auto, 0, false, threads});
  InitialModel model;
  model.path = path;
  model.words = std::move(vectors.words);
  model.dim = vectors.dim;
  model.w_in = std::move(vectors.values);
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

}  // namespace gv::tools
