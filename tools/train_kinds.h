// The names `gradvec train` gives the optimizers, losses and models, one home for the options'
// choices, the header line and the resume checks.
#pragma once

#include <map>
#include <string>

#include "word2vec/train_options.h"

namespace gv::tools {

inline const std::map<std::string, LossKind> kLosses = {
    {"sgns", LossKind::sgns}, {"hs", LossKind::hs}, {"softmax", LossKind::softmax}};
inline const std::map<std::string, ModelKind> kModels = {{"skipgram", ModelKind::skipgram},
                                                         {"cbow", ModelKind::cbow}};
inline const std::map<std::string, OptimizerKind> kOptimizers = {
    {"sgd", OptimizerKind::sgd},
    {"adagrad", OptimizerKind::adagrad},
    {"adam", OptimizerKind::adam}};

// The flag value that names `kind` in `names`.
template <class Kind>
std::string name_of(const std::map<std::string, Kind>& names, Kind kind) {
  for (const auto& [name, value] : names) {
    if (value == kind) return name;
  }
  return "?";
}

}  // namespace gv::tools
