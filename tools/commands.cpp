#include "tools/commands.h"

#include <memory>

#include "tools/help_formatter.h"

namespace gv::tools {

void add_all_commands(CLI::App& app) {
  // Before the commands: each copies its parent's formatter when it is added.
  app.formatter(std::make_shared<WrappingFormatter>());
  add_train_command(app);
  add_phrases_command(app);
  add_pe_command(app);
  add_lm_command(app);
  add_vector_commands(app);
  // After the commands, which would copy it.
  app.footer("gradvec help COMMAND... prints a command's help, as gradvec COMMAND... --help does");
}

}  // namespace gv::tools
