// Option names gradvec used before one name came to mean one thing in every command. A script
// written for an old name keeps working: the old name is read as the new one, but --help never
// shows it and "did you mean" never offers it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace gv::tools {

// The current name for `typed` (an option name as typed, without "=VALUE") in `command`, when it
// is an old spelling of an option `command` has and not a name of its own: "--in" in convert is
// "--vectors".
std::optional<std::string> current_spelling(const CLI::App& command, std::string_view typed);

}  // namespace gv::tools
