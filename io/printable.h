// Text from files, as messages may show it: a file name or a word from a vector file can hold
// any bytes, and a message must stay one readable line that cannot drive the terminal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gv {

// The length of the UTF-8 character `text` starts with: 1 to 4 for a well-formed one, 0 when
// its first bytes start none (a stray continuation byte, an overlong form, a surrogate, a code
// point past U+10FFFF), -1 when they start one that `text` ends before completing.
int utf8_char_length(std::string_view text);

// `text` with every byte that is not part of a printable character written as \xNN: ASCII
// control bytes, the C1 controls (U+0080-U+009F, which terminals act on), and bytes that are
// not UTF-8. Valid multi-byte characters stay as they are. At most the first `max_bytes` bytes
// of `text` are shown, never half a character.
std::string printable(std::string_view text, size_t max_bytes = std::string_view::npos);

// What messages call input `path`: "standard input" for "-", else the path as it is (printable()
// it for a message).
std::string input_name(std::string_view path);

// The bytes of input a message quotes at most (a word, a token, a value): a line stays a line
// whatever the input held (a 200 MB bad token was echoed whole).
inline constexpr size_t kQuotedBytes = 80;

// `text`, a piece of input a message quotes, as printable() shows it, cut to its first
// kQuotedBytes bytes and then marked "..." : the one way messages echo input.
std::string quoted_input(std::string_view text);

// `text` (a word or a path) as standard output shows it: printable() when standard output is a
// terminal, where an ESC or a C1 byte would act on it, and as it is otherwise, so that a script
// reading a pipe or a file gets the exact bytes. Messages on standard error are always printable().
std::string printable_on_terminal(std::string_view text);

}  // namespace gv
