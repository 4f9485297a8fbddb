// Scaffolding until this command lands.
#include "tools/commands.h"

namespace gv::tools {
void add_pe_command(CLI::App&) {}
}  // namespace gv::tools
