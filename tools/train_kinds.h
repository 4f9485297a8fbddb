// The names `gradvec train` gives the optimizers, losses and models, one home for the options'
// choices (parsed straight into kinds), the header line and the resume checks.
#pragma once

#include <map>
#include <string>

#include <CLI/CLI.hpp>

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

// Adds --NAME taking one of `names` and stores its kind in `kind` as CLI11 parses it: the option
// is a kind once, never a string to convert later. Help shows the names and `kind`'s default.
template <class Kind>
CLI::Option* add_kind_option(CLI::App& command, const std::string& name, Kind& kind,
                             const std::map<std::string, Kind>& names, const std::string& help) {
  return command
      .add_option_function<std::string>(
          name, [&kind, &names](const std::string& value) { kind = names.at(value); }, help)
      ->check(CLI::IsMember(names))
      ->default_str(name_of(names, kind));
}

}  // namespace gv::tools
