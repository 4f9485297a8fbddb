// Matching a query word to the vocabulary regardless of ASCII case: gradvec lowercases what it
// trains, so "KING" asked of its vectors means "king". Only ASCII letters are folded (as the
// benchmarks' case-insensitive matching does, eval_words.h); other bytes must match.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gv::tools {

// `c` with ASCII 'A'-'Z' mapped to 'a'-'z'; every other byte unchanged.
inline char fold_ascii_case(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The vocabulary words that equal `word` but for ASCII case, in vocabulary order (the most
// frequent first), `word` itself included if listed.
std::vector<std::string> case_variants(const std::vector<std::string>& vocabulary,
                                       std::string_view word);

// What a query says when it uses `variants.front()` for `word`, which the vocabulary lacks:
// "KING: using king", or with several variants "KING: using King, the first in the file of
// King, king".
std::string case_substitution_note(std::string_view word, const std::vector<std::string>& variants);

}  // namespace gv::tools
