// The vector commands end to end: files in, printed text out, errors as exceptions (which
// main() turns into "gradvec: error: ..." and exit status 2).
#include <catch2/catch.hpp>
#include <cmath>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>

#include "tests/vectors/tiny_fasttext_model.h"
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

// Runs `gradvec <args>` in-process; `printed` gets what it printed on stdout, also when it
// throws.
void run_gradvec(std::vector<std::string> args, std::string& printed) {
  CLI::App app{"gradvec"};
  app.require_subcommand(1);
  gv::tools::add_vector_commands(app);
  args.insert(args.begin(), "gradvec");
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  CaptureStdout captured;
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (...) {
    printed = captured.str();
    throw;
  }
  printed = captured.str();
}

// Runs `gradvec <args>` in-process and returns what it printed on stdout.
std::string gradvec(std::vector<std::string> args) {
  std::string printed;
  run_gradvec(std::move(args), printed);
  return printed;
}

// The analogy example (vector_test_support.h) as a file: a : b :: c : ? is x by 3CosAdd
// (score 1/sqrt(3) = 0.577350) and y by 3CosMul.
std::string write_example(const ScratchDir& dir,
                          gv::VectorFormat format = gv::VectorFormat::Word2VecText) {
  const gv::WordVectors vectors = gv::test::analogy_example();
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
  CHECK_THROWS_WITH(gradvec({"nearest", "--vectors", vectors, "xx"}),
                    "\"xx\" not in vocabulary (did you mean: \"x\", \"a\", \"b\"?)");
}

TEST_CASE("gradvec nearest answers the words it has and names each it lacks at the end") {
  const ScratchDir dir("nearest-unknown");
  const std::string vectors = write_example(dir);
  std::string printed;
  CHECK_THROWS_WITH(
      run_gradvec({"nearest", "--vectors", vectors, "--k", "2", "xx", "b", "qqqqqq"}, printed),
      "\"xx\" not in vocabulary (did you mean: \"x\", \"a\", \"b\"?); \"qqqqqq\" "
      "not in vocabulary; the other words are answered");
  CHECK(printed == gradvec({"nearest", "--vectors", vectors, "--k", "2", "b"}));
  CHECK(printed.rfind("nearest to b:\n", 0) == 0);
}

TEST_CASE("a query of several words names every word it lacks in one error") {
  const ScratchDir dir("analogy-unknown");
  const std::string vectors = write_example(dir);
  std::string printed;
  CHECK_THROWS_WITH(run_gradvec({"analogy", "--vectors", vectors, "xx", "b", "qqqqqq"}, printed),
                    "\"xx\" not in vocabulary (did you mean: \"x\", \"a\", \"b\"?); \"qqqqqq\" "
                    "not in vocabulary");
  CHECK(printed.empty());
}

