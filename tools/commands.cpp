#include "tools/commands.h"

#include <map>
#include <memory>
#include <string>

#include "tools/help_formatter.h"

namespace gv::tools {
namespace {

// The doc a command's reader goes to next, by top-level command; a command's own commands
// (lm train, eval analogy) share their parent's.
const std::map<std::string, std::string> kDocs{
    {"train", "docs/training.md"}, {"phrases", "docs/training.md"}, {"pe", "docs/lm.md"},
    {"lm", "docs/lm.md"},          {"nearest", "docs/vectors.md"},  {"analogy", "docs/vectors.md"},
    {"eval", "docs/vectors.md"},   {"repl", "docs/vectors.md"},     {"convert", "docs/vectors.md"},
    {"info", "docs/vectors.md"},   {"plot", "docs/vectors.md"},     {"vector", "docs/vectors.md"},
    {"bpe", "docs/training.md"},
};

// Ends the help of `command` and every command under it with where to read more.
void point_to_doc(CLI::App& command, const std::string& doc) {
  const std::string footer = command.get_footer();
  command.footer(footer + (footer.empty() ? "" : "\n\n") + "More: " + doc +
                 " in gradvec's source tree");
  for (CLI::App* sub : command.get_subcommands({})) {
    if (!sub->get_name().empty()) point_to_doc(*sub, doc);
  }
}

}  // namespace

void add_all_commands(CLI::App& app) {
  // Before the commands: each copies its parent's formatter when it is added.
  app.formatter(std::make_shared<WrappingFormatter>());
  add_train_command(app);
  add_phrases_command(app);
  add_bpe_command(app);
  add_pe_command(app);
  add_lm_command(app);
  add_vector_commands(app);
  // After the commands, which would copy them.
  for (CLI::App* command : app.get_subcommands({})) {
    const auto doc = kDocs.find(command->get_name());
    if (doc != kDocs.end()) point_to_doc(*command, doc->second);
  }
  app.footer(
      "gradvec help COMMAND... prints a command's help, as gradvec COMMAND... --help does\n\n"
      "More: README.md, then docs/ (training.md, distributed.md, vectors.md, lm.md, "
      "python.md, architecture.md, reliability.md) in gradvec's source tree");
}

}  // namespace gv::tools
