#include <catch2/catch.hpp>
#include <sstream>

#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/analogy_eval.h"
#include "tools/vectors/eval_words.h"
#include "tools/vectors/text_file.h"

namespace gv::tools {

namespace {

// The analogy example (a, b, c orthonormal; for a : b :: c : ? 3CosAdd answers x and 3CosMul
// answers y), plus three later rows that test gensim's rules:
//   "B"   the second spelling of b, pointing elsewhere: case-insensitively "B" must mean
//         the first spelling's row, b (with B's own vector, B - a + c = (-1, 0, 1, 1) has
//         cosines 0.30 with x, 0.69 with y and 0.67 with C, so the answer would be y);
//   "C"   a second spelling of c placed exactly on b - a + c: the best candidate of every
//         3CosAdd question, which gensim passes over because "C" is a query word;
//   "X"   a variant of x (case-insensitively the same word, as a candidate never first).
gv::WordVectors example_vectors() {
  return gv::test::analogy_example(
      {{"B", {0, 0, 0, 1}}, {"C", {-1, 1, 1, 0}}, {"X", {0, 0, 0, -1}}});
}

std::vector<AnalogySection> parse(const std::string& text) {
  std::istringstream in(text);
  return gv::tools::parse_analogy_questions(in, "q.txt");
}

AnalogyEvalResult evaluate(const std::string& questions, AnalogyEvalOptions options = {}) {
  const VectorIndex index(example_vectors());
  return gv::tools::evaluate_analogies(index, parse(questions), options);
}

}  // namespace

TEST_CASE("questions-words files parse into sections of four-word questions") {
  const std::vector<AnalogySection> sections = parse(
      ": capital-common-countries\nAthens Greece Baghdad Iraq\n\n  \n"
      ":  family \r\nboy girl brother sister\r\nson daughter man woman\n: empty\n");
  REQUIRE(sections.size() == 3);
  CHECK(sections[0].name == "capital-common-countries");
  REQUIRE(sections[0].questions.size() == 1);
  CHECK(sections[0].questions[0].a == "Athens");
  CHECK(sections[0].questions[0].expected == "Iraq");
  CHECK(sections[0].questions[0].line == 2);
  CHECK(sections[1].name == "family");
  REQUIRE(sections[1].questions.size() == 2);
  CHECK(sections[1].questions[0].expected == "sister");  // no '\r' left on the last word
  CHECK(sections[2].questions.empty());
}

TEST_CASE("malformed questions files are rejected naming file and line") {
  CHECK_THROWS_WITH(parse(": s\na b c d\na b c\n"), "q.txt:3: expected 4 words 'a b c d', got 3");
  CHECK_THROWS_WITH(parse(": s\na b c d e\n"), Catch::Contains("q.txt:2: expected 4 words"));
  CHECK_THROWS_WITH(parse("a b c d\n: s\n"), "q.txt:1: question before the first ': section' line");
  CHECK_THROWS_WITH(gv::tools::read_analogy_questions("/nonexistent/q.txt"),
                    Catch::Contains("cannot open questions file '/nonexistent/q.txt'"));
}

TEST_CASE("analogy accuracy counts correct, seen and all questions per section") {
  const std::string questions =
      ": additive\n"
      "a b c x\n"        // 3CosAdd: x, correct
      "a b c y\n"        // 3CosAdd: x, wrong
      "a b c unknown\n"  // not seen: a word outside the vocabulary
      ": multiplicative\n"
      "a b c y\n";
  const AnalogyEvalResult add = evaluate(questions);
  REQUIRE(add.sections.size() == 2);
  CHECK(add.sections[0].name == "additive");
  CHECK(add.sections[0].correct == 1);
  CHECK(add.sections[0].seen == 2);
  CHECK(add.sections[0].questions == 3);
  CHECK(add.sections[1].correct == 0);
  CHECK(add.sections[1].seen == 1);
  CHECK(add.total.correct == 1);
  CHECK(add.total.seen == 3);
  CHECK(add.total.questions == 4);
  CHECK(gv::tools::format_analogy_report(add) ==
        "additive: 1/2 correct (50.00%)\n"
        "multiplicative: 0/1 correct (0.00%)\n"
        "total: 1/3 correct (33.33%), 3/4 questions seen\n");

  AnalogyEvalOptions mul_options;
  mul_options.method = AnalogyMethod::Mul;
  const AnalogyEvalResult mul = evaluate(questions, mul_options);
  CHECK(mul.sections[0].correct == 1);  // "a b c y"
  CHECK(mul.sections[1].correct == 1);
  CHECK(mul.total.correct == 2);
  CHECK(mul.total.seen == 3);
}

TEST_CASE("restrict: a question is seen only if all four words are among the first N") {
  AnalogyEvalOptions options;
  options.restrict_to = 4;  // a b c x: y is no longer a word, so not a candidate either
  options.method = AnalogyMethod::Mul;
  const AnalogyEvalResult result = evaluate(": s\na b c x\na b c y\n", options);
  CHECK(result.total.seen == 1);
  CHECK(result.total.questions == 2);
  CHECK(result.total.correct == 1);  // 3CosMul's answer without y is x
}

TEST_CASE("case-insensitive matching uses the first spelling and skips query variants") {
  // "A b C X": upper-cased A, B, C, X are rows a, b, c, x (first spellings). The best
  // candidate is the row "C" itself (cosine 1 with b - a + c), whose upper-case form is a
  // query word: gensim passes over it and predicts x.
  const AnalogyEvalResult insensitive = evaluate(": s\nA b C X\nA B c x\n");
  CHECK(insensitive.total.seen == 2);
  CHECK(insensitive.total.correct == 2);

  // Case-sensitively "A" is unknown, and "B" is the row B: B - a + c = (-1, 0, 1, 1) has
  // cosines y (0.45 + 0.74) / sqrt(3) = 0.69, C 2 / 3 = 0.67, x (0.1 + 0.42) / sqrt(3) = 0.30,
  // so both "a B c" questions are answered y.
  AnalogyEvalOptions sensitive;
  sensitive.case_insensitive = false;
  const AnalogyEvalResult exact = evaluate(": s\nA b C X\na B c x\na B c y\n", sensitive);
  CHECK(exact.total.questions == 3);
  CHECK(exact.total.seen == 2);
  CHECK(exact.total.correct == 1);  // a B c y
}

TEST_CASE("without the variant rule the top candidate would be a query word's variant") {
  // Sanity check of the example: the plain 3CosAdd ranking puts "C" first.
  const VectorIndex index(example_vectors());
  CHECK(index.analogy("a", "b", "c", 1, AnalogyMethod::Add)[0].word == "C");
}

TEST_CASE("eval vocabulary: first N words, upper-case keys, first spelling wins") {
  const VectorIndex index(example_vectors());
  const gv::tools::EvalWords all(index, 0, true);
  CHECK(all.size() == 8);
  CHECK(all.find("b") == 1);
  CHECK(all.find("B") == 1);
  CHECK(all.key("Paris") == "PARIS");
  const gv::tools::EvalWords exact(index, 6, false);
  CHECK(exact.find("B") == 5);
  CHECK_FALSE(exact.find("C").has_value());  // row 6 is beyond the first 6
  CHECK_THROWS_WITH(gv::tools::EvalWords(index, -2, true),
                    Catch::Contains("restrict must be >= 0"));
}

TEST_CASE("many questions in several blocks and threads count like one by one") {
  // 500 copies of two questions exceed one block of 96 and are split over threads; the
  // count must be exactly 500 correct of 1000 for 3CosAdd.
  std::string questions = ": s\n";
  for (int i = 0; i < 500; ++i) questions += "a b c x\na b c y\n";
  for (const int threads : {1, 2}) {
    const VectorIndex index(example_vectors(), threads);
    const AnalogyEvalResult result =
        gv::tools::evaluate_analogies(index, parse(questions), AnalogyEvalOptions{});
    CHECK(result.total.correct == 500);
    CHECK(result.total.seen == 1000);
  }
}

TEST_CASE("an empty questions file reports zero of zero") {
  const AnalogyEvalResult result = evaluate("");
  CHECK(gv::tools::format_analogy_report(result) ==
        "total: 0/0 correct (0.00%), 0/0 questions seen\n");
}

TEST_CASE("a byte order mark before the first section is not part of its name") {
  const std::vector<AnalogySection> sections =
      parse("\xEF\xBB\xBF: family\nboy girl son daughter\n");
  REQUIRE(sections.size() == 1);
  CHECK(sections[0].name == "family");
  CHECK(sections[0].questions.size() == 1);
  // A file without sections whose first question follows a mark is refused as without one.
  CHECK_THROWS_WITH(parse("\xEF\xBB\xBF"
                          "a b c d\n"),
                    "q.txt:1: question before the first ': section' line");
}

TEST_CASE("a questions line longer than the limit is refused naming file and line") {
  CHECK_THROWS_WITH(
      parse(": s\n" + std::string(static_cast<size_t>(gv::kMaxWordLineBytes) + 1, 'a')),
      "q.txt:2: line longer than 1048576 bytes, the limit for a line of words");
}

TEST_CASE("questions with a zero vector are left out and counted apart") {
  // b - a + c cancels out; z is a zero vector.
  const VectorIndex index(
      gv::test::cancelling_example({{"d", {0, 0, 1}}, {"z", {0, 0, 0}}, {"e", {0, 1, 0}}}));
  const std::vector<AnalogySection> questions = parse(
      ": s\n"
      "a b c d\n"    // 3CosAdd: b - a + c = 0
      "a z d e\n"    // b is zero
      "a d e z\n"    // the expected word is zero
      "d e a b\n");  // e - d + a: b 0.79, c -0.21, z 0: correct
  const AnalogyEvalResult add = gv::tools::evaluate_analogies(index, questions, {});
  CHECK(add.zero_vector == 3);
  CHECK(add.total.seen == 1);
  CHECK(add.total.correct == 1);
  CHECK(gv::tools::format_analogy_report(add) ==
        "s: 1/1 correct (100.00%)\n"
        "total: 1/1 correct (100.00%), 1/4 questions seen\n"
        "left out: 3 of the 4 questions, for a zero vector (a word's, or b - a + c)\n");
  // 3CosMul adds no query vectors up: only the zero words leave questions out.
  AnalogyEvalOptions mul;
  mul.method = AnalogyMethod::Mul;
  const AnalogyEvalResult by_mul = gv::tools::evaluate_analogies(index, questions, mul);
  CHECK(by_mul.zero_vector == 2);
  CHECK(by_mul.total.seen == 2);
}

}  // namespace gv::tools
