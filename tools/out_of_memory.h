// The message for a std::bad_alloc that reaches main(): the sizes are checked against the memory
// this process may use before the large allocations, but estimates can fall short, and a bare
// "std::bad_alloc" tells the user neither what happened nor what to change.
#pragma once

#include <CLI/CLI.hpp>
#include <exception>
#include <string>

namespace gv::tools {

// "out of memory: this process may use 2.0 GB (ulimit -v); lower --dim, --buckets, ... or
// --threads": the options that size memory among those of the command `app` ran.
std::string out_of_memory_message(const CLI::App& app);

// What stopped `doing` ("writing x.vec"): e.what(), or for a std::bad_alloc "out of memory
// writing x.vec: this process may use 2.0 GB (ulimit -v)", where a run that already trained
// must say why its output failed.
std::string failure_message(const std::exception& e, const std::string& doing);

}  // namespace gv::tools
