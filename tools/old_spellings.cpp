#include "tools/old_spellings.h"

#include <array>

namespace gv::tools {
namespace {

struct OldSpelling {
  std::string_view old_name;
  std::string_view name;  // the option's name now, which the command must have
};

// In the order tried: where a command has both new names (convert reads and writes vectors),
// an old "--format" meant the file read.
constexpr std::array kOldSpellings{
    OldSpelling{"--in", "--vectors"},             // convert
    OldSpelling{"--from", "--vectors-format"},    // convert
    OldSpelling{"--format", "--vectors-format"},  // the commands that read vectors
    OldSpelling{"--format", "--output-format"},   // train
    OldSpelling{"--to", "--output-format"},       // convert
    OldSpelling{"--out", "--output"},             // convert, plot
    OldSpelling{"--checkpoint", "--lm"},          // lm sample, lm eval
};

}  // namespace

std::optional<std::string> current_spelling(const CLI::App& command, std::string_view typed) {
  if (command.get_option_no_throw(std::string(typed)) != nullptr) return std::nullopt;
  for (const OldSpelling& old : kOldSpellings) {
    if (old.old_name == typed && command.get_option_no_throw(std::string(old.name)) != nullptr)
      return std::string(old.name);
  }
  return std::nullopt;
}

}  // namespace gv::tools
