#include "io/printable.h"

#include <unistd.h>

#include <cstdio>

namespace gv {

int utf8_char_length(std::string_view text) {
  if (text.empty()) return -1;
  const auto lead = static_cast<unsigned char>(text[0]);
  if (lead < 0x80) return 1;
  const int length = lead >= 0xc2 && lead <= 0xdf   ? 2
                     : lead >= 0xe0 && lead <= 0xef ? 3
                     : lead >= 0xf0 && lead <= 0xf4 ? 4
                                                    : 0;
  if (length == 0) return 0;
  // The second byte's range is narrower after E0 (overlong), ED (surrogates), F0 (overlong)
  // and F4 (past U+10FFFF); every other continuation byte is 80-BF.
  const unsigned char low = lead == 0xe0 ? 0xa0 : lead == 0xf0 ? 0x90 : 0x80;
  const unsigned char high = lead == 0xed ? 0x9f : lead == 0xf4 ? 0x8f : 0xbf;
  for (int k = 1; k < length; ++k) {
    if (static_cast<size_t>(k) == text.size()) return -1;
    const auto byte = static_cast<unsigned char>(text[static_cast<size_t>(k)]);
    if (byte < (k == 1 ? low : 0x80) || byte > (k == 1 ? high : 0xbf)) return 0;
  }
  return length;
}

std::string printable(std::string_view text, size_t max_bytes) {
  std::string out;
  size_t i = 0;
  const auto escape = [&out](unsigned char byte) {
    char escaped[5];
    std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
    out += escaped;
  };
  while (i < text.size()) {
    const int length = utf8_char_length(text.substr(i));
    const size_t taken = length > 0 ? static_cast<size_t>(length) : 1;
    if (i + taken > max_bytes) break;
    const auto lead = static_cast<unsigned char>(text[i]);
    const bool control =
        lead < 0x20 || lead == 0x7f ||
        (length == 2 && lead == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0);
    if (length <= 0 || control) {
      for (size_t k = 0; k < taken; ++k) escape(static_cast<unsigned char>(text[i + k]));
    } else {
      out.append(text.substr(i, taken));
    }
    i += taken;
  }
  return out;
}

std::string quoted_input(std::string_view text) {
  return printable(text, kQuotedBytes) + (text.size() > kQuotedBytes ? "..." : "");
}

std::string printable_on_terminal(std::string_view text) {
  static const bool terminal = isatty(STDOUT_FILENO) == 1;
  return terminal ? printable(text) : std::string(text);
}

std::string input_name(std::string_view path) {
  return path == "-" ? "standard input" : std::string(path);
}

}  // namespace gv
