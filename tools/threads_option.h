// --threads, one option for every command that starts threads: N threads, or 0 for one per
// hardware thread of this machine, which is also the default.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace gv::tools {

// Registers --threads on `command`, writing into `threads`: an integer in [0, kMaxThreads],
// 0 replaced by cores() as it is read, so `threads` is always at least 1. `threads` starts at
// cores() and --help shows that default; `description` says what the threads do, and "(0: one
// per core)" is added to it.
CLI::Option* add_threads_option(CLI::App& command, int& threads, const std::string& description);

}  // namespace gv::tools
