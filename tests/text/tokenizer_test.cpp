#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "autograd/rng.h"
#include "tests/text/tokenize_in_pieces.h"
#include "text/tokenizer.h"

using gv::Tokenizer;
using gv::TokenizerOptions;
using Sentences = std::vector<std::vector<std::string>>;
using gv::testing::tokenize_in_pieces;

namespace {

TokenizerOptions keep_punctuation() {
  TokenizerOptions options;
  options.keep_punctuation = true;
  return options;
}

TokenizerOptions whitespace(bool lowercase = false) {
  TokenizerOptions options;
  options.kind = gv::TokenizerKind::whitespace;
  options.lowercase = lowercase;
  return options;
}

}  // namespace

TEST_CASE("The whitespace tokenizer splits on whitespace only and keeps case and punctuation",
          "[tokenizer]") {
  CHECK(gv::tokenize("HAMLET. To be, or not--to be?\n'Tis the U.S.-born \"state-of-the-art\" "
                     "don\u2019t\r\n\n\t \n\u00abCaf\u00c9\u00bb\u00a0x \u2014 _a_\n",
                     whitespace()) ==
        Sentences{{"HAMLET.", "To", "be,", "or", "not--to", "be?"},
                  {"'Tis", "the", "U.S.-born", "\"state-of-the-art\"", "don\u2019t"},
                  {"\u00abCaf\u00c9\u00bb\u00a0x", "\u2014", "_a_"}});
  // Control codes (\v, \f, NUL) separate as spaces do; the byte-order mark and invalid UTF-8
  // as in the words tokenizer.
  using namespace std::string_literals;  // the text holds a NUL
  CHECK(gv::tokenize("\ufeffa\vb\fc\0d e\xff\xc3"
                     "f"s,
                     whitespace()) == Sentences{{"a", "b", "c", "d", "e", "f"}});
}

TEST_CASE("The whitespace tokenizer lowercases when asked, as the words tokenizer does",
          "[tokenizer]") {
  CHECK(gv::tokenize("Ham. U.S. \u00c9T\u00c9! \u0416", whitespace(true)) ==
        Sentences{{"ham.", "u.s.", "\u00e9t\u00e9!", "\u0436"}});
}

TEST_CASE("The whitespace tokenizer cuts long tokens as the words tokenizer does", "[tokenizer]") {
  const std::string long_token = std::string(99, '.') + "\u00e9" + std::string(10, ',');
  // 99 bytes then a 2-byte character: it does not fit whole, so the token ends before it.
  CHECK(gv::tokenize(long_token + " x", whitespace()) == Sentences{{std::string(99, '.'), "x"}});
  CHECK(gv::tokenize(std::string(250, '-') + "\ny", whitespace()) ==
        Sentences{{std::string(Tokenizer::kMaxTokenBytes, '-')}, {"y"}});
}

TEST_CASE("Tokenizer lowercases words, drops punctuation and ends sentences at newlines",
          "[tokenizer]") {
  CHECK(gv::tokenize("First Citizen:\nBefore we proceed any further, hear me speak.\n") ==
        Sentences{{"first", "citizen"},
                  {"before", "we", "proceed", "any", "further", "hear", "me", "speak"}});
  // Digits are word characters; blank, whitespace-only and punctuation-only lines make no
  // empty sentences; '\r' of Windows line ends is a space; the last line needs no newline.
  CHECK(gv::tokenize("In 1599,\r\n\r\n   \n--!\nthe\tGlobe") ==
        Sentences{{"in", "1599"}, {"the", "globe"}});
  CHECK(gv::tokenize("").empty());
  CHECK(gv::tokenize("\n\n ... \n").empty());
}

TEST_CASE("Tokenizer keeps case when asked", "[tokenizer]") {
  TokenizerOptions options;
  options.lowercase = false;
  CHECK(gv::tokenize("KING Richard III", options) == Sentences{{"KING", "Richard", "III"}});
}

TEST_CASE("Tokenizer keeps inner apostrophes and strips outer ones", "[tokenizer]") {
  CHECK(gv::tokenize("I know't; we'll go o'er, 'tis true, the dogs' bones") ==
        Sentences{{"i", "know't", "we'll", "go", "o'er", "tis", "true", "the", "dogs", "bones"}});
  // Quotes go like other punctuation; two apostrophes in a row are not an inner apostrophe.
  CHECK(gv::tokenize("'Twas \"said\" 'quoted' rock''n roll '' ' x'") ==
        Sentences{{"twas", "said", "quoted", "rock", "n", "roll", "x"}});
  // The typographic apostrophe U+2019 counts too, and is stored as ASCII ';
  // the opening quote U+2018 is punctuation.
  CHECK(gv::tokenize("don\u2019t \u2018tis\u2019 don't") == Sentences{{"don't", "tis", "don't"}});
}

