// gradvec: train word vectors on the autograd engine and ask questions of any vector file.
#include <cstdio>
#include <exception>
#include <string>

#include "autograd/io/temporary_files.h"
#include "tools/commands.h"

int main(int argc, char** argv) {
  // Until a training command installs its own: a signal that ends the process removes the
  // temporary files of the write it cut off.
  gv::unlink_temporaries_on_fatal_signals();
  CLI::App app{"gradvec: skip-gram word vectors on a small reverse-mode autograd engine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gradvec 0.1.0");
  // Bad input is one line and status 2, whether CLI11 or a command found it.
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return "gradvec: error: " + std::string(e.what()) + " (see --help)\n";
  });
  gv::tools::add_train_command(app);
  gv::tools::add_phrases_command(app);
  gv::tools::add_pe_command(app);
  gv::tools::add_lm_command(app);
  gv::tools::add_vector_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // --help and --version exit 0 through here
  } catch (const gv::tools::Interrupted& e) {
    return 128 + e.signal;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gradvec: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
