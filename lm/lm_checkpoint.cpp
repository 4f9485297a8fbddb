#include "lm/lm_checkpoint.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "autograd/optimizer_state_io.h"
#include "autograd/rng_state_io.h"
#include "autograd/tensor_io.h"
#include "io/atomic_file.h"

namespace gv {

namespace {

constexpr FileFormat kFormat{"language-model checkpoint", "GVLMCKPT", 4, {}, 2};
// Versions 2 and 3 differ only in the vocabulary; version 4 names its kind, and ends with the
// corpus's files.
constexpr uint32_t kCharactersVersion = 2;  // version 3's vocabulary is a BPE one
constexpr uint32_t kCorpusFilesVersion = 4;
constexpr uint8_t kCharacters = 0, kBpe = 1;  // version 4's vocabulary kinds
// The fewest bytes one entry of each counted list takes, to refuse impossible counts.
constexpr int64_t kMinShapeBytes = sizeof(uint32_t);
constexpr int64_t kMinStateBytes = 2 * sizeof(uint32_t);  // two empty counts

void write_vocabulary(TensorWriter& w, const LmTokenizer& vocab) {
  w.pod(vocab.characters() ? kCharacters : kBpe);
  if (const ByteAlphabet* characters = vocab.characters()) {
    w.string(characters->symbols());
    return;
  }
  const std::vector<bpe::Merge>& merges = vocab.bpe()->merges();
  w.count(static_cast<int64_t>(merges.size()));
  for (const bpe::Merge& m : merges) {
    w.pod(m.left);
    w.pod(m.right);
  }
}

LmTokenizer read_vocabulary(TensorReader& r) {
  uint8_t kind = r.version() == kCharactersVersion ? kCharacters : kBpe;
  if (r.version() >= kCorpusFilesVersion) {
    kind = r.pod<uint8_t>("vocabulary");
    r.require_field(kind == kCharacters || kind == kBpe, "vocabulary kind", "0 or 1", int(kind));
  }
  try {
    if (kind == kCharacters) {
      return LmTokenizer(ByteAlphabet::from_symbols(r.string("vocabulary")));
    }
    std::vector<bpe::Merge> merges(
        static_cast<size_t>(r.count("vocabulary", 2 * sizeof(bpe::TokenId))));
    for (bpe::Merge& m : merges) {
      m.left = r.pod<bpe::TokenId>("vocabulary");
      m.right = r.pod<bpe::TokenId>("vocabulary");
    }
    return LmTokenizer(bpe::BpeTokens(std::move(merges)));
  } catch (const std::invalid_argument& e) {
    r.fail(std::string("vocabulary: ") + e.what());
  }
}

void write_config(TensorWriter& w, const GptConfig& c) {
  for (const int64_t v : {c.layers, c.heads, c.dim, c.context}) w.pod(v);
  w.pod(static_cast<uint8_t>(c.positions));
  w.pod(static_cast<uint8_t>(c.interleaved));
}

GptConfig read_config(TensorReader& r, int64_t vocab) {
  GptConfig c;
  c.vocab = vocab;
  for (int64_t* v : {&c.layers, &c.heads, &c.dim, &c.context}) *v = r.pod<int64_t>("model");
  const auto positions = r.pod<uint8_t>("model");
  const auto interleaved = r.pod<uint8_t>("model");
  r.require_field(positions <= static_cast<uint8_t>(PositionKind::rope), "positions",
                  "in [0, " + std::to_string(static_cast<int>(PositionKind::rope)) + "]",
                  int{positions});
  r.require_field(interleaved <= 1, "interleaved", "0 or 1", int{interleaved});
  c.positions = static_cast<PositionKind>(positions);
  c.interleaved = interleaved != 0;
  try {
    c.check();
  } catch (const std::invalid_argument& e) {
    r.fail(std::string("bad model: ") + e.what());
  }
  return c;
}

void write_options(TensorWriter& w, const LmTrainOptions& o) {
  for (const int64_t v : {o.batch, o.steps, o.warmup}) w.pod(v);
  for (const float v : {o.lr, o.min_lr_ratio, o.weight_decay}) w.pod(v);
  w.pod(o.seed);
  w.pod(int64_t{o.threads});
}

LmTrainOptions read_options(TensorReader& r) {
  LmTrainOptions o;
  for (int64_t* v : {&o.batch, &o.steps, &o.warmup}) *v = r.pod<int64_t>("options");
  for (float* v : {&o.lr, &o.min_lr_ratio, &o.weight_decay}) *v = r.pod<float>("options");
  o.seed = r.pod<uint64_t>("options");
  const auto threads = r.pod<int64_t>("options");
  // Bounded before the cast to int (LmTrainOptions::check's bound).
  r.require_field(threads >= 1 && threads <= 1024, "threads", "in [1, 1024]", threads);
  o.threads = static_cast<int>(threads);
  try {
    o.check();
  } catch (const std::invalid_argument& e) {
    r.fail(std::string("bad options: ") + e.what());
  }
  return o;
}

// Every parameter of `config` must fit in the file, checked before the model is allocated.
void check_parameter_bytes(TensorReader& r, const std::string& path, const GptConfig& config) {
  double floats = 0.0;
  for (const Shape& shape : parameter_shapes(config)) floats += double(shape_numel(shape));
  const double bytes = double(std::filesystem::file_size(path));
  if (floats * sizeof(float) > bytes) {
    r.fail("its model has " + std::to_string(int64_t(floats)) + " parameters, more than its " +
           std::to_string(int64_t(bytes)) + " bytes hold");
  }
}

}  // namespace

void write_lm_checkpoint(const std::string& path, const LmTokenizer& vocab, const GptModel& model,
                         const LmTrainingState& training) {
  const FileFormat format = kFormat;
  write_file_atomically(path, [&](std::ostream& out) {
    TensorWriter w(out, format);
    write_vocabulary(w, vocab);
    write_config(w, model.config());
    write_options(w, training.options);
    w.pod(training.corpus.bytes);
    w.pod(training.corpus.hash);
    w.pod(training.step);
    w.pod(training.seconds);
    write_rng_state(w, training.rng);
    const std::vector<Var> params = model.parameters();
    w.count(static_cast<int64_t>(params.size()));
    for (const Var& p : params) w.shape(p.shape());
    for (const Var& p : params) w.floats(p.value().data(), p.numel());
    w.count(static_cast<int64_t>(training.optimizers.size()));
    for (const Optimizer::State& state : training.optimizers) write_optimizer_state(w, state);
    w.string(training.corpus_files.name);
    w.count(static_cast<int64_t>(training.corpus_files.paths.size()));
    for (const std::string& path : training.corpus_files.paths) w.string(path);
  });
}

LmCheckpoint read_lm_checkpoint(const std::string& path) {
  TensorReader r(path, kFormat);
  LmCheckpoint checkpoint;
  checkpoint.vocab = read_vocabulary(r);
  const GptConfig config = read_config(r, checkpoint.vocab.size());
  LmTrainingState& training = checkpoint.training;
  training.options = read_options(r);
  training.corpus.bytes = r.pod<int64_t>("progress");
  training.corpus.hash = r.pod<uint64_t>("progress");
  training.step = r.pod<int64_t>("progress");
  training.seconds = r.pod<double>("progress");
  training.rng = read_rng_state(r, "");
  r.require_field(training.corpus.bytes >= 1, "corpus size", ">= 1", training.corpus.bytes);
  r.require_field(training.step >= 0 && training.step <= training.options.steps, "step",
                  "in [0, " + std::to_string(training.options.steps) + "] (the steps option)",
                  training.step);
  r.require_field(std::isfinite(training.seconds) && training.seconds >= 0, "seconds",
                  "finite and >= 0", training.seconds);

  const std::vector<Shape> shapes = parameter_shapes(config);
  if (r.count("parameters", kMinShapeBytes) != static_cast<int64_t>(shapes.size())) {
    r.fail("parameter count");
  }
  for (size_t i = 0; i < shapes.size(); ++i) {
    const Shape shape = r.shape("parameters");
    if (shape != shapes[i]) {
      r.fail("parameter " + std::to_string(i) + " has shape " + shape_str(shape) +
             ", the model expects " + shape_str(shapes[i]));
    }
  }
  check_parameter_bytes(r, path, config);
  Rng rng(training.options.seed);  // the values drawn here are all overwritten
  checkpoint.model = std::make_unique<GptModel>(config, rng);
  std::vector<Var> parameters = checkpoint.model->parameters();
  for (size_t i = 0; i < parameters.size(); ++i)
    r.floats(parameters[i].value(), ("parameter " + std::to_string(i)).c_str());

  const int64_t optimizers = r.count("optimizers", kMinStateBytes);
  for (int64_t i = 0; i < optimizers; ++i) {
    // An optimizer counts the steps it took, one per training step.
    training.optimizers.push_back(
        read_optimizer_state(r, "optimizer " + std::to_string(i), training.step, " (the step)"));
  }
  if (r.version() >= kCorpusFilesVersion) {
    training.corpus_files.name = r.string("corpus files");
    // Each path is a count and at least one byte.
    training.corpus_files.paths.resize(
        static_cast<size_t>(r.count("corpus files", sizeof(uint32_t) + 1)));
    for (std::string& path : training.corpus_files.paths) path = r.string("corpus files");
  }
  r.finish();
  return checkpoint;
}

std::vector<std::string> trained_corpus(const LmCheckpoint& checkpoint, const std::string& path) {
  const std::vector<std::string>& files = checkpoint.training.corpus_files.paths;
  if (files.empty()) {
    throw std::runtime_error(path +
                             " does not name the corpus it was trained on (written before "
                             "lm checkpoints kept it); give --corpus FILE");
  }
  for (const std::string& file : files) {
    std::error_code error;
    if (!std::filesystem::exists(file, error)) {
      throw std::runtime_error(path + " was trained on " + file +
                               ", which is not there any more; give --corpus FILE");
    }
  }
  return files;
}

bool has_lm_checkpoint_magic(std::string_view bytes) {
  return has_magic(bytes, kFormat);
}

}  // namespace gv
