// Byte-level BPE lives in embeddings/ because both of its future readers sit above it: the
// skip-gram trainer (word2vec/) and the transformer (embeddings/lm/) can each reach a tokenizer
// here, while one in word2vec/ would be out of the transformer's reach and one in autograd/
// would put text handling under the tensor engine.
//
// Pre-tokenization: the pieces BPE merges within (never across). GPT-2's rule, the regex
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// with byte classes in place of Unicode ones: a letter is A-Z, a-z or any byte >= 0x80 (so a
// UTF-8 character, or a stray byte, joins the letters beside it), a digit is 0-9, whitespace is
// space, \t, \n, \v, \f and \r, and every other byte (punctuation, NUL, control bytes) is "other".
// The optional leading character of the three " ?" alternatives is the space byte only. Before
// the rule applies, the text is cut after every \n, so a piece never spans two lines and a line
// splits the same alone as within its file.
#pragma once

#include <string_view>
#include <vector>

namespace gv::bpe {

// The pieces of `text` in order; they concatenate back to `text` exactly.
std::vector<std::string_view> pre_tokenize(std::string_view text);
// Appends the same pieces to `pieces`: a caller encoding line after line keeps one vector.
void pre_tokenize_into(std::string_view text, std::vector<std::string_view>& pieces);

}  // namespace gv::bpe