TEST_CASE("gradvec analogy answers with either method") {
  const ScratchDir dir("analogy");
  const std::string vectors = write_example(dir, gv::VectorFormat::Word2VecBinary);
  CHECK(gradvec({"analogy", "--vectors", vectors, "--k", "1", "a", "b", "c"}) == "x\t0.577350\n");
  CHECK(gradvec({"analogy", "--vectors", vectors, "--method", "mul", "--k", "1", "a", "b", "c"})
            .substr(0, 2) == "y\t");
  CHECK(gradvec({"analogy", "--vectors", vectors, "--vectors-format", "w2v-bin", "--restrict", "4",
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
  // Every error about the pairs names the file, also those found after reading it.
  const std::string tied = dir.write("tied.txt", "b x 5\nb y 5\n");
  std::string printed;
  CHECK_THROWS_WITH(
      run_gradvec({"eval", "similarity", "--vectors", vectors, "--pairs", tied}, printed),
      tied +
          ": the 2 pairs used all have the same human score, so their rank correlation is "
          "undefined");
  CHECK(printed.empty());
  const std::string few = dir.write("few.txt",
                                    "\xEF\xBB\xBF"
                                    "b x 5\nb q 3\n");
  CHECK_THROWS_WITH(gradvec({"eval", "similarity", "--vectors", vectors, "--pairs", few}),
                    few + ": only 1 of 2 pairs have both words in the vocabulary; need at least 2");
}

TEST_CASE("analogy prints nothing for a query it refuses; nearest answers the other words") {
  const ScratchDir dir("zero_query");
  const std::string vectors = dir.write("z.txt", "a 1 0\nb 0 1\nzero 0 0\n");
  std::string printed;
  CHECK_THROWS_WITH(run_gradvec({"nearest", "--vectors", vectors, "a", "zero"}, printed),
                    "\"zero\" has a zero vector, which has no direction to compare with; the "
                    "other words are answered");
  CHECK(printed == gradvec({"nearest", "--vectors", vectors, "a"}));
  CHECK_THROWS_WITH(run_gradvec({"analogy", "--vectors", vectors, "a", "zero", "b"}, printed),
                    "\"zero\" has a zero vector, which has no direction to compare with");
  CHECK(printed.empty());
}

TEST_CASE("a --k beyond the vocabulary lists every candidate") {
  const ScratchDir dir("huge_k");
  const std::string vectors = write_example(dir);
  const std::string k = std::to_string(std::numeric_limits<int64_t>::max());
  CHECK(gradvec({"nearest", "--vectors", vectors, "--k", k, "b"}) ==
        "nearest to b:\nx\t0.900000\ny\t0.500000\na\t0.000000\nc\t0.000000\n");
  CHECK(gradvec({"analogy", "--vectors", vectors, "--k", "1000000000000", "a", "b", "c"})
            .starts_with("x\t0.577350\ny\t"));
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
  gradvec(
      {"convert", "--vectors", text, "--output", dir.file("v.bin"), "--output-format", "w2v-bin"});
  gradvec({"convert", "--vectors", dir.file("v.bin"), "--vectors-format", "w2v-bin", "--output",
           dir.file("back.txt"), "--output-format", "glove"});
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
  // a, b and c are 1 long, x 3 and y 0.5: the mean is 6.5 / 5.
  CHECK_THAT(out, Catch::Contains("norm: min 0.5000, mean 1.3000, max 3.0000\n"));
}

TEST_CASE("gradvec plot writes an SVG with the chosen words") {
  const ScratchDir dir("plot");
  const std::string vectors = write_example(dir);
  gradvec({"plot", "--vectors", vectors, "--words", "a", "b", "x", "--output", dir.file("p.svg")});
  const std::string svg = gv::test::read_file(dir.file("p.svg"));
  CHECK_THAT(svg, Catch::StartsWith("<svg") || Catch::StartsWith("<?xml"));
  CHECK_THAT(svg, Catch::Contains(">x</text>"));
  CHECK_THAT(svg, Catch::Contains("PCA of 3 word vectors"));
  CHECK_THROWS_WITH(gradvec({"plot", "--vectors", vectors, "--output", dir.file("q.svg")}),
                    Catch::Contains("give --words W... or --top N"));
  CHECK_THROWS_WITH(
      gradvec({"plot", "--vectors", vectors, "--words", "a", "--output", dir.file("q.svg")}),
      Catch::Contains("need at least 2 words, got 1"));
}

// ---- fastText models: words outside the vocabulary get vectors from their n-grams.

namespace {

using Vector = std::vector<double>;
using gv::test::TinyFastTextModel;

Vector unit(Vector v) {
  double norm = 0;
  for (const double x : v) norm += x * x;
  for (double& x : v) x /= std::sqrt(norm);
  return v;
}

double cosine(const Vector& a, const Vector& b) {
  const Vector ua = unit(a), ub = unit(b);
  double dot = 0;
  for (size_t i = 0; i < ua.size(); ++i) dot += ua[i] * ub[i];
  return dot;
}

// Each line of `text` split at whitespace.
std::vector<std::vector<std::string>> fields_of(const std::string& text) {
  std::vector<std::vector<std::string>> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    lines.emplace_back(std::istream_iterator<std::string>(fields),
                       std::istream_iterator<std::string>());
  }
  return lines;
}

// Feeds `text` to std::cin for the lifetime of the object.
class FeedStdin {
 public:
  explicit FeedStdin(const std::string& text) : fed_(text), old_(std::cin.rdbuf(fed_.rdbuf())) {}
  ~FeedStdin() {
    std::cin.rdbuf(old_);
    std::cin.clear();
  }

 private:
  std::istringstream fed_;
  std::streambuf* old_;
};

const std::string kCafe = "caf\xc3\xa9";

}  // namespace

TEST_CASE("gradvec vector prints fastText's vector of any word, from arguments or stdin") {
  const ScratchDir dir("vector_command");
  const TinyFastTextModel tiny;
  const std::string model = dir.file("m.bin");
  tiny.write(model);
  const auto check_lines = [&](const std::string& printed,
                               const std::vector<std::pair<std::string, int64_t>>& words) {
    const auto lines = fields_of(printed);
    REQUIRE(lines.size() == words.size());
    for (size_t i = 0; i < words.size(); ++i) {
      INFO(words[i].first);
      REQUIRE(lines[i].size() == 4);
      CHECK(lines[i][0] == words[i].first);
      const Vector expected = tiny.vector_of(words[i].first, words[i].second);
      for (size_t c = 0; c < 3; ++c) {
        CHECK(std::stod(lines[i][c + 1]) == Approx(expected[c]).margin(1e-6));
      }
    }
  };
  check_lines(gradvec({"vector", "--vectors", model, "the", "xyz"}), {{"the", 0}, {"xyz", -1}});
  const FeedStdin input("the\n  xyz\t" + kCafe + "\ncafe\n");
  check_lines(gradvec({"vector", "--vectors", model}),
              {{"the", 0}, {"xyz", -1}, {kCafe, 1}, {"cafe", -1}});

  // Without n-grams a word outside the dictionary is all zeros, as fastText prints it.
  TinyFastTextModel plain;
  plain.args.maxn = 0;
  plain.args.bucket = 0;
  plain.input.resize(9);  // no bucket rows
  gv::write_fasttext_bin(dir.file("plain.bin"), plain.args, plain.entries, plain.ntokens,
                         {plain.input.data(), 3, 3}, plain.output_view());
  CHECK(gradvec({"vector", "--vectors", dir.file("plain.bin"), "xyz"}) == "xyz 0 0 0\n");
}

TEST_CASE("gradvec vector on word vectors alone refuses an unknown word before printing") {
  const ScratchDir dir("vector_unknown");
  const std::string vectors = write_example(dir);
  CHECK(gradvec({"vector", "--vectors", vectors, "b"}) == "b 0 1 0 0\n");
  std::string printed;
  CHECK_THROWS_WITH(run_gradvec({"vector", "--vectors", vectors, "b", "zz"}, printed),
                    vectors +
                        ": \"zz\" not in vocabulary, and the file has no subword rows to "
                        "build it from");
  CHECK(printed.empty());
}

TEST_CASE("nearest, analogy and repl mark a word built from subwords and score it") {
  const ScratchDir dir("subword_queries");
  const TinyFastTextModel tiny;
  const std::string model = dir.file("m.bin");
  tiny.write(model);
  const Vector the = tiny.vector_of("the", 0), cafe = tiny.vector_of(kCafe, 1),
               eos = tiny.vector_of("</s>", 2), xyz = tiny.vector_of("xyz", -1);

  // xyz is no candidate of its own, so all three words are its neighbours.
  const auto nearest = fields_of(gradvec({"nearest", "--vectors", model, "xyz"}));
  REQUIRE(nearest.size() == 4);
  CHECK(nearest[0] == std::vector<std::string>{"nearest", "to", "xyz", "(from", "subwords):"});
  std::map<std::string, double> expected{
      {"the", cosine(xyz, the)}, {kCafe, cosine(xyz, cafe)}, {"</s>", cosine(xyz, eos)}};
  double previous = 2;
  for (size_t i = 1; i < 4; ++i) {
    REQUIRE(expected.contains(nearest[i][0]));
    const double score = std::stod(nearest[i][1]);
    CHECK(score == Approx(expected[nearest[i][0]]).margin(1e-6));
    CHECK(score <= previous);
    previous = score;
  }

  // the : xyz :: café : ? leaves "</s>" as the only candidate.
  const Vector ux = unit(xyz), ut = unit(the), uc = unit(cafe);
  Vector query(3);
  for (size_t c = 0; c < 3; ++c) query[c] = ux[c] - ut[c] + uc[c];
  const auto analogy =
      fields_of(gradvec({"analogy", "--vectors", model, "--k", "1", "the", "xyz", kCafe}));
  REQUIRE(analogy.size() == 2);
  CHECK(analogy[0] ==
        std::vector<std::string>{"the", ":", "xyz", "(from", "subwords)", "::", kCafe, ":", "?"});
  CHECK(analogy[1][0] == "</s>");
  CHECK(std::stod(analogy[1][1]) == Approx(cosine(eos, query)).margin(1e-6));

  const FeedStdin input("xyz\nthe\n");
  const std::string repl = gradvec({"repl", "--vectors", model, "--k", "1"});
  CHECK_THAT(repl, Catch::StartsWith("xyz (from subwords)\n"));
  CHECK(fields_of(repl).size() == 5);  // header, answer, blank; answer, blank: "the" unmarked
}

TEST_CASE("eval uses n-gram vectors for words outside the vocabulary and counts them") {
  const ScratchDir dir("subword_eval");
  const TinyFastTextModel tiny;
  const std::string model = dir.file("m.bin");
  tiny.write(model);
  // 1: every candidate is a query word, so no answer. 2: xyz from subwords; "</s>" is the only
  // candidate left, and the expected word. 3: the expected word is no candidate: not seen.
  const std::string questions = dir.write(
      "q.txt", ": s\nthe " + kCafe + " </s> the\nxyz " + kCafe + " the </s>\nthe the the zzz\n");
  CHECK(gradvec({"eval", "analogy", "--vectors", model, "--questions", questions}) ==
        "s: 1/2 correct (50.00%)\n"
        "total: 1/2 correct (50.00%), 2/3 questions seen\n"
        "from subwords: 1 of the 2 seen questions had a, b or c outside the vocabulary\n");
  const std::string pairs =
      dir.write("p.txt", "the " + kCafe + " 3\nthe xyz 1\n" + kCafe + " cafe 2\n");
  CHECK_THAT(gradvec({"eval", "similarity", "--vectors", model, "--pairs", pairs}),
             Catch::EndsWith("(3 pairs, 0 skipped, 2 with a word from subwords)\n"));
}

TEST_CASE("info and convert on a fastText model") {
  const ScratchDir dir("fasttext_info");
  const TinyFastTextModel tiny;
  const std::string model = dir.file("m.bin");
  tiny.write(model);
  const std::string info = gradvec({"info", "--vectors", model});
  CHECK_THAT(info, Catch::Contains("format: fastText model\nwords: 3\ndims: 3\n"
                                   "subwords: n-grams of 2-3 characters in 5 buckets\n"));
  // A .vec export holds each word's fastText vector, exactly.
  gradvec({"convert", "--vectors", model, "--output", dir.file("m.vec"), "--output-format", "w2v"});
  const gv::WordVectors original = gv::read_vectors(model),
                        text = gv::read_vectors(dir.file("m.vec"));
  CHECK(text.words == original.words);
  CHECK(text.values == original.values);
  CHECK_THROWS_WITH(
      gradvec({"convert", "--vectors", model, "--output", dir.file("m2.bin"), "--output-format",
               "fasttext-bin"}),
      Catch::Contains(
          "--output-format: fasttext-bin: a fastText model holds n-gram rows and an output matrix "
          "besides word vectors, so only training makes one: `gradvec train --output-format "
          "fasttext-bin`"));
}
