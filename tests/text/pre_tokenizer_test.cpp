#include <catch2/catch.hpp>

#include <random>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "tests/text/random_bytes.h"
#include "text/bpe/pre_tokenizer.h"

using gv::testing::random_bytes;

namespace {

std::vector<std::string> strings(const std::vector<std::string_view>& views) {
  return {views.begin(), views.end()};
}

// GPT-2's pattern with std::regex, as the pre-tokenizer's header states it in byte classes:
// bytes >= 0x80 are replaced by 'a' first (a letter, and in no contraction), then each line
// is matched alone.
std::vector<std::string> regex_pieces(const std::string& text) {
  static const std::regex pattern(
      "'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^\\sA-Za-z0-9]+|\\s+(?!\\S)|\\s+");
  std::string classes = text;
  for (char& c : classes) {
    if (static_cast<unsigned char>(c) >= 0x80) c = 'a';
  }
  std::vector<std::string> pieces;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = std::min(classes.find('\n', start), text.size() - 1) + 1;
    const std::string line = classes.substr(start, end - start);
    size_t at = 0;
    for (auto m = std::sregex_iterator(line.begin(), line.end(), pattern);
         m != std::sregex_iterator(); ++m) {
      REQUIRE(static_cast<size_t>(m->position()) == at);  // the pieces cover the line
      pieces.push_back(text.substr(start + at, static_cast<size_t>(m->length())));
      at += static_cast<size_t>(m->length());
    }
    REQUIRE(at == line.size());
    start = end;
  }
  return pieces;
}

}  // namespace

TEST_CASE("pre_tokenize splits by GPT-2's rule", "[bpe]") {
  CHECK(strings(gv::bpe::pre_tokenize("Hello world's  123 !!\n")) ==
        std::vector<std::string>{"Hello", " world", "'s", " ", " 123", " !!", "\n"});
  CHECK(strings(gv::bpe::pre_tokenize("don't\tI'll  \n\n x")) ==
        std::vector<std::string>{"don", "'t", "\t", "I", "'ll", "  \n", "\n", " x"});
  CHECK(strings(gv::bpe::pre_tokenize("caf\xc3\xa9 na\xefve")) ==
        std::vector<std::string>{"caf\xc3\xa9", " na\xefve"});
}

TEST_CASE("pre_tokenize equals GPT-2's regex in byte classes on random text", "[bpe]") {
  std::mt19937 rng(7);
  const std::string alphabet = std::string("  \n\t\r\v\f\0aZsrtevmld'5!.-\x80\xff", 26);
  for (int trial = 0; trial < 500; ++trial) {
    const std::string text = random_bytes(rng, 24, alphabet);
    INFO("text: " << text);
    CHECK(strings(gv::bpe::pre_tokenize(text)) == regex_pieces(text));
  }
}

namespace {

// The pieces a stream gives for `text` added in parts whose sizes come from `rng` (up to
// `max_part` bytes).
std::vector<std::string> streamed_pieces(const std::string& text, std::mt19937& rng,
                                         size_t max_part, size_t longest = SIZE_MAX) {
  gv::bpe::PreTokenStream stream(longest);
  std::vector<std::string> pieces;
  const auto take = [&](std::string_view piece) { pieces.emplace_back(piece); };
  std::uniform_int_distribution<size_t> part_size(0, max_part);
  size_t given = 0, counted = 0;  // bytes of the first `counted` pieces given
  for (size_t at = 0; at < text.size();) {
    const size_t size = std::min(part_size(rng), text.size() - at);
    stream.add(std::string_view(text).substr(at, size), take);
    at += size;
    // Every piece up to the last \n added is given with the part holding it.
    for (; pieces.size() > counted; ++counted) given += pieces[counted].size();
    const size_t line_end = text.rfind('\n', at - 1);
    if (size > 0 && line_end != std::string::npos) CHECK(given > line_end);
  }
  stream.finish(take);
  return pieces;
}

}  // namespace

TEST_CASE("A pre-token stream cuts text given in parts of any size as the whole", "[bpe]") {
  std::mt19937 rng(11);
  // Contractions ('re cut after its ', or after 'r), runs of each class and CRLF line ends cut
  // everywhere.
  const std::string alphabet = std::string("  \n\t\r\0aZsrtevmld'5!.-\x80\xff", 23);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string text = random_bytes(rng, 60, alphabet);
    INFO("text: " << text);
    CHECK(streamed_pieces(text, rng, 1 + static_cast<size_t>(trial % 9)) ==
          strings(gv::bpe::pre_tokenize(text)));
  }
  // A long piece in many small parts, then others.
  const std::string long_run = std::string(100000, 'a') + " we're\n";
  CHECK(streamed_pieces(long_run, rng, 7) == strings(gv::bpe::pre_tokenize(long_run)));
}

TEST_CASE("A pre-token stream gives every piece before a line's end with the part holding it",
          "[bpe]") {
  gv::bpe::PreTokenStream stream;
  std::vector<std::string> pieces;
  const auto take = [&](std::string_view piece) { pieces.emplace_back(piece); };
  stream.add(std::string(5000, 'a'), take);
  stream.add("aa we'", take);
  CHECK(pieces.empty());  // the first word may go on: nothing is decided
  stream.add("r", take);
  stream.add("e \r\n", take);  // 're, not ' and re; all given before finish()
  CHECK(pieces == std::vector<std::string>{std::string(5002, 'a'), " we", "'re", " \r\n"});
}

namespace {

// The pieces of `text` as PreTokenStream(longest) states them: a piece longer than `longest` is
// cut after `longest` bytes (one fewer before a \r), and the rest read anew.
std::vector<std::string> cut_pieces(std::string_view text, size_t longest) {
  std::vector<std::string> pieces;
  while (!text.empty()) {
    size_t n = gv::bpe::first_pre_token(text, /*text_ends=*/true);
    if (n > longest) n = text[longest - 1] == '\r' ? longest - 1 : longest;
    pieces.emplace_back(text.substr(0, n));
    text.remove_prefix(n);
  }
  return pieces;
}

}  // namespace

TEST_CASE("A pre-token stream cuts a piece longer than it holds, wherever the parts end", "[bpe]") {
  std::mt19937 rng(5);
  CHECK(cut_pieces(std::string(25, 'a') + " b", 10) ==
        std::vector<std::string>{std::string(10, 'a'), std::string(10, 'a'), std::string(5, 'a'),
                                 " b"});
  // Nine spaces then \r\n: the first part stops before the \r, which goes with its \n.
  CHECK(cut_pieces(std::string(9, ' ') + "\r\n", 10) ==
        std::vector<std::string>{std::string(9, ' '), "\r\n"});
  const std::string alphabet = std::string("   \n\r\raaZs'r5!.-", 17);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string text = random_bytes(rng, 60, alphabet);
    const size_t longest = 2 + static_cast<size_t>(trial % 5);
    INFO("text: " << text << ", longest " << longest);
    CHECK(streamed_pieces(text, rng, 1 + static_cast<size_t>(trial % 13), longest) ==
          cut_pieces(text, longest));
  }
}
