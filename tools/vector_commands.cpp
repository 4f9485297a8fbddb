// Scaffolding until this command lands.
#include "tools/commands.h"

namespace gv::tools {
void add_vector_commands(CLI::App&) {}
}  // namespace gv::tools
