// A BPE token as people read it: in `gradvec bpe encode --pieces`, in the vocabulary and vector
// files of a run trained over BPE tokens, and in the neighbours `nearest` and `repl` show.
#pragma once

#include <string>
#include <string_view>

namespace gv::bpe {

// What a space in a token is shown as: U+2581, SentencePiece's mark of a word's leading space,
// so that " king" (a word after a space) reads "▁king" and stays one blank-free word in a
// vector file.
inline constexpr std::string_view kSpaceMark = "\u2581";

// `bytes` with each space as kSpaceMark, and each byte that is not part of a printable UTF-8
// character as \xNN (io/printable.h): control bytes, invalid UTF-8, and the lone part
// of a multi-byte character that a token may hold. A U+2581 of the text itself is escaped too
// (\xe2\x96\x81), so two tokens never read the same: no other escape can be spelled by a token,
// since the pre-tokenizer never puts a backslash and the letter x in one token.
std::string readable_piece(std::string_view bytes);

}  // namespace gv::bpe
