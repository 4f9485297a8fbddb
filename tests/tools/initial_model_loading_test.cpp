// train --init's reading of its model: what it is told by (magic numbers, then what the vector
// readers detect), what it refuses, and the rule it shares with the vector readers for a repeated
// word (the first row kept, with a warning).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "tests/scratch_dir.h"
#include "text/bpe/bpe_file.h"
#include "tools/initial_model_loading.h"
#include "tools/vectors/fasttext_model.h"

using gv::testing::ScratchDir;
using gv::tools::load_initial_model;

namespace {

const std::string kTakes =
    "; --init takes a gradvec checkpoint (train --checkpoint), a fastText .bin or a vector file "
    "(of one dimension only with a word2vec 'V 1' header line)";

// What load_initial_model says of `path`, or "loaded".
std::string refusal(const std::string& path) {
  try {
    load_initial_model(path, 1);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "loaded";
}

}  // namespace

TEST_CASE("train --init refuses what is no model, saying what it looks like", "[init][errors]") {
  const ScratchDir dir("init_kinds");
  // Each of these read as 1-dimensional GloVe, or as a binary mess, and a run went on from them.
  std::ostringstream merges;
  gv::bpe::write_bpe(merges, gv::bpe::BpeTokens({{97, 98}, {256, 99}}));
  const std::string bpe = dir.write("tokens.bpe", merges.str());
  CHECK(refusal(bpe) == "--init " + bpe +
                            " looks like a BPE merges file (bpe train's output, for --tokenizer)" +
                            kTakes);
  const std::string vocab = dir.write("vocab.txt", "the 576\nto 340\nyou 298\n");
  CHECK(refusal(vocab) == "--init " + vocab +
                              " looks like a vocabulary file (--save-vocab's 'word count' lines, "
                              "for --read-vocab)" +
                              kTakes);
  const std::string two = dir.write("two.txt", "the 0.5\nto -1.25\n");
  CHECK(refusal(two) == "--init " + two +
                            " looks like two columns of text, which read as 1-dimensional GloVe "
                            "vectors" +
                            kTakes);
  const std::string lm = dir.write("model.lm", std::string("GVLMCKPT\x03\0\0\0", 12) + "rest");
  CHECK(refusal(lm) == "--init " + lm +
                           " looks like a gradvec lm model (lm train's output, for lm sample and "
                           "lm eval)" +
                           kTakes);
  // One dimension with its header is a model of one dimension.
  const gv::InitialModel one = load_initial_model(dir.write("one.vec", "2 1\nthe 0.5\nto 2\n"), 1);
  CHECK(one.dim == 1);
  CHECK(one.words == std::vector<std::string>{"the", "to"});
}

TEST_CASE("train --init keeps a repeated word's first row, as the vector readers do",
          "[init][duplicates]") {
  const ScratchDir dir("init_duplicates");
  const gv::InitialModel vectors =
      load_initial_model(dir.write("dup.vec", "3 2\nthe 1 2\nto 3 4\nthe 5 6\n"), 1);
  CHECK(vectors.words == std::vector<std::string>{"the", "to"});
  CHECK(vectors.w_in == std::vector<float>{1, 2, 3, 4});

  // A .bin whose dictionary repeats a word (fastText never writes one): its first entry, count
  // and rows, and the buckets after the words.
  gv::FastTextArgs args;
  args.dim = 2;
  args.bucket = 2;
  args.minn = 2;
  args.maxn = 3;
  const std::vector<gv::FastTextEntry> entries = {{"the", 5}, {"to", 3}, {"the", 2}};
  const std::vector<float> input = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};  // 3 words, 2 buckets
  const std::vector<float> output = {11, 12, 13, 14, 15, 16};
  const std::string bin = dir.file("dup.bin");
  gv::write_fasttext_bin(bin, args, entries, 10, {input.data(), 5, 2}, {output.data(), 3, 2});
  const gv::InitialModel model = load_initial_model(bin, 1);
  CHECK(model.words == std::vector<std::string>{"the", "to"});
  CHECK(model.counts == std::vector<int64_t>{5, 3});
  CHECK(model.w_in == std::vector<float>{1, 2, 3, 4, 7, 8, 9, 10});
  CHECK(model.w_out == std::vector<float>{11, 12, 13, 14});
}
