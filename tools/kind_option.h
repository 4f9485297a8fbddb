// Options that name one of a few kinds (train's --model, lm's --pos): the names and the kinds
// they stand for in one map, parsed into the kind as the option is read.
#pragma once

#include <map>
#include <string>

#include <CLI/CLI.hpp>

namespace gv::tools {

// The name that stands for `kind` in `names`.
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
