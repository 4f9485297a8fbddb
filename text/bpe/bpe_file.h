// The BPE file: text, one merge a line, so that a tokenizer can be read and diffed.
//
//   gradvec-bpe 1          magic and version
//   merges M               M in [0, 2^20 - 256]
//   L R                    M lines: merge k joins tokens L and R into token 256 + k
//
// Tokens 0-255 are the bytes and are not written. Every line ends with \n; numbers are decimal
// without sign or leading zeros; fields are separated by one space. Loading checks everything: the
// magic and the version, M against its bound and against the file's size before anything is
// allocated, each line's form, each merge joining tokens made before it (L and R below 256 + k),
// the tokens it makes no longer than kMaxTokenBytes, no pair merged twice, and nothing after the
// last merge. A file that fails is refused with one std::runtime_error line naming it, the line
// and what is wrong.
#pragma once

#include <string>
#include <string_view>

#include "text/bpe/bpe_tokens.h"

namespace gv::bpe {

// Writes `vocabulary` in the format above to `out`.
void write_bpe(std::ostream& out, const BpeTokens& vocabulary);

// Reads the BPE file at `path`; throws std::runtime_error "PATH: ..." if it cannot be read or is
// not one.
BpeTokens load_bpe(const std::string& path);

// Whether `bytes`, a file's first, start as a BPE file does (its magic, any version).
bool has_bpe_magic(std::string_view bytes);

}  // namespace gv::bpe
