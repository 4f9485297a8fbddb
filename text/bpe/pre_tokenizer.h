// Pre-tokenization: the pieces BPE merges within (never across). GPT-2's rule, the regex
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// with byte classes in place of Unicode ones: a letter is A-Z, a-z or any byte >= 0x80 (so a
// UTF-8 character, or a stray byte, joins the letters beside it), a digit is 0-9, whitespace is
// space, \t, \n, \v, \f and \r, and every other byte (punctuation, NUL, control bytes) is "other".
// The optional leading character of the three " ?" alternatives is the space byte only. Before
// the rule applies, the text is cut after every \n, so a piece never spans two lines and a line
// splits the same alone as within its file.
//
// A piece is decided by the bytes up to the one after it (which ends its run) and, for a
// contraction, by its first three: text that comes in parts (PreTokenStream) is cut into the
// same pieces as the whole, each given out once the bytes after it cannot change it, so a reader
// holds the piece being read, never the whole line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gv::bpe {

// The length of the first piece of `text` (not empty). With `text_ends` false, more bytes may
// follow `text`: then 0 when they could still change that piece.
size_t first_pre_token(std::string_view text, bool text_ends);

// Calls use(piece) for each piece of `text` in order; they concatenate back to `text` exactly.
template <class Use>
void for_each_pre_token(std::string_view text, Use use) {
  while (!text.empty()) {
    const size_t n = first_pre_token(text, /*text_ends=*/true);
    use(text.substr(0, n));
    text.remove_prefix(n);
  }
}

// The pieces of `text` in order.
std::vector<std::string_view> pre_tokenize(std::string_view text);

// Text given in parts, cut into the pieces of the whole text: each part's pieces are given out
// as soon as the bytes after them cannot change them, and the stream keeps only the bytes of the
// piece still open (read again, from its start, once it has doubled), so its memory is about
// the longest piece's, whatever the lines' lengths.
class PreTokenStream {
 public:
  // For a reader that will not hold a piece longer than `longest` bytes (at least 2): such a
  // piece is cut after its first `longest` bytes (one fewer where that would end it with a \r,
  // which may begin a CRLF line end), and the text after the cut is read as if it began there.
  // Then the stream holds at most `longest` bytes and a part.
  explicit PreTokenStream(size_t longest = SIZE_MAX) : longest_(longest) {}

  // Calls use(piece) for each piece that `part`, following the parts before it, completes: all
  // of them up to a \n in `part`, which ends a piece. A piece is a view into `part` or into the
  // stream, valid during the call.
  template <class Use>
  void add(std::string_view part, Use use) {
    // Most parts are read once, in place: only the piece they leave open is copied.
    if (open_.empty()) part.remove_prefix(give_settled(part, use));
    open_.append(part);
    const bool line_ends = part.find('\n') != std::string_view::npos;
    if (open_.size() < recheck_at_ && open_.size() <= longest_ && !line_ends) return;
    open_.erase(0, give_settled(open_, use));
    recheck_at_ = 2 * open_.size();
  }
  // Calls use(piece) for the pieces of the bytes kept, the text having ended.
  template <class Use>
  void finish(Use use) {
    for (std::string_view rest = open_; !rest.empty();) {
      const size_t n = cut(rest, first_pre_token(rest, /*text_ends=*/true));
      use(rest.substr(0, n));
      rest.remove_prefix(n);
    }
    open_.clear();
    recheck_at_ = 0;
  }

 private:
  // Gives out the settled pieces at the start of `text`; returns their bytes.
  template <class Use>
  size_t give_settled(std::string_view text, Use& use) const {
    size_t given = 0;
    while (given < text.size()) {
      const std::string_view rest = text.substr(given);
      size_t n = first_pre_token(rest, /*text_ends=*/false);
      // A piece still open runs to the end of `rest`, or a byte short of it (the last space of
      // a run may go to what follows): past longest_ even so, it is cut whatever comes.
      if (n == 0 && rest.size() - 1 <= longest_) break;
      n = cut(rest, n == 0 ? rest.size() : n);
      use(rest.substr(0, n));
      given += n;
    }
    return given;
  }
  // The bytes given out of a piece of `n` bytes at the start of `text`.
  size_t cut(std::string_view text, size_t n) const {
    if (n <= longest_) return n;
    return text[longest_ - 1] == '\r' ? longest_ - 1 : longest_;
  }

  size_t longest_;
  std::string open_;
  // open_ is read again only once it holds this many bytes: a long piece arriving in many parts
  // is then read a bounded number of times per byte, not once per part.
  size_t recheck_at_ = 0;
};

}  // namespace gv::bpe
