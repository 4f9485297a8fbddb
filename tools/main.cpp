// gradvec: train word vectors on the autograd engine and ask questions of any vector file.
#include <cstdio>
#include <exception>

#include "tools/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"gradvec: skip-gram word vectors on a small reverse-mode autograd engine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gradvec 0.1.0");
  gv::tools::add_train_command(app);
  gv::tools::add_pe_command(app);
  gv::tools::add_vector_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gradvec: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
