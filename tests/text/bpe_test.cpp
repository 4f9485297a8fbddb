#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "io/input_pass_stop.h"
#include "tests/scratch_dir.h"
#include "tests/text/random_bytes.h"
#include "text/bpe/bpe_encoder.h"
#include "text/bpe/bpe_file.h"
#include "text/bpe/bpe_trainer.h"
#include "text/bpe/piece_counts.h"
#include "text/bpe/pre_tokenizer.h"

namespace gv::bpe {

using gv::testing::random_bytes;

namespace {

std::string shakespeare_prefix(size_t bytes) {
  std::ifstream in(GRADVEC_SOURCE_DIR "/data/tinyshakespeare.txt", std::ios::binary);
  std::string text(bytes, '\0');
  in.read(text.data(), static_cast<std::streamsize>(bytes));
  REQUIRE(static_cast<size_t>(in.gcount()) == bytes);
  return text;
}

// The reference the trainer must equal: every pair recounted over every word before each merge,
// the same rule stated in bpe_trainer.h (highest count, then smallest left id, then smallest
// right id; no token longer than kMaxTokenBytes; joined left to right without overlap), and each
// distinct piece's tokens after the last merge.
struct NaiveBpe {
  std::vector<Merge> merges;
  std::map<std::string, std::vector<TokenId>> pieces;
};

NaiveBpe naive_bpe(const std::string& text, int64_t merges_wanted) {
  std::map<std::string, int64_t> counts;
  for (const std::string_view piece : gv::bpe::pre_tokenize(text)) ++counts[std::string(piece)];
  std::vector<std::pair<std::vector<TokenId>, int64_t>> words;
  for (const auto& [piece, count] : counts) {
    std::vector<TokenId> symbols;
    for (const char c : piece) symbols.push_back(static_cast<unsigned char>(c));
    words.emplace_back(symbols, count);
  }
  std::vector<size_t> lengths(256, 1);
  std::vector<Merge> merges;
  while (static_cast<int64_t>(merges.size()) < merges_wanted) {
    std::map<std::pair<TokenId, TokenId>, int64_t> pairs;
    for (const auto& [s, count] : words) {
      for (size_t i = 0; i + 1 < s.size(); ++i) pairs[{s[i], s[i + 1]}] += count;
    }
    std::pair<TokenId, TokenId> best{-1, -1};
    int64_t best_count = 0;
    for (const auto& [pair, count] : pairs) {  // in increasing (left, right)
      if (count > best_count && lengths[size_t(pair.first)] + lengths[size_t(pair.second)] <=
                                    size_t(gv::bpe::kMaxTokenBytes)) {
        best = pair;
        best_count = count;
      }
    }
    if (best_count == 0) break;
    const auto made = static_cast<TokenId>(lengths.size());
    lengths.push_back(lengths[size_t(best.first)] + lengths[size_t(best.second)]);
    merges.push_back({best.first, best.second});
    for (auto& [s, count] : words) {
      std::vector<TokenId> out;
      for (size_t i = 0; i < s.size(); ++i) {
        if (i + 1 < s.size() && s[i] == best.first && s[i + 1] == best.second) {
          out.push_back(made);
          ++i;
        } else {
          out.push_back(s[i]);
        }
      }
      s = out;
    }
  }
  NaiveBpe result{merges, {}};
  auto word = words.begin();
  for (const auto& entry : counts) result.pieces[entry.first] = (word++)->first;
  return result;
}

// Checks the trainer's first `merges_wanted` merges on `text` against naive_bpe's, and that
// encoding by rank gives each piece the tokens training left it with; returns how many merges.
size_t check_against_naive(const std::string& text, int64_t merges_wanted) {
  BpeTrainer trainer;
  trainer.add_text(text);
  const std::vector<Merge> merges = trainer.learn(256 + merges_wanted);
  const NaiveBpe naive = naive_bpe(text, merges_wanted);
  CHECK(merges == naive.merges);
  const BpeTokens vocabulary(merges);
  BpeEncoder encoder(vocabulary);
  for (const auto& [piece, tokens] : naive.pieces) CHECK(encoder.encode(piece) == tokens);
  return merges.size();
}

// The message load_bpe throws for the file holding `bytes`, "" if it loads.
std::string load_error(const std::string& bytes) {
  const gv::testing::ScratchDir dir("bpe");
  const std::string path = dir.write("tok.bpe", bytes);
  try {
    gv::bpe::load_bpe(path);
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    CHECK(message.starts_with(path + ": "));
    CHECK(message.find('\n') == std::string::npos);
    return message.substr(path.size() + 2);
  }
  return "";
}

}  // namespace

// Ten words, one a line ("\n" is a pre-token of one byte, which holds no pair):
//   low x3, lower x2, newest x3, widest x2.   d=100 e=101 i=105 l=108 n=110 o=111 r=114
//   s=115 t=116 w=119.
// Pair counts: lo 5, ow 5, we 5 (lower 2 + newest 3), es 5, st 5, ne 3, ew 3, er 2, wi 2, id 2,
// de 2.
//  merge 0: the count 5 ties break by the smallest left id: es (101 115) -> 256 "es".
//           newest = n e w es t, widest = w i d es t: we 2, st 0, (w es) 3, (es t) 5, (d es) 2.
//  merge 1: count 5: lo (108 111), (es t) (256 116): lo -> 257. low = lo w, lower = lo w e r:
//           ow 0, (lo w) 5.
//  merge 2: count 5: (lo w) (257 119), (es t) (256 116): (256 116) -> 258 "est".
//  merge 3: count 5: (lo w) -> 259 "low".
//  merge 4: lower = low e r (low e 2, er 2), newest = n e w est (ne 3, ew 3, (w est) 3),
//           widest = w i d est (2 each): count 3 ties: ew (101 119) -> 260 "ew".
TEST_CASE("BPE learns a hand-worked merge sequence, ties broken by the smallest pair", "[bpe]") {
  BpeTrainer trainer;
  trainer.add_text("low\nlow\nlow\nlower\nlower\nnewest\nnewest\nnewest\nwidest\nwidest\n");
  const std::vector<Merge> merges = trainer.learn(261);
  CHECK(merges == std::vector<Merge>{{101, 115}, {108, 111}, {256, 116}, {257, 119}, {101, 119}});
  const BpeTokens vocabulary(merges);
  CHECK(vocabulary.bytes(258) == "est");
  CHECK(vocabulary.bytes(260) == "ew");
  BpeEncoder encoder(vocabulary);
  // lowest: es, then lo, est, low, by rank: low est.
  CHECK(encoder.encode("lowest") == std::vector<TokenId>{259, 258});
  CHECK(encoder.encode("newest") == std::vector<TokenId>{110, 260, 258});
  CHECK(encoder.encode("low low") == std::vector<TokenId>{259, 32, 259});
  std::vector<TokenId> ids{7};
  encoder.encode_into("lowest", ids);
  CHECK(ids == std::vector<TokenId>{7, 259, 258});
}

TEST_CASE("BPE stops when no pair is left to merge", "[bpe]") {
  BpeTrainer trainer;
  trainer.add_text("aaa");  // (a a) twice -> Z a -> (Z a) -> one token
  CHECK(trainer.learn(4096) == std::vector<Merge>{{97, 97}, {256, 97}});
  CHECK_THROWS_AS(trainer.learn(255), std::invalid_argument);
}

TEST_CASE("BPE equals a naive recount on TinyShakespeare, merges and pieces", "[bpe]") {
  REQUIRE(check_against_naive(shakespeare_prefix(20000), 300) == 300);
}

TEST_CASE("BPE equals a naive recount on repetitive random bytes, merges and pieces", "[bpe]") {
  // Runs such as "aaaa" and "abab" exercise joins side by side.
  std::mt19937 rng(11);
  std::string text;
  for (int i = 0; i < 200; ++i) text += random_bytes(rng, 12, "aab ") + "\n";
  REQUIRE(check_against_naive(text, 60) == 60);
}

TEST_CASE("A stop ends BPE learning at its next merge", "[bpe][stop]") {
  BpeTrainer trainer;
  trainer.add_text("the cat sat on the mat with the hat\n");
  std::atomic<bool> stop{true};
  gv::stop_input_passes_when(&stop);
  CHECK_THROWS_MATCHES(trainer.learn(300), gv::InputPassStopped,
                       Catch::Message("learning BPE merges"));
  stop = false;
  CHECK_FALSE(trainer.learn(300).empty());
  gv::stop_input_passes_when(nullptr);
}

TEST_CASE("BPE encoding round-trips the training text and any bytes", "[bpe]") {
  const std::string text = shakespeare_prefix(20000);
  BpeTrainer trainer;
  trainer.add_text(text);
  const BpeTokens vocabulary(trainer.learn(512));
  BpeEncoder encoder(vocabulary);
  CHECK(vocabulary.decode(encoder.encode(text)) == text);
  CHECK(encoder.encode(" the").size() == 1);
  std::mt19937 rng(3);
  for (int trial = 0; trial < 300; ++trial) {
    const std::string bytes = random_bytes(rng, 200);  // invalid UTF-8, NUL and \r included
    CHECK(vocabulary.decode(encoder.encode(bytes)) == bytes);
  }
  const std::string awkward("\0\r\n\xff\xfe\xc3(\r\r\n \0 ", 13);
  CHECK(vocabulary.decode(encoder.encode(awkward)) == awkward);
}

TEST_CASE("A BPE vocabulary finds the token of every merged pair and of no other", "[bpe]") {
  BpeTrainer trainer;
  trainer.add_text(shakespeare_prefix(20000));
  const BpeTokens vocabulary(trainer.learn(1024));
  std::set<std::pair<TokenId, TokenId>> merged;
  for (size_t k = 0; k < vocabulary.merges().size(); ++k) {
    const Merge m = vocabulary.merges()[k];
    CHECK(vocabulary.merged(m.left, m.right) == static_cast<TokenId>(256 + k));
    merged.insert({m.left, m.right});
  }
  for (TokenId left = 0; left < vocabulary.size(); left += 7) {
    for (TokenId right = 0; right < vocabulary.size(); right += 5) {
      if (!merged.contains({left, right})) CHECK_FALSE(vocabulary.merged(left, right));
    }
  }
}

TEST_CASE("PieceCounts counts every distinct piece, across its growth", "[bpe]") {
  gv::bpe::PieceCounts counts;
  std::map<std::string, int64_t> expected;
  std::mt19937 rng(17);
  for (int i = 0; i < 50000; ++i) {
    // Short pieces repeat, long ones mostly not; the empty piece and a count of 0 are pieces too.
    const std::string piece = random_bytes(rng, i % 3 == 0 ? 40 : 3, "ab \n\x80");
    const int64_t count = i % 7 == 0 ? 0 : i % 5 + 1;
    counts.add(piece, count);
    expected[piece] += count;
  }
  std::map<std::string, int64_t> seen;
  counts.for_each(
      [&](std::string_view piece, int64_t count) { CHECK(seen.emplace(piece, count).second); });
  CHECK(seen == expected);
  CHECK(counts.size() == expected.size());
  size_t bytes = 0;
  for (const auto& entry : expected) bytes += entry.first.size();
  CHECK(counts.total_bytes() == bytes);
}

TEST_CASE("BPE encoding is the same before and after its cache is emptied", "[bpe]") {
  // More distinct pieces than the encoder caches (2^18), so the cache is emptied on the way.
  const BpeTokens vocabulary = [] {
    BpeTrainer trainer;
    trainer.add_text(shakespeare_prefix(20000));
    return BpeTokens(trainer.learn(512));
  }();
  std::string text;
  for (int i = 0; i < 300000; ++i) {
    for (int n = i; n > 0; n /= 26) text += static_cast<char>('a' + n % 26);
    text += i % 20 == 19 ? " the\n" : " ";
  }
  BpeEncoder encoder(vocabulary);
  const std::vector<TokenId> before = encoder.encode(" the king");
  const std::vector<TokenId> all = encoder.encode(text);
  CHECK(encoder.encode(" the king") == before);
  CHECK(vocabulary.decode(all) == text);
  // Piece by piece, each met in a fresh cache or an emptied one: the same tokens.
  BpeEncoder fresh(vocabulary);
  std::vector<TokenId> by_line;
  for (const std::string_view line : gv::bpe::pre_tokenize(text)) fresh.encode_into(line, by_line);
  CHECK(by_line == all);
}

TEST_CASE("BPE trained on random bytes round-trips random bytes", "[bpe]") {
  std::mt19937 rng(5);
  BpeTrainer trainer;
  for (int i = 0; i < 100; ++i) trainer.add_text(random_bytes(rng, 300, "\x80\xff\0\r\n a"));
  const BpeTokens vocabulary(trainer.learn(400));
  BpeEncoder encoder(vocabulary);
  for (int trial = 0; trial < 200; ++trial) {
    const std::string bytes = random_bytes(rng, 300, std::string("\x80\xff\0\r\n ab", 8));
    CHECK(vocabulary.decode(encoder.encode(bytes)) == bytes);
  }
}

TEST_CASE("BPE never makes a token longer than kMaxTokenBytes", "[bpe]") {
  BpeTrainer trainer;
  trainer.add_text(std::string(1000, 'x'));
  const BpeTokens vocabulary(trainer.learn(4096));
  int64_t longest = 0;
  for (TokenId id = 0; id < vocabulary.size(); ++id) {
    longest = std::max<int64_t>(longest, static_cast<int64_t>(vocabulary.bytes(id).size()));
  }
  CHECK(longest == gv::bpe::kMaxTokenBytes);
  BpeEncoder encoder(vocabulary);
  CHECK(encoder.encode(std::string(1000, 'x')).size() == 4);  // 256 + 256 + 256 + 232
}

TEST_CASE("A BPE file written is read back as the same merges", "[bpe]") {
  BpeTrainer trainer;
  trainer.add_text(shakespeare_prefix(5000));
  const BpeTokens vocabulary(trainer.learn(300));
  std::ostringstream out;
  gv::bpe::write_bpe(out, vocabulary);
  CHECK(out.str().starts_with("gradvec-bpe 1\nmerges 44\n"));
  const gv::testing::ScratchDir dir("bpe");
  CHECK(gv::bpe::load_bpe(dir.write("tok.bpe", out.str())).merges() == vocabulary.merges());
  CHECK(load_error("gradvec-bpe 1\nmerges 0\n").empty());
}

TEST_CASE("A damaged BPE file is refused in one line naming it", "[bpe]") {
  CHECK(load_error("") == "line 1: the file ends where the magic line should be");
  CHECK(load_error("hello\n") ==
        "line 1: not a gradvec BPE file: it does not start with 'gradvec-bpe'");
  CHECK(load_error("gradvec-bpe 2\nmerges 0\n") ==
        "line 1: version '2', this gradvec reads version 1");
  CHECK(load_error("gradvec-bpe 1\nmerges x\n") == "line 2: expected 'merges M' with M a number");
  CHECK(load_error("gradvec-bpe 1\nmerges 1048321\n") ==
        "line 2: merges 1048321 is more than the 1048320 a tokenizer may have (a vocabulary of "
        "1048576 tokens, four times the largest in use)");
  CHECK(load_error("gradvec-bpe 1\nmerges 900000\n0 0\n") ==
        "line 2: merges 900000 cannot fit in the file's 32 bytes");
  CHECK(load_error("gradvec-bpe 1\nmerges 2\n97 97\n") ==
        "line 4: the file ends where merge 1 should be");
  CHECK(load_error("gradvec-bpe 1\nmerges 1\n97 97") ==
        "line 3: the line does not end with a newline");
  CHECK(load_error("gradvec-bpe 1\nmerges 1\n97 256\n") ==
        "line 3: merge 0 joins token 256, not made before it (tokens 0 to 255 exist)");
  CHECK(load_error("gradvec-bpe 1\nmerges 1\n97 -1\n") == "line 3: expected merge 0 as 'L R'");
  CHECK(load_error("gradvec-bpe 1\nmerges 1\n097 1\n") == "line 3: expected merge 0 as 'L R'");
  CHECK(load_error("gradvec-bpe 1\nmerges 2\n97 97\n97 97\n") == "merge 1 (97 97) repeats merge 0");
  CHECK(load_error("gradvec-bpe 1\nmerges 1\n97 97\n98 98\n") ==
        "line 4: more than the 1 merges the file announces");
}

}  // namespace gv::bpe
