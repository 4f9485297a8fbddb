// --help text wrapped to a fixed width, whatever the terminal: CLI11 2.1 prints each
// description on one line, however long.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace gv::tools {

// `text` with each line broken at spaces into lines of at most `width` characters (a word
// longer than that stays whole, on a line of its own); its own line breaks are kept.
std::string wrap_text(std::string_view text, size_t width);

// CLI11's layout (names in a column of column_width(), descriptions beside it) with every
// text wrapped so that no line passes kHelpWidth, the width of a default terminal.
class WrappingFormatter : public CLI::Formatter {
 public:
  static constexpr size_t kHelpWidth = 80;

  std::string make_description(const CLI::App* app) const override;
  std::string make_subcommand(const CLI::App* sub) const override;
  std::string make_option(const CLI::Option* option, bool is_positional) const override;
  std::string make_option_desc(const CLI::Option* option) const override;
  std::string make_footer(const CLI::App* app) const override;

 private:
  std::string wrap_beside_names(const std::string& description) const;
};

}  // namespace gv::tools
