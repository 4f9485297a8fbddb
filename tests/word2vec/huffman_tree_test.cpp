#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tests/scratch_dir.h"
#include "text/corpus/corpus_reader.h"
#include "text/vocabulary.h"
#include "word2vec/losses/hs/huffman_tree.h"

namespace {

std::vector<int> codes_of(const gv::HuffmanTree& tree, int64_t word) {
  return {tree.codes(word), tree.codes(word) + tree.depth(word)};
}

std::vector<int> points_of(const gv::HuffmanTree& tree, int64_t word) {
  return {tree.points(word), tree.points(word) + tree.depth(word)};
}

}  // namespace

TEST_CASE("Huffman tree: word2vec.c's codes and points for known counts", "[huffman]") {
  // Counts 5 4 2 2 1 (words 0..4). Leaves are merged lightest first, the leaf queue read from
  // word 4 down, inner nodes (numbered from 0 as made) in the order made; a leaf is taken only
  // when strictly lighter than the waiting inner node. The first node taken is branch 0, the
  // second branch 1.
  //   node 0 = word 4 (1) + word 3 (2)            weight 3: word 4 -> 0, word 3 -> 1
  //   node 1 = word 2 (2) + node 0 (3)            weight 5: word 2 -> 0, node 0 -> 1
  //   node 2 = word 1 (4) + node 1 (5)            weight 9: word 1 -> 0, node 1 -> 1
  //            (word 0 also weighs 5, but a tie goes to the inner node)
  //   node 3 = word 0 (5) + node 2 (9), the root  weight 14: word 0 -> 0, node 2 -> 1
  // Paths read from the root (node 3 = V-2) down:
  //   word 0: points 3        codes 0
  //   word 1: points 3 2      codes 1 0
  //   word 2: points 3 2 1    codes 1 1 0
  //   word 3: points 3 2 1 0  codes 1 1 1 1
  //   word 4: points 3 2 1 0  codes 1 1 1 0
  const std::vector<int64_t> counts = {5, 4, 2, 2, 1};
  const gv::HuffmanTree tree(counts);
  CHECK(tree.words() == 5);
  CHECK(tree.inner_nodes() == 4);
  const std::vector<std::vector<int>> points = {{3}, {3, 2}, {3, 2, 1}, {3, 2, 1, 0}, {3, 2, 1, 0}};
  const std::vector<std::vector<int>> codes = {{0}, {1, 0}, {1, 1, 0}, {1, 1, 1, 1}, {1, 1, 1, 0}};
  for (int64_t w = 0; w < 5; ++w) {
    INFO("word " << w);
    CHECK(points_of(tree, w) == points[w]);
    CHECK(codes_of(tree, w) == codes[w]);
  }
}

TEST_CASE("Huffman tree from a tiny corpus: word2vec.c's order of ties, then its codes",
          "[huffman][corpus]") {
  // to x5, be x4, or x2, not x2, that x1: the counts of the case above. word2vec.c keeps words
  // in the order it first meets them and sorts by count stably, so of the tied pair "or"
  // (token 0) comes before "not" (token 3), against the alphabet: ids to 0, be 1, or 2, not 3,
  // that 4, and the codes derived by hand above follow.
  const gv::testing::ScratchDir dir("huffman");
  const std::string corpus =
      dir.write("tiny.txt", "or to be not to be that to be or to be not to\n");
  const gv::Vocabulary vocab = gv::Vocabulary::build(gv::count_words(corpus));
  REQUIRE(vocab.size() == 5);
  const gv::HuffmanTree tree(vocab.counts());
  const std::map<std::string, std::vector<int>> codes = {{"to", {0}},
                                                         {"be", {1, 0}},
                                                         {"or", {1, 1, 0}},
                                                         {"not", {1, 1, 1, 1}},
                                                         {"that", {1, 1, 1, 0}}};
  for (const auto& [word, code] : codes) {
    INFO(word);
    REQUIRE(vocab.id(word) != gv::Vocabulary::kUnknown);
    CHECK(codes_of(tree, vocab.id(word)) == code);
  }
}

