// Training from Python runs the command line's own commands in this process: gradvec.Word2Vec
// turns its arguments into a `gradvec train` line and runs it here, so the module trains exactly
// as the binary does (the same options, checks, checkpoints and signals) and no second path to
// the trainer exists. The GIL is released for the whole run; the command's INT handler stops it
// and keeps a checkpoint, and module.cpp turns tools::Interrupted into KeyboardInterrupt.
#include <pybind11/stl.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "python/bindings.h"
#include "tools/command_line.h"
#include "tools/commands.h"

namespace py = pybind11;

namespace gv::python {

namespace {

// While it lives (and `discard` is true), what is written to std::cout goes nowhere; its buffer
// comes back however the scope ends.
class StdoutDiscarded {
 public:
  explicit StdoutDiscarded(bool discard)
      : shown_(discard ? std::cout.rdbuf(discarded_.rdbuf()) : nullptr) {}
  ~StdoutDiscarded() {
    if (shown_ != nullptr) std::cout.rdbuf(shown_);
  }
  StdoutDiscarded(const StdoutDiscarded&) = delete;
  StdoutDiscarded& operator=(const StdoutDiscarded&) = delete;

 private:
  std::ostringstream discarded_;
  std::streambuf* shown_;
};

}  // namespace

void bind_training(py::module_& module) {
  module.def(
      "run_command",
      [](const std::vector<std::string>& args, bool quiet) {
        std::vector<const char*> argv{"gradvec"};
        for (const std::string& arg : args) argv.push_back(arg.c_str());
        CLI::App app;
        app.require_subcommand(1);
        tools::add_all_commands(app);
        // quiet: the messages the command prints on standard output (its closing summary, which
        // --quiet keeps) go nowhere, so that a quiet model is silent as gensim's is; warnings and
        // errors still reach standard error.
        const StdoutDiscarded discarded(quiet);
        py::gil_scoped_release unlocked;
        tools::parse_command_line(app, static_cast<int>(argv.size()), argv.data());
      },
      py::arg("args"), py::arg("quiet") = false,
      "Runs `gradvec ARGS...` in this process, as the binary would; quiet: nothing on stdout");
}

}  // namespace gv::python
