#include "embeddings/bpe/pre_tokenizer.h"

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

// The length of the run at the start of `text` of bytes in `in_class`.
template <class InClass>
size_t run(std::string_view text, InClass in_class) {
  size_t n = 0;
  while (n < text.size() && in_class(static_cast<unsigned char>(text[n]))) ++n;
  return n;
}

// The length of the first piece of `line` (not empty; no \n before its last byte).
size_t first_piece(std::string_view line) {
  if (const size_t n = contraction(line)) return n;
  const size_t space = line[0] == ' ' ? 1 : 0;
  if (space < line.size()) {
    const auto after = static_cast<unsigned char>(line[space]);
    for (bool (*in_class)(unsigned char) : {is_letter, is_digit, is_other}) {
      if (in_class(after)) return space + run(line.substr(space), in_class);
    }
  }
  // Whitespace: \s+(?!\S) keeps the last of a run that a non-space follows for that one's
  // " ?" alternatives, unless the run is that one byte alone (then \s+ takes it).
  const size_t n = run(line, is_space);
  return n == line.size() || n == 1 ? n : n - 1;
}

}  // namespace

std::vector<std::string_view> pre_tokenize(std::string_view text) {
  std::vector<std::string_view> pieces;
  pre_tokenize_into(text, pieces);
  return pieces;
}

void pre_tokenize_into(std::string_view text, std::vector<std::string_view>& pieces) {
  while (!text.empty()) {
    const size_t newline = text.find('\n');
    std::string_view line =
        text.substr(0, newline == std::string_view::npos ? text.size() : newline + 1);
    text.remove_prefix(line.size());
    while (!line.empty()) {
      const size_t n = first_piece(line);
      pieces.push_back(line.substr(0, n));
      line.remove_prefix(n);
    }
  }
}

}  // namespace gv::bpe
