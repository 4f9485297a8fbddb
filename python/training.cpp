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
        std::ostringstream discarded;
        std::streambuf* const shown = quiet ? std::cout.rdbuf(discarded.rdbuf()) : nullptr;
        py::gil_scoped_release unlocked;
        try {
          tools::parse_command_line(app, static_cast<int>(argv.size()), argv.data());
        } catch (...) {
          if (shown) std::cout.rdbuf(shown);
          throw;
        }
        if (shown) std::cout.rdbuf(shown);
      },
      py::arg("args"), py::arg("quiet") = false,
      "Runs `gradvec ARGS...` in this process, as the binary would; quiet: nothing on stdout");
}

}  // namespace gv::python
