#include "text/bpe/pre_tokenizer.h"

#include <array>
#include <cstddef>

namespace gv::bpe {
namespace {

bool is_letter(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c >= 0x80;
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool is_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
bool is_other(unsigned char c) {
  return !is_letter(c) && !is_digit(c) && !is_space(c);
}

// The length of the contraction 's 't 're 've 'm 'll 'd that `text` starts with, else 0.
size_t contraction(std::string_view text) {
  static constexpr std::array<std::string_view, 7> kContractions{"'s", "'t",  "'re", "'ve",
                                                                 "'m", "'ll", "'d"};
  for (const std::string_view c : kContractions) {
    if (text.starts_with(c)) return c.size();
  }
  return 0;
}

// Whether `text` is the start of a longer contraction ('re, 've, 'll), which the next bytes may
// finish.
bool begins_contraction(std::string_view text) {
  static constexpr std::array<std::string_view, 3> kLongest{"'re", "'ve", "'ll"};
  for (const std::string_view c : kLongest) {
    if (text.size() < c.size() && c.starts_with(text)) return true;
  }
  return false;
}

// The length of the run at the start of `text` of bytes in `in_class`.
template <class InClass>
size_t run(std::string_view text, InClass in_class) {
  size_t n = 0;
  while (n < text.size() && in_class(static_cast<unsigned char>(text[n]))) ++n;
  return n;
}

}  // namespace

size_t first_pre_token(std::string_view text, bool text_ends) {
  if (!text_ends && begins_contraction(text)) return 0;
  if (const size_t n = contraction(text)) return n;
  // A run of one class is decided by the byte that ends it.
  const auto ended = [&](size_t n) { return n < text.size() || text_ends ? n : 0; };
  const size_t space = text[0] == ' ' ? 1 : 0;
  if (space < text.size()) {
    const auto after = static_cast<unsigned char>(text[space]);
    for (bool (*in_class)(unsigned char) : {is_letter, is_digit, is_other}) {
      if (in_class(after)) return ended(space + run(text.substr(space), in_class));
    }
  }
  // Whitespace, up to the end of the line at most (a \n, which ends the piece): \s+(?!\S)
  // keeps the last of a run that a non-space follows for that one's " ?" alternatives, unless
  // the run is that one byte alone (then \s+ takes it).
  size_t n = 0;
  while (n < text.size() && is_space(static_cast<unsigned char>(text[n]))) {
    if (text[n++] == '\n') return n;
  }
  if (n == text.size()) return ended(n);
  return n == 1 ? n : n - 1;
}

std::vector<std::string_view> pre_tokenize(std::string_view text) {
  std::vector<std::string_view> pieces;
  for_each_pre_token(text, [&](std::string_view piece) { pieces.push_back(piece); });
  return pieces;
}

}  // namespace gv::bpe
