// Reading gradvec's command line: CLI11 parses it, after a pass that answers the mistakes
// CLI11 would report out of context. CLI11 sees a mistyped command as a missing one ("A
// subcommand is required") and an unknown option as stray arguments listed in reverse; this
// pass names the word as typed, with the command or option meant, read from the app itself.
#pragma once

#include <stdexcept>

#include <CLI/CLI.hpp>

namespace gv::tools {

// A name the command line cannot take: an unknown command or option ("unknown command 'trian';
// did you mean 'train'?", "unknown option '--epoch'; did you mean '--epochs'?"), the peers'
// spellings in a line answered together, with the line in gradvec's (peer_spellings.h), an option
// of one value given twice ("--vectors is given twice (as --in and --vectors): give it once"), a
// bare word where a command takes none ("gradvec train takes no bare words, got 'file.txt'; did you
// mean '--corpus file.txt'?"), or a command left out ("gradvec eval needs a command before
// --vectors: analogy or similarity"). Thrown before any command runs.
struct UnknownName : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Parses argv into `app` and runs the command chosen, as CLI::App::parse does, after checking
// every command and option name (throws UnknownName) and reading each old spelling of an option
// as its name now (old_spellings.h). `gradvec help [COMMAND...]` prints that
// command's help as `gradvec COMMAND... --help` does (CLI11 throws CLI::CallForHelp).
void parse_command_line(CLI::App& app, int argc, const char* const* argv);

}  // namespace gv::tools
