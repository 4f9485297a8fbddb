// WordSplitter: the tokenizer's words and whitespace rules (tokenizer.h; BPE is bpe_tokenizer.h),
// turning UTF-8 text into words and sentence ends, one piece of text at a time.
//
// words: a word is a maximal run of letters and digits with inner apostrophes and underscores
// kept: "know't", "we'll" and "o'er" are one token each, and so is "new_york", the phrase that
// `gradvec phrases` writes for "new york", so its output reads back as the same tokens.
// Apostrophes and underscores at the edges are stripped ("'tis" gives "tis", "dogs'" gives
// "dogs", "_emphasis_" gives "emphasis"), as are quotes; every other punctuation character
// separates words and is dropped, or becomes a token of its own with `keep_punctuation`.
// Every non-ASCII code point counts as a letter except a short table of spaces and punctuation
// (no-break space, Latin-1 symbols such as « » ¿ ©, General Punctuation such as the dashes,
// curly quotes and "…", and the commonest CJK marks 、。「」). The typographic apostrophe ’
// (U+2019) is an apostrophe and is stored as ASCII ', so "don’t" == "don't".
//
// whitespace: a word is a maximal run of anything but ASCII spaces, tabs, newlines and other
// control codes, punctuation kept: "Ham." and "U.S." stay whole, as word2vec.c, fastText and
// gensim's LineSentence read a corpus that is tokenized already.
//
// Both rules: a byte-order mark and bytes that are not valid UTF-8 (stray continuation bytes,
// truncated or overlong sequences, surrogates) separate words like spaces, so every token is
// valid UTF-8. Lowercasing, if asked, uses simple one-to-one case mapping for ASCII, Latin-1,
// Latin Extended-A, Greek and Cyrillic; other scripts are kept as they are.
//
// The tokenizer is a state machine fed chunk by chunk, so a word or a multibyte character
// split across two chunks comes out whole and memory stays bounded: a token longer than
// kMaxTokenBytes is truncated to its first kMaxTokenBytes bytes (at a character boundary),
// as word2vec does, so a file without separators cannot grow it.
//
//   splitter.feed(chunk);
//   while ((event = splitter.next()) != TokenizerEvent::kNeedInput) ...
//   ... feed the next chunk, or call finish() and drain the last events the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "text/tokenizer_event.h"
#include "text/tokenizer_options.h"

namespace gv {

class WordSplitter {
 public:
  using Event = TokenizerEvent;

  // word2vec's MAX_STRING: longer tokens keep their first 100 bytes.
  static constexpr size_t kMaxTokenBytes = 100;

  // `options.kind` is words or whitespace.
  explicit WordSplitter(TokenizerOptions options = {});

  // Hands over the next piece of text. `text` is not copied: it must stay alive until
  // next() returns kNeedInput. Throws std::logic_error if the previous piece is not consumed.
  void feed(std::string_view text);
  // Declares that the text fed so far is all there is: the next() calls then yield its
  // remaining events, the last token and sentence end, and the tokenizer is ready for a new
  // text afterwards.
  void finish();
  Event next();
  // The token of the last kToken event; valid until the next call to next().
  std::string_view token() const;
  // Bytes of the current piece of text consumed so far. Right after a kSentenceEnd caused by
  // '\n' this is the offset just past that newline: a point where no state carries over.
  size_t consumed_bytes() const { return pos_; }
  // Forgets all state, including unconsumed input: the next feed() starts a fresh text.
  void reset();

 private:
  bool next_plain_word();  // the fast path for a whole ASCII word between separators
  void consume_byte(unsigned char byte);
  bool extend_ascii_word();  // the fast path for a run of ASCII letters and digits
  void consume_code_point(char32_t code_point);
  void end_word();
  void end_sentence();
  // Where a queued event's token is. Events store this rather than a string_view into the
  // tokenizer's own buffers, so that copying or moving a tokenizer copies no dangling view.
  enum class TokenText { kNone, kWord, kInput, kApostrophe, kUnderscore, kPunctuation };
  void push(Event event, TokenText text = TokenText::kNone);
  static TokenText joiner_text(char joiner) {
    return joiner == '_' ? TokenText::kUnderscore : TokenText::kApostrophe;
  }

  TokenizerOptions options_;
  std::string_view input_;
  size_t pos_ = 0;
  bool finishing_ = false;

  // UTF-8 decoding state: the code point so far, continuation bytes still expected, and the
  // allowed range of the next byte (narrower than 80..BF right after some lead bytes, which
  // is how overlong forms and surrogates are rejected).
  char32_t partial_code_point_ = 0;
  int continuation_bytes_left_ = 0;
  unsigned char next_byte_min_ = 0x80;
  unsigned char next_byte_max_ = 0xBF;

  std::string word_;             // the word being built
  bool word_truncated_ = false;  // word_ reached kMaxTokenBytes: drop the rest
  char pending_joiner_ = 0;      // the ' or _ that followed word_ (inner or trailing?), or 0
  bool sentence_has_tokens_ = false;
  std::string finished_word_;    // the last completed word: a queued kWord token
  std::string_view input_word_;  // a kInput token: a plain word as it stands in the input
  char punctuation_[4] = {};     // the UTF-8 bytes of the last punctuation token
  size_t punctuation_size_ = 0;

  // Events produced by one input byte, handed out one per next() call. One byte produces at
  // most three: a word, its trailing joiner, then a punctuation token or sentence end.
  struct Pending {
    Event event;
    TokenText text;
  };
  Pending queue_[3] = {};
  int queue_begin_ = 0;
  int queue_end_ = 0;
  TokenText token_ = TokenText::kNone;  // the token of the event last handed out
};

}  // namespace gv
