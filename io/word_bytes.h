// The bytes a word may hold in gradvec's files: one rule for every reader and writer of words
// (vector files, vocabulary files, checkpoints), so that a word one of them accepts can always
// be written by the others, and a run never learns only at its end that its words cannot be.
#pragma once

#include <string>
#include <string_view>

namespace gv {

// Why `word` cannot be a word of a file, or "" when it can. A word is never empty and holds no
// NUL, '\n', '\r', '\v' or '\f' (line breaks, or whitespace that other readers split at);
// spaces and tabs only inside, and only when `blanks_in_words` (text vector files keep them;
// binary vector files, vocabulary files and the words a trainer writes end a word at one).
// Says what is wrong, e.g. "contains the byte \x0d, which no vector file allows in a word".
std::string word_problem(std::string_view word, bool blanks_in_words);

}  // namespace gv