TEST_CASE("Tokenizer keeps inner underscores, so joined phrases read back whole", "[tokenizer]") {
  CHECK(gv::tokenize("New_York new_york_city _Enter Hamlet_ a__b snake_case_") ==
        Sentences{{"new_york", "new_york_city", "enter", "hamlet", "a", "b", "snake_case"}});
  // An apostrophe and an underscore side by side are two joiners in a row: they separate.
  CHECK(gv::tokenize("o'_er rock_'n") == Sentences{{"o", "er", "rock", "n"}});
  // Kept as punctuation, an outer underscore is its own token, even right after an apostrophe
  // from the same word's end.
  CHECK(gv::tokenize("_a_b_ c'_.", keep_punctuation()) ==
        Sentences{{"_", "a_b", "_", "c", "'", "_", "."}});
}

TEST_CASE("Tokenizer can keep each punctuation character as a token", "[tokenizer]") {
  CHECK(gv::tokenize("Hello, world!\n'Tis dogs' --ok.", keep_punctuation()) ==
        Sentences{{"hello", ",", "world", "!"}, {"'", "tis", "dogs", "'", "-", "-", "ok", "."}});
  // Unicode punctuation keeps its UTF-8 bytes; the inner apostrophe stays inside the word.
  CHECK(gv::tokenize("\u201cWe\u2019ll\u201d \u2014 \u00bfs\u00ed?", keep_punctuation()) ==
        Sentences{{"\u201c", "we'll", "\u201d", "\u2014", "\u00bf", "s\u00ed", "?"}});
}

TEST_CASE("Tokenizer can ignore line ends", "[tokenizer]") {
  TokenizerOptions options;
  options.line_is_sentence = false;
  CHECK(gv::tokenize("a b\nc\n\nd\n", options) == Sentences{{"a", "b", "c", "d"}});
}

TEST_CASE("Tokenizer keeps non-ASCII letters inside words and lowercases European scripts",
          "[tokenizer][utf8]") {
  CHECK(gv::tokenize(
            "Caf\u00e9 NA\u00cfVE \u00c9T\u00c9 \u0141\u00d3D\u0179 \u0178ES \u0130stanbul") ==
        Sentences{{"caf\u00e9", "na\u00efve", "\u00e9t\u00e9", "\u0142\u00f3d\u017a", "\u00ffes",
                   "istanbul"}});
  // Greek (with the tonos capitals) and Cyrillic (with the Ѐ..Џ block).
  CHECK(gv::tokenize("\u03a3\u03bf\u03c6\u03af\u03b1 \u0386\u0388\u0389\u038a\u038c\u038e\u038f "
                     "\u0416\u0443\u043a \u0401\u0402") ==
        Sentences{{"\u03c3\u03bf\u03c6\u03af\u03b1", "\u03ac\u03ad\u03ae\u03af\u03cc\u03cd\u03ce",
                   "\u0436\u0443\u043a", "\u0451\u0452"}});
  // Other scripts and 4-byte characters are letters, kept as they are.
  CHECK(gv::tokenize("\u65e5\u672c\u8a9e a\U0001F600b") ==
        Sentences{{"\u65e5\u672c\u8a9e", "a\U0001F600b"}});
  // Dashes, no-break and ideographic spaces, ellipsis and CJK full stops separate words.
  CHECK(gv::tokenize("well\u2014known\u00a0x\u3000y\u2026z\u3002w") ==
        Sentences{{"well", "known", "x", "y", "z", "w"}});
  TokenizerOptions keep_case;
  keep_case.lowercase = false;
  CHECK(gv::tokenize("\u00c9T\u00c9 \u0416", keep_case) == Sentences{{"\u00c9T\u00c9", "\u0416"}});
}

