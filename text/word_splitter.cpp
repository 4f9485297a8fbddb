#include "text/word_splitter.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace gv {

namespace {

constexpr std::string_view kApostrophe = "'";
constexpr std::string_view kUnderscore = "_";

// A joiner (apostrophe or underscore) belongs to a word only between two letters.
enum class CharClass { kLetter, kJoiner, kPunctuation, kSpace, kNewline };

struct CodePointRange {
  char32_t first;
  char32_t last;
  CharClass char_class;
};

// The non-ASCII code points that are not letters; everything else at or above U+0080 is.
// Scanned only for non-ASCII input, which English text rarely contains.
constexpr CodePointRange kNonLetters[] = {
    {0x0080, 0x00A0, CharClass::kSpace},        // C1 control codes, no-break space
    {0x00A1, 0x00BF, CharClass::kPunctuation},  // Latin-1 punctuation, symbols: ¡ « » ¿ © °
    {0x00D7, 0x00D7, CharClass::kPunctuation},  // ×
    {0x00F7, 0x00F7, CharClass::kPunctuation},  // ÷
    {0x2000, 0x200B, CharClass::kSpace},        // typographic spaces, zero-width space
    {0x2010, 0x2018, CharClass::kPunctuation},  // dashes, ‖, ‘
    {0x2019, 0x2019, CharClass::kJoiner},       // ’, the typographic apostrophe
    {0x201A, 0x2027, CharClass::kPunctuation},  // “ ” „ † • …
    {0x2028, 0x202F, CharClass::kSpace},        // line and paragraph separators, bidi controls
    {0x2030, 0x205E, CharClass::kPunctuation},  // ‰ ′ ″ ‹ › ‼ ⁄ ...
    {0x205F, 0x206F, CharClass::kSpace},        // medium mathematical space, invisible operators
    {0x3000, 0x3000, CharClass::kSpace},        // ideographic space
    {0x3001, 0x3003, CharClass::kPunctuation},  // 、 。 〃
    {0x3008, 0x3011, CharClass::kPunctuation},  // 〈 〉 《 》 「 」 『 』 【 】
};

constexpr bool is_ascii_alphanumeric(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

constexpr bool is_ascii_upper(char c) {
  return c >= 'A' && c <= 'Z';
}

constexpr CharClass classify_ascii(char32_t code_point) {
  if (is_ascii_alphanumeric(code_point)) return CharClass::kLetter;
  if (code_point == '\'' || code_point == '_') return CharClass::kJoiner;
  if (code_point == '\n') return CharClass::kNewline;
  if (code_point > ' ' && code_point < 0x7F) return CharClass::kPunctuation;
  return CharClass::kSpace;  // space, tab, '\r' and the other control codes
}

using AsciiClasses = std::array<CharClass, 0x80>;

// The class of every ASCII byte for each tokenizer: the whitespace tokenizer's words take
// everything but spaces and newlines, so its joiners and punctuation are letters.
constexpr AsciiClasses kWordsAsciiClasses = [] {
  AsciiClasses classes{};
  for (char32_t c = 0; c < 0x80; ++c) classes[c] = classify_ascii(c);
  return classes;
}();
constexpr AsciiClasses kWhitespaceAsciiClasses = [] {
  AsciiClasses classes = kWordsAsciiClasses;
  for (CharClass& c : classes) {
    if (c == CharClass::kJoiner || c == CharClass::kPunctuation) c = CharClass::kLetter;
  }
  return classes;
}();

constexpr const AsciiClasses& ascii_classes(TokenizerKind kind) {
  return kind == TokenizerKind::whitespace ? kWhitespaceAsciiClasses : kWordsAsciiClasses;
}

// A byte-order mark is a file's encoding signature, not text: a space for both tokenizers,
// so that it does not stick to the first word.
constexpr char32_t kByteOrderMark = 0xFEFF;

CharClass classify(char32_t code_point, TokenizerKind kind) {
  if (code_point < 0x80) return ascii_classes(kind)[code_point];
  if (kind == TokenizerKind::whitespace) {
    return code_point == kByteOrderMark ? CharClass::kSpace : CharClass::kLetter;
  }
  for (const CodePointRange& range : kNonLetters) {
    if (code_point >= range.first && code_point <= range.last) return range.char_class;
  }
  return CharClass::kLetter;
}

// What the fast paths ask of a byte, from one lookup in a table of all 256 values: so one pass
// over a word finds both its end and whether it has capitals to fold.
enum ByteFlag : uint8_t {
  kWordByte = 1,    // an ASCII byte of a word: a letter or digit, or for whitespace any printable
  kUpperByte = 2,   // an upper-case ASCII letter
  kSpaceByte = 4,   // an ASCII space or control code other than '\n': it only separates words
  kMayJoinByte = 8  // a joiner or non-ASCII byte: whether it ends the word depends on what follows
};
using ByteFlags = std::array<uint8_t, 0x100>;

constexpr ByteFlags byte_flags_of(const AsciiClasses& classes) {
  ByteFlags flags{};
  for (size_t b = 0; b < flags.size(); ++b) {
    const bool ascii = b < 0x80;
    const CharClass c = ascii ? classes[b] : CharClass::kLetter;
    flags[b] = static_cast<uint8_t>((ascii && c == CharClass::kLetter ? kWordByte : 0) |
                                    (is_ascii_upper(static_cast<char>(b)) ? kUpperByte : 0) |
                                    (ascii && c == CharClass::kSpace ? kSpaceByte : 0) |
                                    (!ascii || c == CharClass::kJoiner ? kMayJoinByte : 0));
  }
  return flags;
}
constexpr ByteFlags kWordsByteFlags = byte_flags_of(kWordsAsciiClasses);
constexpr ByteFlags kWhitespaceByteFlags = byte_flags_of(kWhitespaceAsciiClasses);

constexpr const ByteFlags& byte_flags(TokenizerKind kind) {
  return kind == TokenizerKind::whitespace ? kWhitespaceByteFlags : kWordsByteFlags;
}

// Appends a run of ASCII letters and digits to `word`, folded to lower case when asked: as one
// append, then in place, since a byte-by-byte += checks the capacity per byte.
void append_ascii_run(std::string& word, std::string_view run, bool lowercase) {
  const size_t first = word.size();
  word.append(run);
  if (!lowercase) return;
  for (size_t i = first; i < word.size(); ++i) {
    const char c = word[i];
    word[i] = is_ascii_upper(c) ? static_cast<char>(c + ('a' - 'A')) : c;
  }
}

// Writes the UTF-8 encoding of a valid code point into `out`; returns its length (1 to 4).
size_t encode_utf8(char32_t code_point, char* out) {
  if (code_point < 0x80) {
    out[0] = static_cast<char>(code_point);
    return 1;
  }
  if (code_point < 0x800) {
    out[0] = static_cast<char>(0xC0 | (code_point >> 6));
    out[1] = static_cast<char>(0x80 | (code_point & 0x3F));
    return 2;
  }
  if (code_point < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (code_point >> 12));
    out[1] = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (code_point & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (code_point >> 18));
  out[1] = static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (code_point & 0x3F));
  return 4;
}

// Unicode's simple (one-to-one) lowercase mapping for the scripts of most European text.
char32_t to_lower(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 0x20;
  if (c < 0xC0) return c;
  if (c <= 0xDE) return c == 0xD7 ? c : c + 0x20;  // À..Þ, except ×
  if (c >= 0x100 && c <= 0x17F) {                  // Latin Extended-A: mostly (upper, lower) pairs
    if (c == 0x130) return 'i';                    // İ
    if (c == 0x178) return 0xFF;                   // Ÿ
    const bool pairs_start_even = c <= 0x137 || (c >= 0x14A && c <= 0x177);
    const bool pairs_start_odd = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
    if ((pairs_start_even && c % 2 == 0) || (pairs_start_odd && c % 2 == 1)) return c + 1;
    return c;
  }
  if (c == 0x386) return 0x3AC;                                 // Ά
  if (c >= 0x388 && c <= 0x38A) return c + 0x25;                // Έ Ή Ί
  if (c == 0x38C) return 0x3CC;                                 // Ό
  if (c == 0x38E || c == 0x38F) return c + 0x3F;                // Ύ Ώ
  if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 0x20;  // Α..Ϋ
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;                // Ѐ..Џ
  if (c >= 0x410 && c <= 0x42F) return c + 0x20;                // А..Я
  return c;
}

}  // namespace

