// gradvec: train word vectors on the autograd engine and ask questions of any vector file.
#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "autograd/simd/isa.h"
#include "io/input_pass_stop.h"
#include "io/printable.h"
#include "io/temporary_files.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/out_of_memory.h"
#include "tools/stop_signals.h"

int main(int argc, char** argv) {
  // Until a training command installs its own: a signal that ends the process removes the
  // temporary files of the write it cut off.
  gv::unlink_temporaries_on_fatal_signals();
  // The kernels' variant, chosen from the CPU or forced by GRADVEC_ISA: a variant this CPU
  // cannot run is refused before anything starts.
  try {
    gv::active_isa();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gradvec: error: %s\n", gv::printable(e.what()).c_str());
    return 2;
  }
  CLI::App app{"gradvec: skip-gram word vectors on a small reverse-mode autograd engine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gradvec 0.1.0\n" + gv::kernels_report());
  // Bad input is one line and status 2, whether CLI11 or a command found it.
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return "gradvec: error: " + gv::printable(e.what()) + " (see --help)\n";
  });
  gv::tools::add_all_commands(app);
  try {
    gv::tools::parse_command_line(app, argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // --help and --version exit 0 through here
  } catch (const gv::tools::Interrupted& e) {
    return 128 + e.signal;
  } catch (const gv::InputPassStopped& e) {
    // A signal (tools/stop_signals.h) ended a pass over the corpus before anything came of it.
    gv::tools::report_stopped_pass(e);
    return gv::tools::failed_status(2);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "gradvec: error: %s\n", gv::tools::out_of_memory_message(app).c_str());
    return 2;
  } catch (const std::exception& e) {
    // Messages quote paths, words and file bytes: escaped here once, whatever threw them.
    std::fprintf(stderr, "gradvec: error: %s\n", gv::printable(e.what()).c_str());
    return gv::tools::failed_status(2);
  }
  return 0;
}
