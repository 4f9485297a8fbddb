#include "io/text_encoding.h"

#include <array>
#include <cstddef>

namespace gv {

std::string wide_unicode_encoding(std::string_view block) {
  if (block.starts_with(std::string_view("\xff\xfe\0\0", 4)) ||
      block.starts_with(std::string_view("\0\0\xfe\xff", 4))) {
    return "UTF-32";
  }
  if (block.starts_with("\xff\xfe") || block.starts_with("\xfe\xff")) return "UTF-16";
  if (block.size() < 8) return "";
  // NULs at each byte position of a 4-byte group: a code unit's high bytes are NUL for the
  // Latin, Greek and Cyrillic ranges, its low bytes almost never.
  std::array<size_t, 4> nuls{}, bytes{};
  for (size_t i = 0; i < block.size(); ++i) {
    ++bytes[i % 4];
    if (block[i] == '\0') ++nuls[i % 4];
  }
  const auto mostly_nul = [&](size_t k) { return nuls[k] * 10 >= bytes[k] * 9; };
  const auto rarely_nul = [&](size_t k) { return nuls[k] * 10 <= bytes[k]; };
  if (rarely_nul(0) && mostly_nul(2) && mostly_nul(3)) return "UTF-32LE";
  if (mostly_nul(0) && mostly_nul(1) && rarely_nul(3)) return "UTF-32BE";
  if (rarely_nul(0) && rarely_nul(2) && mostly_nul(1) && mostly_nul(3)) return "UTF-16LE";
  if (mostly_nul(0) && mostly_nul(2) && rarely_nul(1) && rarely_nul(3)) return "UTF-16BE";
  return "";
}

std::string wide_encoding_advice(const std::string& encoding, const std::string& name) {
  const std::string iconv = "iconv -f " + encoding + " -t UTF-8";
  // Standard input has no name to give iconv: the pipe goes through it instead.
  const std::string convert = name == "standard input"
                                  ? "pipe it through " + iconv
                                  : iconv + " " + name + " > " + name + ".utf8";
  return "looks like " + encoding + " text, not UTF-8; convert it: " + convert;
}

}  // namespace gv
