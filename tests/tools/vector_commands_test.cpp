// The vector commands end to end: files in, printed text out, errors as exceptions (which
// main() turns into "gradvec: error: ..." and exit status 2).
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tests/vectors/vector_test_support.h"
#include "tools/commands.h"
#include "tools/vectors/vector_io.h"

using gv::test::ScratchDir;

namespace {

// Redirects std::cout into a string for the lifetime of the object.
class CaptureStdout {
 public:
  CaptureStdout() : old_(std::cout.rdbuf(captured_.rdbuf())) {}
  ~CaptureStdout() { std::cout.rdbuf(old_); }
  std::string str() const { return captured_.str(); }

 private:
  std::ostringstream captured_;
  std::streambuf* old_;
};

// Runs `gradvec <args>` in-process and returns what it printed on stdout.
std::string gradvec(std::vector<std::string> args) {
  CLI::App app{"gradvec"};
  app.require_subcommand(1);
  gv::tools::add_vector_commands(app);
  args.insert(args.begin(), "gradvec");
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  CaptureStdout captured;
  app.parse(static_cast<int>(argv.size()), argv.data());
  return captured.str();
}

// The 3CosAdd / 3CosMul example of vector_index_test.cpp: a : b :: c : ? is x by 3CosAdd
// (score 1/sqrt(3) = 0.577350) and y by 3CosMul.
std::string write_example(const ScratchDir& dir,
                          gv::VectorFormat format = gv::VectorFormat::Word2VecText) {
  const float x4 = std::sqrt(0.18f), y4 = std::sqrt(0.5475f);
  const gv::WordVectors vectors = gv::test::make_vectors({{"a", {1, 0, 0, 0}},
                                                          {"b", {0, 1, 0, 0}},
                                                          {"c", {0, 0, 1, 0}},
                                                          {"x", {0, 0.9f, 0.1f, x4}},
                                                          {"y", {0, 0.5f, 0.45f, y4}}});
  const std::string path = dir.file(format == gv::VectorFormat::Word2VecBinary ? "v.bin" : "v.txt");
  gv::write_vectors(path, vectors, format);
  return path;
}

}  // namespace

TEST_CASE("gradvec nearest prints a header and k word/cosine lines per word") {
  const ScratchDir dir("nearest");
  const std::string vectors = write_example(dir);
  CHECK(gradvec({"nearest", "--vectors", vectors, "--k", "2", "b", "a"}) ==
        "nearest to b:\nx\t0.900000\ny\t0.500000\n"
        "nearest to a:\nb\t0.000000\nc\t0.000000\n");
  CHECK_THROWS_WITH(gradvec({"nearest", "--vectors", vectors, "b", "xx"}),
                    "'xx' not in vocabulary (did you mean: x, a, b?)");
}

TEST_CASE("gradvec analogy answers with either method") {
  const ScratchDir dir("analogy");
  const std::string vectors = write_example(dir, gv::VectorFormat::Word2VecBinary);
  CHECK(gradvec({"analogy", "--vectors", vectors, "--k", "1", "a", "b", "c"}) == "x\t0.577350\n");
  CHECK(gradvec({"analogy", "--vectors", vectors, "--method", "mul", "--k", "1", "a", "b", "c"})
            .substr(0, 2) == "y\t");
  CHECK(gradvec({"analogy", "--vectors", vectors, "--format", "w2v-bin", "--restrict", "4",
                 "--method", "mul", "a", "b", "c"})
            .substr(0, 2) == "x\t");
}

TEST_CASE("gradvec eval analogy prints sections and the total line") {
  const ScratchDir dir("eval_analogy");
  const std::string vectors = write_example(dir);
  const std::string questions = dir.write("q.txt", ": one\nA B C X\na b c y\n: two\na b c zebra\n");
  CHECK(gradvec({"eval", "analogy", "--vectors", vectors, "--questions", questions}) ==
        "one: 1/2 correct (50.00%)\n"
        "two: 0/0 correct (0.00%)\n"
        "total: 1/2 correct (50.00%), 2/3 questions seen\n");
  CHECK(gradvec({"eval", "analogy", "--vectors", vectors, "--questions", questions, "--method",
                 "mul", "--case-sensitive"}) ==
        "one: 1/1 correct (100.00%)\n"
        "two: 0/0 correct (0.00%)\n"
        "total: 1/1 correct (100.00%), 1/3 questions seen\n");
  const std::string bad = dir.write("bad.txt", ": s\na b c\n");
  CHECK_THROWS_WITH(gradvec({"eval", "analogy", "--vectors", vectors, "--questions", bad}),
                    bad + ":2: expected 4 words 'a b c d', got 3");
}