TEST_CASE("Huffman tree: two words share the root", "[huffman]") {
  // One merge: word 1 (the lighter, taken first) is branch 0, word 0 branch 1.
  const std::vector<int64_t> counts = {3, 3};
  const gv::HuffmanTree tree(counts);
  CHECK(points_of(tree, 0) == std::vector<int>{0});
  CHECK(codes_of(tree, 0) == std::vector<int>{1});
  CHECK(points_of(tree, 1) == std::vector<int>{0});
  CHECK(codes_of(tree, 1) == std::vector<int>{0});
}

TEST_CASE("Huffman tree on a Zipf vocabulary: a full prefix code, near the entropy", "[huffman]") {
  const int64_t v = 3000;
  std::vector<int64_t> counts(v);
  int64_t total = 0;
  for (int64_t w = 0; w < v; ++w) total += counts[w] = 1000000 / (w + 1) + 1;
  const gv::HuffmanTree tree(counts);

  // Every prefix of every code leads to one inner node, so the prefixes of length j name the
  // j-th points consistently, and together the paths visit all V-1 inner nodes.
  std::map<std::string, int> node_at;
  std::set<std::string> codes;
  double kraft = 0.0, mean_length = 0.0, entropy = 0.0;
  int64_t deepest = 0;
  for (int64_t w = 0; w < v; ++w) {
    INFO("word " << w);
    const int64_t depth = tree.depth(w);
    REQUIRE(depth >= 1);
    CHECK(tree.points(w)[0] == v - 2);
    if (w > 0) CHECK(depth >= tree.depth(w - 1));  // more frequent, never longer
    std::string prefix;
    for (int64_t j = 0; j < depth; ++j) {
      const auto [it, fresh] = node_at.emplace(prefix, tree.points(w)[j]);
      CHECK(it->second == tree.points(w)[j]);
      prefix += static_cast<char>('0' + tree.codes(w)[j]);
    }
    codes.insert(prefix);
    kraft += std::ldexp(1.0, -static_cast<int>(depth));
    const double p = double(counts[w]) / double(total);
    mean_length += p * double(depth);
    entropy -= p * std::log2(p);
    deepest = std::max(deepest, depth);
  }
  CHECK(node_at.size() == static_cast<size_t>(v - 1));
  std::set<int> inner;
  for (const auto& [prefix, node] : node_at) inner.insert(node);
  CHECK(inner.size() == static_cast<size_t>(v - 1));
  // Prefix-free: in sorted order a code that prefixes another would sit right before it.
  CHECK(codes.size() == static_cast<size_t>(v));
  for (auto it = codes.begin(); std::next(it) != codes.end(); ++it)
    CHECK(std::next(it)->rfind(*it, 0) != 0);
  CHECK(kraft == Approx(1.0));  // a full binary tree: no branch is wasted
  // Huffman codes are optimal: the mean length lies within one bit of the entropy.
  CHECK(mean_length >= entropy);
  CHECK(mean_length < entropy + 1.0);
  // The rarest word's count is about a 3000th of the commonest's: its depth stays near
  // log2 V = 11.6, far from the V-1 of a degenerate chain.
  CHECK(tree.depth(0) <= 4);
  CHECK(deepest <= 20);
}

TEST_CASE("Huffman tree refuses too few words and unsorted counts", "[huffman][errors]") {
  const std::vector<int64_t> one = {4}, rising = {3, 5, 1}, negative = {2, -1};
  CHECK_THROWS_WITH(gv::HuffmanTree(one), Catch::Contains("at least 2 words"));
  CHECK_THROWS_WITH(gv::HuffmanTree(rising), Catch::Contains("word 1 has 5"));
  CHECK_THROWS_WITH(gv::HuffmanTree(negative), Catch::Contains("word 1 has -1"));
}
