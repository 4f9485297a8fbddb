#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tests/scratch_dir.h"
#include "tests/text/corpus_sentences.h"
#include "tests/text/tokenize_in_pieces.h"
#include "text/bpe/bpe_encoder.h"
#include "text/bpe/bpe_trainer.h"
#include "text/bpe/readable_piece.h"
#include "text/corpus/corpus_reader.h"
#include "text/tokenizer.h"
#include "word2vec/unreachable_words.h"

namespace gv::bpe {

using gv::testing::ScratchDir;
using gv::testing::tokenize_in_pieces;
using Sentences = std::vector<std::vector<std::string>>;

namespace {

TokenizerOptions bpe_options(BpeTokens vocabulary) {
  TokenizerOptions options;
  options.kind = gv::TokenizerKind::bpe;
  options.lowercase = false;
  options.bpe = std::make_shared<const BpeWords>(std::move(vocabulary));
  return options;
}

// " king" and "in" from bytes: 256 = " k", 257 = "in", 258 = " kin", 259 = " king".
BpeTokens king_vocabulary() {
  return BpeTokens({{' ', 'k'}, {'i', 'n'}, {256, 257}, {258, 'g'}});
}

std::string shakespeare_prefix(size_t bytes) {
  const std::string text = gv::testing::read_file(GRADVEC_SOURCE_DIR "/data/tinyshakespeare.txt");
  REQUIRE(text.size() >= bytes);
  return text.substr(0, bytes);
}

// What the encoder gives for each line of `text`, without its \n, as readable pieces; lines
// that give no token are no sentence.
Sentences encoder_sentences(const BpeTokens& vocabulary, const std::string& text) {
  gv::bpe::BpeEncoder encoder(vocabulary);
  Sentences sentences;
  for (size_t begin = 0; begin < text.size();) {
    const size_t newline = std::min(text.find('\n', begin), text.size());
    std::vector<std::string> sentence;
    for (const TokenId id : encoder.encode(std::string_view(text).substr(begin, newline - begin)))
      sentence.push_back(gv::bpe::readable_piece(vocabulary.bytes(id)));
    if (!sentence.empty()) sentences.push_back(std::move(sentence));
    begin = newline + 1;
  }
  return sentences;
}

// `text` with a \r before each \n: its copy with CRLF line ends.
std::string with_crlf(const std::string& text) {
  std::string crlf;
  for (const char c : text) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  return crlf;
}

// For tokenize_in_pieces: two pieces of text, the first `first` bytes long.
auto cut_after(size_t first) {
  return [first, cut = true]() mutable {
    const size_t size = cut ? first : SIZE_MAX;
    cut = false;
    return size;
  };
}

}  // namespace

TEST_CASE("A BPE tokenizer yields each line's tokens as readable pieces", "[bpe][tokenizer]") {
  const TokenizerOptions options = bpe_options(king_vocabulary());
  // Worked by hand: "the king" pre-tokenizes to "the" and " king", which merges 0, 1, 2 and 3
  // make one token; "King's" keeps its capital (nothing is lowercased), so only "in" merges
  // there, and "'s", a pre-token, is two bytes no merge joins; the tab is a pre-token of its
  // own, a control byte escaped; the blank line is no sentence; in the last line, which ends
  // without a \n, the byte FF is a letter of the pre-token " king\xff", escaped, not merged.
  CHECK(gv::tokenize("the king\nKing's\ta\n\n king\xff", options) ==
        Sentences{{"t", "h", "e", "\u2581king"},
                  {"K", "in", "g", "'", "s", "\\x09", "a"},
                  {"\u2581king", "\\xff"}});
}

TEST_CASE("readable_piece marks spaces and escapes what is not printable", "[bpe]") {
  using gv::bpe::readable_piece;
  CHECK(readable_piece(" king") == "\u2581king");
  CHECK(readable_piece("  ") == "\u2581\u2581");
  CHECK(readable_piece("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(readable_piece("\xe2\x96") == "\\xe2\\x96");  // part of a character
  CHECK(readable_piece("\n") == "\\x0a");
  // A U+2581 of the text is not a space.
  CHECK(readable_piece("\u2581 ") == "\\xe2\\x96\\x81\u2581");
}

TEST_CASE("The corpus reader over BPE tokens yields what the encoder gives", "[bpe][corpus]") {
  const std::string text = shakespeare_prefix(40000);
  gv::bpe::BpeTrainer trainer;
  trainer.add_text(text);
  const TokenizerOptions options = bpe_options(BpeTokens(trainer.learn(600)));
  const Sentences expected = encoder_sentences(options.bpe->vocabulary(), text);
  REQUIRE(expected.size() > 1000);

  const ScratchDir dir("bpe_reader");
  const std::string path = dir.write("c.txt", text);
  // Every token counted once, so min_count 1 keeps them all; chunks of 7 bytes cut lines and
  // pre-tokens everywhere.
  const gv::Vocabulary vocab = gv::Vocabulary::build(gv::count_words(path, options), 1);
  gv::CorpusReader reader(path, options, /*chunk_bytes=*/7);
  CHECK(gv::testing::read_words(reader, vocab) == expected);
  CHECK(vocab.size() <= 600);
  for (const std::string& word : vocab.words()) CHECK(gv::tokenizer_can_yield(word, options));
  CHECK_FALSE(gv::tokenizer_can_yield("\u2581notatoken", options));
}

TEST_CASE("A line longer than the BPE tokenizer keeps is encoded as it comes, the same",
          "[bpe][tokenizer]") {
  const std::string part = shakespeare_prefix(500000);
  std::string text = part + part + part;
  REQUIRE(text.size() > gv::BpeTokenizer::kMaxPreTokenBytes);
  std::replace(text.begin(), text.end(), '\n', ' ');  // one line, like text8
  gv::bpe::BpeTrainer trainer;
  trainer.add_text(text.substr(0, 50000));
  const TokenizerOptions options = bpe_options(BpeTokens(trainer.learn(400)));
  CHECK(gv::tokenize(text, options) == encoder_sentences(options.bpe->vocabulary(), text));
}

TEST_CASE("A BPE tokenizer reads a CRLF line end as a line end, and any other \\r as a token",
          "[bpe][tokenizer]") {
  const std::string text = shakespeare_prefix(40000);
  gv::bpe::BpeTrainer trainer;
  trainer.add_text(text);
  const TokenizerOptions options = bpe_options(BpeTokens(trainer.learn(600)));
  const Sentences expected = encoder_sentences(options.bpe->vocabulary(), text);
  CHECK(gv::tokenize(with_crlf(text), options) == expected);

  // Chunks of 7 bytes cut some CRLF pairs between their \r and \n.
  const ScratchDir dir("bpe_crlf");
  const std::string path = dir.write("crlf.txt", with_crlf(text));
  const gv::Vocabulary vocab = gv::Vocabulary::build(gv::count_words(path, options), 1);
  CHECK(vocab.id("\\x0d") == gv::Vocabulary::kUnknown);
  gv::CorpusReader reader(path, options, /*chunk_bytes=*/7);
  CHECK(gv::testing::read_words(reader, vocab) == expected);

  // A \r inside a line, a line of a \r alone, and one ending the text without a \n.
  CHECK(gv::tokenize("a\rb\r\n\r\r\nc\r", bpe_options(king_vocabulary())) ==
        Sentences{{"a", "\\x0d", "b"}, {"\\x0d"}, {"c", "\\x0d"}});
}

TEST_CASE("A BPE tokenizer holds back the \\r of a line longer than it keeps for the \\n after it",
          "[bpe][tokenizer]") {
  // One pre-token of spaces longer than the tokenizer keeps is encoded as it comes; a \r at the
  // end of a chunk may be half of a CRLF line end, and then is no token.
  const std::string spaces(gv::BpeTokenizer::kMaxPreTokenBytes + 10, ' ');
  const TokenizerOptions options = bpe_options(BpeTokens({{' ', ' '}, {256, 256}}));
  const Sentences lf = tokenize_in_pieces(spaces + "\nx\n", options, cut_after(spaces.size()));
  REQUIRE(lf.size() == 2);
  CHECK(tokenize_in_pieces(spaces + "\r\nx\n", options, cut_after(spaces.size() + 1)) == lf);
  // Without a \n after it, the \r is a token of the line it stands in.
  Sentences cr = {lf[0]};
  cr[0].insert(cr[0].end(), {"\\x0d", "x"});
  CHECK(tokenize_in_pieces(spaces + "\rx\n", options, cut_after(spaces.size() + 1)) == cr);
}

TEST_CASE("A BPE tokenizer encodes a pre-token cut by a chunk's end whole, in a line of any length",
          "[bpe][tokenizer]") {
  // The chunk ends after "we'r": "'" may yet begin "'re", which the merge makes "'r" "e". Lines
  // longer than a megabyte were once encoded up to their last pre-token, "'" alone.
  std::string words;
  while (words.size() <= gv::BpeTokenizer::kMaxPreTokenBytes) words += "so ";
  const std::string text = words + "we're\n";
  const TokenizerOptions options = bpe_options(BpeTokens({{'\'', 'r'}}));
  const Sentences expected = encoder_sentences(options.bpe->vocabulary(), text);
  REQUIRE(expected.size() == 1);
  REQUIRE(std::vector<std::string>(expected[0].end() - 3, expected[0].end()) ==
          std::vector<std::string>{"e", "'r", "e"});
  CHECK(tokenize_in_pieces(text, options, cut_after(words.size() + 4)) == expected);
}

}  // namespace gv::bpe