TEST_CASE("Tokenizer treats invalid UTF-8 bytes as separators", "[tokenizer][utf8]") {
  const std::vector<std::pair<std::string, Sentences>> cases = {
      {"ab\xff"
       "cd",
       {{"ab", "cd"}}},  // a byte that never occurs in UTF-8
      {"ab\x80"
       "cd",
       {{"ab", "cd"}}},            // a stray continuation byte
      {"ab\xc3", {{"ab"}}},        // a sequence cut by the end of input
      {"ab\xc3x", {{"ab", "x"}}},  // a sequence cut by an ASCII letter
      {"ab\xe2\x80"
       "cd",
       {{"ab", "cd"}}},  // a 3-byte sequence missing its last byte
      {"a\xc0\xaf"
       "b",
       {{"a", "b"}}},  // overlong encoding of '/'
      {"a\xe0\x80\xaf"
       "b",
       {{"a", "b"}}},  // overlong 3-byte encoding of '/'
      {"a\xed\xa0\x80"
       "b",
       {{"a", "b"}}},  // a UTF-16 surrogate, U+D800
      {"a\xf4\x90\x80\x80"
       "b",
       {{"a", "b"}}},  // beyond U+10FFFF
      {"a\xf5\x80\x80\x80"
       "b",
       {{"a", "b"}}},                          // a lead byte past F4
      {std::string("a\0b", 3), {{"a", "b"}}},  // NUL is a control code: a space
      {"a\xc3\n\xa9"
       "b",
       {{"a"}, {"b"}}},  // a newline inside a sequence still ends the line
      {"\xf4\x8f\xbf\xbf", {{"\xf4\x8f\xbf\xbf"}}},  // U+10FFFF itself is valid: a letter
  };
  for (const auto& [text, expected] : cases) {
    CAPTURE(text);
    CHECK(gv::tokenize(text) == expected);
  }
}

TEST_CASE("Tokenizer truncates tokens longer than kMaxTokenBytes at a character boundary",
          "[tokenizer]") {
  CHECK(Tokenizer::kMaxTokenBytes == 100);
  CHECK(gv::tokenize(std::string(150, 'a') + " b") == Sentences{{std::string(100, 'a'), "b"}});
  std::string accents;
  for (int i = 0; i < 60; ++i) accents += "\u00e9";  // 2 bytes each
  std::string fifty_accents;
  for (int i = 0; i < 50; ++i) fifty_accents += "\u00e9";
  CHECK(gv::tokenize(accents) == Sentences{{fifty_accents}});
  // 99 bytes, then a 2-byte letter that does not fit: it and everything after it are dropped,
  // so the token is a prefix of the word; an apostrophe never ends a token.
  const std::string a99(99, 'a');
  CHECK(gv::tokenize(a99 + "\u00e9b x") == Sentences{{a99, "x"}});
  CHECK(gv::tokenize(a99 + "'s x") == Sentences{{a99, "x"}});
}

TEST_CASE("Tokenizer gives the same tokens whatever the pieces the text is fed in",
          "[tokenizer][streaming]") {
  const std::string text =
      "O\u2019er the 'tis know't\r\nCaf\u00c9 \xe2\x80\x94 \xff\xc3 we'll \U0001F600!\n\n"
      "\u0416\u0443\u043a, dogs' end";
  for (const TokenizerOptions& options : {TokenizerOptions{}, keep_punctuation(), whitespace()}) {
    const Sentences whole = gv::tokenize(text, options);
    REQUIRE(whole.size() == 3);
    for (size_t piece = 1; piece <= 7; ++piece) {
      CAPTURE(piece);
      CHECK(tokenize_in_pieces(text, options, [piece] { return piece; }) == whole);
    }
  }
}

TEST_CASE("Tokenizer survives random bytes and still streams consistently",
          "[tokenizer][streaming][utf8]") {
  gv::Rng rng(42);
  std::string bytes(20000, '\0');
  for (char& byte : bytes) {
    // Half ASCII letters and spaces, half arbitrary bytes: long valid and invalid runs both.
    byte = rng.below(2) ? static_cast<char>(rng.below(256)) : "ab c\n'"[rng.below(6)];
  }
  for (const TokenizerOptions& options :
       {TokenizerOptions{}, keep_punctuation(), whitespace(), whitespace(true)}) {
    const Sentences whole = gv::tokenize(bytes, options);
    CHECK(!whole.empty());
    CHECK(tokenize_in_pieces(bytes, options, [&rng] { return 1 + rng.below(64); }) == whole);
    for (const auto& sentence : whole) {
      for (const std::string& token : sentence) {
        CHECK(!token.empty());
        CHECK(token.size() <= Tokenizer::kMaxTokenBytes);
        // Every token is a fixed point: valid UTF-8, already lowercase, nothing to strip.
        CHECK(gv::tokenize(token, options) == Sentences{{token}});
      }
    }
  }
}