WordSplitter::WordSplitter(TokenizerOptions options) : options_(std::move(options)) {}

void WordSplitter::feed(std::string_view text) {
  if (pos_ < input_.size() || queue_begin_ < queue_end_ || finishing_) {
    throw std::logic_error("WordSplitter::feed called before next() returned kNeedInput");
  }
  input_ = text;
  pos_ = 0;
}

void WordSplitter::finish() {
  finishing_ = true;
}

void WordSplitter::reset() {
  *this = WordSplitter(options_);
}

TokenizerEvent WordSplitter::next() {
  while (queue_begin_ == queue_end_) {
    queue_begin_ = queue_end_ = 0;
    if (pos_ < input_.size()) {
      if (next_plain_word()) return Event::kToken;
      if (pos_ == input_.size()) continue;  // it skipped the spaces that ended the piece
      if (extend_ascii_word()) continue;
      consume_byte(static_cast<unsigned char>(input_[pos_++]));
    } else if (finishing_) {
      finishing_ = false;
      continuation_bytes_left_ = 0;  // a sequence cut off by the end of input is invalid
      end_word();
      end_sentence();
    } else {
      return Event::kNeedInput;
    }
  }
  const Pending& pending = queue_[queue_begin_++];
  token_ = pending.text;
  return pending.event;
}

