// The names `gradvec train` gives the optimizers, losses and models, one home for the options'
// choices (parsed straight into kinds), the header line and the resume checks.
#pragma once

#include <map>
#include <string>

#include "tools/kind_option.h"
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

}  // namespace gv::tools