TEST_CASE("gradvec eval similarity prints rho, pairs and skipped") {
  const ScratchDir dir("eval_similarity");
  const std::string vectors = write_example(dir);
  // cosines: b-x 0.9, b-y 0.5, a-b 0; human scores in the same order.
  const std::string pairs = dir.write("p.txt", "# header\nb x 9\nb y 5.5\na b 0.5\nb q 3\n");
  CHECK(gradvec({"eval", "similarity", "--vectors", vectors, "--pairs", pairs}) ==
        "spearman: 1.0000 (3 pairs, 1 skipped)\n");
}

TEST_CASE("a vector file that cannot be read is an error naming it") {
  const ScratchDir dir("missing");
  CHECK_THROWS_AS(gradvec({"nearest", "--vectors", dir.file("none.txt"), "b"}),
                  gv::VectorFileError);
  CHECK_THROWS_WITH(gradvec({"info", "--vectors", dir.file("none.txt")}),
                    Catch::Contains("none.txt"));
  const std::string vectors = write_example(dir);
  CHECK_THROWS_WITH(
      gradvec({"eval", "similarity", "--vectors", vectors, "--pairs", dir.file("nopairs.txt")}),
      Catch::Contains("cannot open word pairs file"));
}

TEST_CASE("gradvec convert round-trips word2vec binary exactly") {
  const ScratchDir dir("convert");
  const std::string text = write_example(dir);
  gradvec({"convert", "--in", text, "--out", dir.file("v.bin"), "--to", "w2v-bin"});
  gradvec({"convert", "--in", dir.file("v.bin"), "--from", "w2v-bin", "--out", dir.file("back.txt"),
           "--to", "glove"});
  const gv::WordVectors original = gv::read_vectors(text);
  const gv::WordVectors binary = gv::read_vectors(dir.file("v.bin"));
  const gv::WordVectors back = gv::read_vectors(dir.file("back.txt"));
  CHECK(binary.words == original.words);
  CHECK(binary.values == original.values);  // bit-exact floats
  CHECK(back.values == original.values);
}

TEST_CASE("gradvec info reports format, size and norms") {
  const ScratchDir dir("info");
  const std::string out = gradvec({"info", "--vectors", write_example(dir)});
  CHECK_THAT(out, Catch::Contains("format: word2vec text\n"));
  CHECK_THAT(out, Catch::Contains("words: 5\ndims: 4\n"));
  CHECK_THAT(out, Catch::Contains("norm: min 1.0000, mean 1.0000, max 1.0000\n"));
}

TEST_CASE("gradvec plot writes an SVG with the chosen words") {
  const ScratchDir dir("plot");
  const std::string vectors = write_example(dir);
  gradvec({"plot", "--vectors", vectors, "--words", "a", "b", "x", "--out", dir.file("p.svg")});
  std::ifstream in(dir.file("p.svg"));
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK_THAT(svg, Catch::StartsWith("<svg") || Catch::StartsWith("<?xml"));
  CHECK_THAT(svg, Catch::Contains(">x</text>"));
  CHECK_THAT(svg, Catch::Contains("PCA of 3 word vectors"));
  CHECK_THROWS_WITH(gradvec({"plot", "--vectors", vectors, "--out", dir.file("q.svg")}),
                    Catch::Contains("give --words W... or --top N"));
  CHECK_THROWS_WITH(
      gradvec({"plot", "--vectors", vectors, "--words", "a", "--out", dir.file("q.svg")}),
      Catch::Contains("need at least 2 words, got 1"));
}
