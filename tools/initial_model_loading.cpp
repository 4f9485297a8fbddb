#include "tools/initial_model_loading.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "autograd/io/printable.h"
#include "tools/train_kinds.h"
#include "tools/vectors/vector_io.h"
#include "word2vec/checkpoint.h"

namespace gv::tools {

InitialModel load_initial_model(const std::string& path, int threads) {
  if (is_checkpoint(path)) return read_checkpoint_model(path);
  WordVectors vectors = read_vectors(path, {VectorFormat::Auto, 0, false, threads});
  InitialModel model;
  model.path = path;
  model.words = std::move(vectors.words);
  model.dim = vectors.dim;
  model.w_in = std::move(vectors.values);
  return model;
}

TrainOptions options_for_model(TrainOptions options, const InitialModel& model,
                               const std::set<std::string>& given) {
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
                                  const std::set<std::string>& given) {
  for (const char* other : {"--resume", "--read-vocab", "--max-vocab"}) {
    if (given.contains(other))
      throw std::invalid_argument(std::string("--init excludes ") + other +
                                  ": a model brings its run and all its words");
  }
  ModelToContinue continued{load_initial_model(path, options.threads), {}};
  continued.options = options_for_model(options, continued.model, given);
  continued.options.check();
  if (continued.options.loss == LossKind::hs) {
    std::fprintf(stderr,
                 "gradvec: note: hs builds its Huffman tree anew over the updated vocabulary: the "
                 "model's words have new codes, and W_out starts at zero\n");
  }
  return continued;
}

}  // namespace gv::tools