TEST_CASE("Tokenizer's fast paths give the tokens a byte at a time gives, on random texts",
          "[tokenizer][streaming]") {
  // Fed a byte at a time, no fast path sees a word's end: every token is built byte by byte.
  // The pieces glue into words of every kind: plain, capitalised, with joiners, non-ASCII
  // letters or invalid bytes inside, and runs past kMaxTokenBytes.
  const std::vector<std::string> words = {"the", "know", "a1", "Thou", "KING", "mIxEd", "1599"};
  const std::vector<std::string> joined = {"o'er", "'tis", "dogs'", "new_york", "_x_"};
  const std::vector<std::string> separators = {",", ".",  "--", "!?",   "(",  "\"",
                                               " ", "  ", "\t", "\r\n", "\n", "\n\n"};
  const std::vector<std::string> non_ascii = {"\u00e9", "\u00c9", "\u0416\u0443\u043a",
                                              "\u65e5", "\u2014", "\u2019",
                                              "\u00a0", "\u2026", "\xff",
                                              "\xc3",   "\x80"};
  std::vector<std::string> pieces;
  for (const auto* kind : {&words, &joined, &separators, &non_ascii}) {
    pieces.insert(pieces.end(), kind->begin(), kind->end());
  }
  gv::Rng rng(7);
  std::string text;
  for (int i = 0; i < 20000; ++i) {
    if (rng.below(200) == 0) {  // a long run of ASCII letters, some of them capitals
      for (uint64_t n = 90 + rng.below(30); n > 0; --n) text += "aZq"[rng.below(3)];
    } else {
      text += pieces[rng.below(pieces.size())];
    }
  }
  TokenizerOptions keep_case, one_sentence;
  keep_case.lowercase = false;
  one_sentence.line_is_sentence = false;
  for (const TokenizerOptions& options : {TokenizerOptions{}, keep_case, keep_punctuation(),
                                          one_sentence, whitespace(), whitespace(true)}) {
    const Sentences byte_at_a_time = tokenize_in_pieces(text, options, [] { return size_t{1}; });
    CHECK(!byte_at_a_time.empty());
    CHECK(gv::tokenize(text, options) == byte_at_a_time);
    CHECK(tokenize_in_pieces(text, options, [&rng] { return 1 + rng.below(300); }) ==
          byte_at_a_time);
  }
}

TEST_CASE("Tokenizer reports the offset just past a sentence's newline", "[tokenizer]") {
  Tokenizer tokenizer;
  tokenizer.feed("ab cd\nef");
  CHECK(tokenizer.next() == Tokenizer::Event::kToken);
  CHECK(tokenizer.token() == "ab");
  CHECK(tokenizer.next() == Tokenizer::Event::kToken);
  CHECK(tokenizer.token() == "cd");
  CHECK(tokenizer.next() == Tokenizer::Event::kSentenceEnd);
  CHECK(tokenizer.consumed_bytes() == 6);
  CHECK(tokenizer.next() == Tokenizer::Event::kNeedInput);  // "ef" may continue
  tokenizer.finish();
  CHECK(tokenizer.next() == Tokenizer::Event::kToken);
  CHECK(tokenizer.token() == "ef");
  CHECK(tokenizer.next() == Tokenizer::Event::kSentenceEnd);
  CHECK(tokenizer.next() == Tokenizer::Event::kNeedInput);
}

TEST_CASE("Tokenizer rejects new input before the previous piece is consumed",
          "[tokenizer][errors]") {
  Tokenizer tokenizer;
  tokenizer.feed("a b");
  CHECK_THROWS_WITH(tokenizer.feed("c"), Catch::Contains("feed") && Catch::Contains("kNeedInput"));
  CHECK(tokenizer.next() == Tokenizer::Event::kToken);
  tokenizer.reset();  // drops the rest: a fresh text can start
  tokenizer.feed("z y");
  tokenizer.finish();  // allowed at once: next() first consumes what was fed
  CHECK(tokenizer.next() == Tokenizer::Event::kToken);
  CHECK(tokenizer.token() == "z");
  CHECK(tokenizer.next() == Tokenizer::Event::kToken);
  CHECK(tokenizer.token() == "y");
  CHECK(tokenizer.next() == Tokenizer::Event::kSentenceEnd);
  CHECK(tokenizer.next() == Tokenizer::Event::kNeedInput);
}

TEST_CASE("Tokenizer copies carry their pending events with them", "[tokenizer][streaming]") {
  Tokenizer original(keep_punctuation());
  original.feed("ab, cd");
  REQUIRE(original.next() == Tokenizer::Event::kToken);
  CHECK(original.token() == "ab");
  // "," is queued now; the copy must hand out its own "," and then go on independently.
  Tokenizer copy = original;
  original.reset();
  original.feed("zz.");
  original.finish();
  REQUIRE(original.next() == Tokenizer::Event::kToken);
  CHECK(original.token() == "zz");
  REQUIRE(copy.next() == Tokenizer::Event::kToken);
  CHECK(copy.token() == ",");
  copy.finish();
  REQUIRE(copy.next() == Tokenizer::Event::kToken);
  CHECK(copy.token() == "cd");
}