std::string_view WordSplitter::token() const {
  switch (token_) {
    case TokenText::kWord:
      return finished_word_;
    case TokenText::kInput:
      return input_word_;
    case TokenText::kApostrophe:
      return kApostrophe;
    case TokenText::kUnderscore:
      return kUnderscore;
    case TokenText::kPunctuation:
      return {punctuation_, punctuation_size_};
    case TokenText::kNone:
      break;
  }
  return {};
}

// Most of an English corpus is ASCII words between spaces. With no word in progress, the
// spaces before one are skipped (each would end an empty word: nothing), and a run of ASCII
// letters and digits that this piece of text shows to end at a space, newline or punctuation
// character is the next token as it stands: what consume_byte would build byte by byte, and
// the byte that ends it is left to the usual path. A run that may go on (a joiner or non-ASCII
// byte after it, or the end of the piece) or is too long to keep whole is left to it as well.
// Returns whether it set token() to a word.
bool WordSplitter::next_plain_word() {
  if (!word_.empty() || continuation_bytes_left_ > 0) return false;
  const ByteFlags& flags = byte_flags(options_.kind);
  const auto flags_at = [&](size_t i) { return flags[static_cast<unsigned char>(input_[i])]; };
  while (pos_ < input_.size() && (flags_at(pos_) & kSpaceByte) != 0) ++pos_;
  size_t end = pos_;
  unsigned seen = 0;  // the flags of the word's bytes, or'ed: whether any is upper case
  for (uint8_t f; end < input_.size() && ((f = flags_at(end)) & kWordByte) != 0; ++end) seen |= f;
  if (end == pos_ || end == input_.size() || end - pos_ > kMaxTokenBytes) return false;
  if ((flags_at(end) & kMayJoinByte) != 0) return false;
  const std::string_view word = input_.substr(pos_, end - pos_);
  pos_ = end;
  sentence_has_tokens_ = true;
  // Most words are lower case already: token() then views them in the input, uncopied.
  if (!options_.lowercase || (seen & kUpperByte) == 0) {
    input_word_ = word;
    token_ = TokenText::kInput;
    return true;
  }
  finished_word_.clear();
  append_ascii_run(finished_word_, word, options_.lowercase);
  token_ = TokenText::kWord;
  return true;
}

// Inside a word, most of an English corpus is runs of ASCII letters and digits. Such a run
// goes straight onto the word, folded to lower case, which is what consume_byte would do byte
// by byte. Anything else (a sequence being decoded, a joiner waiting for a letter, a word
// at its length limit) is left to consume_byte. Returns whether it took any bytes.
bool WordSplitter::extend_ascii_word() {
  if (continuation_bytes_left_ > 0 || pending_joiner_ != 0 || word_truncated_) return false;
  const ByteFlags& flags = byte_flags(options_.kind);
  size_t end = pos_;
  while (end < input_.size() && end - pos_ < kMaxTokenBytes - word_.size() &&
         (flags[static_cast<unsigned char>(input_[end])] & kWordByte) != 0) {
    ++end;
  }
  if (end == pos_) return false;
  append_ascii_run(word_, input_.substr(pos_, end - pos_), options_.lowercase);
  pos_ = end;
  return true;
}

