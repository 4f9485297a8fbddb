#include "tools/help_formatter.h"

#include <sstream>

namespace gv::tools {

std::string wrap_text(std::string_view text, size_t width) {
  std::string wrapped;
  size_t column = 0;  // characters on the line being written
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find_first_of(" \n", start), text.size());
    const std::string_view word = text.substr(start, end - start);
    if (column > 0 && column + 1 + word.size() > width) {
      wrapped += '\n';
      column = 0;
    } else if (column > 0) {
      wrapped += ' ';
      ++column;
    }
    wrapped += word;
    column += word.size();
    if (end < text.size() && text[end] == '\n') {
      wrapped += '\n';
      column = 0;
    }
    start = end + 1;
  }
  return wrapped;
}

std::string WrappingFormatter::wrap_beside_names(const std::string& description) const {
  return wrap_text(description, kHelpWidth - get_column_width());
}

std::string WrappingFormatter::make_description(const CLI::App* app) const {
  return wrap_text(CLI::Formatter::make_description(app), kHelpWidth);
}

std::string WrappingFormatter::make_subcommand(const CLI::App* sub) const {
  std::stringstream out;
  CLI::detail::format_help(out, sub->get_display_name(true),
                           wrap_beside_names(sub->get_description()), get_column_width());
  return out.str();
}

std::string WrappingFormatter::make_option(const CLI::Option* option, bool is_positional) const {
  // The name column can hold a long list ("Excludes: --pos --layers ..."); its lines after the
  // first are indented under the name.
  constexpr std::string_view kIndent = "      ";
  std::string names = wrap_text(make_option_name(option, is_positional) + make_option_opts(option),
                                kHelpWidth - kIndent.size());
  for (size_t at = names.find('\n'); at != std::string::npos; at = names.find('\n', at + 1)) {
    names.insert(at + 1, kIndent);
  }
  std::stringstream out;
  CLI::detail::format_help(out, names, make_option_desc(option), get_column_width());
  return out.str();
}

std::string WrappingFormatter::make_option_desc(const CLI::Option* option) const {
  return wrap_beside_names(CLI::Formatter::make_option_desc(option));
}

std::string WrappingFormatter::make_footer(const CLI::App* app) const {
  return wrap_text(CLI::Formatter::make_footer(app), kHelpWidth);
}

}  // namespace gv::tools
