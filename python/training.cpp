// Training from Python runs the command line's own commands in this process: gradvec.Word2Vec
// turns its arguments into a `gradvec train` line and runs it here, so the module trains exactly
// as the binary does (the same options, checks, checkpoints and signals) and no second path to
// the trainer exists. The GIL is released for the whole run; the command's INT handler stops it
// and keeps a checkpoint, and module.cpp turns tools::Interrupted into KeyboardInterrupt. The
// progress line, which the command draws only on a terminal, can come to Python instead.
#include <pybind11/stl.h>

#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "python/bindings.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/progress.h"

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

// The command's progress reports, taken from standard error's line (tools::ProgressRedirect),
// reach `progress(done, total, seconds, lr, loss)` with the GIL taken for that call only, at the
// trainer's pace (about 5 a second). An exception it raises cannot stop training: Python prints
// it as one it cannot raise (sys.unraisablehook) and the reports stop.
tools::ProgressSink reporting_to(const py::object& progress) {
  return [&progress, failed = false](const tools::ProgressReport& report) mutable {
    if (failed) return;
    const py::gil_scoped_acquire locked;
    try {
      progress(report.done, report.total, report.seconds, report.lr, report.loss);
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("gradvec's progress report");
      failed = true;
    }
  };
}

}  // namespace

void bind_training(py::module_& module) {
  module.def(
      "run_command",
      [](const std::vector<std::string>& args, bool quiet, const py::object& progress) {
        std::vector<const char*> argv{"gradvec"};
        for (const std::string& arg : args) argv.push_back(arg.c_str());
        CLI::App app;
        app.require_subcommand(1);
        tools::add_all_commands(app);
        // quiet: the messages the command prints on standard output (its closing summary, which
        // --quiet keeps) go nowhere, so that a quiet model is silent as gensim's is; warnings and
        // errors still reach standard error.
        const StdoutDiscarded discarded(quiet);
        std::optional<tools::ProgressRedirect> redirect;
        if (!progress.is_none()) redirect.emplace(reporting_to(progress));
        py::gil_scoped_release unlocked;
        tools::parse_command_line(app, static_cast<int>(argv.size()), argv.data());
      },
      py::arg("args"), py::arg("quiet") = false, py::arg("progress") = py::none(),
      "Runs `gradvec ARGS...` in this process, as the binary would; quiet: nothing on stdout; "
      "progress: called with (done, total, seconds, lr, loss) in place of the progress line");
}

}  // namespace gv::python