// UTF-8 decoding one byte at a time, so a character split across two pieces of text decodes
// whole. The accepted byte ranges are those of the Unicode standard's table 3-7.
void WordSplitter::consume_byte(unsigned char byte) {
  if (continuation_bytes_left_ > 0) {
    if (byte >= next_byte_min_ && byte <= next_byte_max_) {
      partial_code_point_ = (partial_code_point_ << 6) | (byte & 0x3F);
      next_byte_min_ = 0x80;
      next_byte_max_ = 0xBF;
      if (--continuation_bytes_left_ == 0) consume_code_point(partial_code_point_);
      return;
    }
    // A truncated sequence separates words; `byte` itself is then read afresh.
    continuation_bytes_left_ = 0;
    end_word();
  }
  if (byte < 0x80) {
    consume_code_point(byte);
    return;
  }
  next_byte_min_ = 0x80;
  next_byte_max_ = 0xBF;
  if (byte >= 0xC2 && byte <= 0xDF) {
    continuation_bytes_left_ = 1;
    partial_code_point_ = byte & 0x1F;
  } else if (byte >= 0xE0 && byte <= 0xEF) {
    continuation_bytes_left_ = 2;
    partial_code_point_ = byte & 0x0F;
    if (byte == 0xE0) next_byte_min_ = 0xA0;  // below: overlong forms of U+0000..U+07FF
    if (byte == 0xED) next_byte_max_ = 0x9F;  // above: the surrogates U+D800..U+DFFF
  } else if (byte >= 0xF0 && byte <= 0xF4) {
    continuation_bytes_left_ = 3;
    partial_code_point_ = byte & 0x07;
    if (byte == 0xF0) next_byte_min_ = 0x90;  // below: overlong forms of U+0000..U+FFFF
    if (byte == 0xF4) next_byte_max_ = 0x8F;  // above: beyond U+10FFFF
  } else {
    end_word();  // a stray continuation byte, or a byte that never occurs in UTF-8
  }
}

void WordSplitter::consume_code_point(char32_t code_point) {
  switch (classify(code_point, options_.kind)) {
    case CharClass::kLetter: {
      char bytes[4];
      const size_t length =
          encode_utf8(options_.lowercase ? to_lower(code_point) : code_point, bytes);
      const size_t needed = length + (pending_joiner_ != 0 ? 1 : 0);
      // Once one character did not fit, the rest of the word is dropped too: the token stays
      // a true prefix of the word.
      if (!word_truncated_ && word_.size() + needed <= kMaxTokenBytes) {
        if (pending_joiner_ != 0) word_ += pending_joiner_;
        word_.append(bytes, length);
      } else {
        word_truncated_ = true;
      }
      pending_joiner_ = 0;
      break;
    }
    case CharClass::kJoiner: {
      const char joiner = code_point == '_' ? '_' : '\'';  // ’ is stored as '
      if (!word_.empty() && pending_joiner_ == 0) {
        pending_joiner_ = joiner;  // inner if a letter follows, trailing otherwise
        break;
      }
      end_word();
      if (options_.keep_punctuation) push(Event::kToken, joiner_text(joiner));
      break;
    }
    case CharClass::kPunctuation:
      end_word();
      if (options_.keep_punctuation) {
        punctuation_size_ = encode_utf8(code_point, punctuation_);
        push(Event::kToken, TokenText::kPunctuation);
      }
      break;
    case CharClass::kSpace:
      end_word();
      break;
    case CharClass::kNewline:
      end_word();
      if (options_.line_is_sentence) end_sentence();
      break;
  }
}

void WordSplitter::end_word() {
  if (word_.empty()) return;
  // The queued event's token is finished_word_, so word_ is free for the next word even
  // before the event is handed out; swapping keeps both buffers' capacity.
  std::swap(word_, finished_word_);
  word_.clear();
  word_truncated_ = false;
  push(Event::kToken, TokenText::kWord);
  if (pending_joiner_ != 0) {
    if (options_.keep_punctuation) push(Event::kToken, joiner_text(pending_joiner_));
    pending_joiner_ = 0;
  }
}

void WordSplitter::end_sentence() {
  if (!sentence_has_tokens_) return;
  sentence_has_tokens_ = false;
  push(Event::kSentenceEnd);
}

void WordSplitter::push(Event event, TokenText text) {
  if (event == Event::kToken) sentence_has_tokens_ = true;
  queue_[queue_end_++] = {event, text};
}

}  // namespace gv
