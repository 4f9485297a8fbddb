#include <catch2/catch.hpp>
#include <sstream>

#include "tests/vectors/vector_test_support.h"
#include "tools/repl.h"
#include "tools/vectors/text_file.h"

namespace {

// east = (1, 0), north = (0, 1), northeast = (1, 1) / sqrt(2), west = (-1, 0).
gv::tools::VectorIndex compass() {
  return gv::tools::VectorIndex(gv::test::make_vectors(
      {{"east", {1, 0}}, {"north", {0, 1}}, {"northeast", {3, 3}}, {"west", {-2, 0}}}));
}

// What the loop prints for `input`, answering with `k` words.
std::string run(const std::string& input, int64_t k, bool prompt = false,
                const gv::tools::VectorIndex& index = compass()) {
  std::istringstream in(input);
  std::ostringstream out;
  gv::tools::run_repl(index, in, out, out, prompt, {.k = k});
  return out.str();
}

}  // namespace

TEST_CASE("repl: one word gives neighbours, three words an analogy, until EXIT") {
  // east: northeast cos 1/sqrt(2), north 0. west : east :: north : ? -> east - west + north
  // = (2, 1) / sqrt(5); west, east and north are the query, leaving northeast at
  // (2 + 1) / sqrt(5 * 2) = 0.948683 as the only answer.
  CHECK(run("east\n\nwest east north\nEXIT\nnorth\n", 2) ==
        "northeast\t0.707107\n"
        "north\t0.000000\n"
        "\n"
        "northeast\t0.948683\n"
        "\n");
}

TEST_CASE("repl: an unknown word is a message and the loop goes on to end of input") {
  CHECK(run("nort\nnorth\n", 1) ==
        "\"nort\" not in vocabulary (did you mean: \"north\"?)\n\n"
        "northeast\t0.707107\n\n");
}

TEST_CASE("repl: two words ask for the neighbours of their mean; prompts only if asked") {
  // (east + north) / sqrt(2) = northeast (excluded? no: only east and north are excluded).
  CHECK(run("east north\n", 1, true) == "> northeast\t1.000000\n\n> \n");
}

TEST_CASE("repl: a zero vector or words that cancel out are a message, and the loop goes on") {
  const gv::tools::VectorIndex index(gv::test::make_vectors(
      {{"east", {1, 0}}, {"north", {0, 1}}, {"west", {-1, 0}}, {"zero", {0, 0}}}));
  CHECK(run("zero\neast west\nnorth zero east\nnorth\n", 1, false, index) ==
        "\"zero\" has a zero vector, which has no direction to compare with\n\n"
        "the query words' vectors cancel out to zero, which has no direction\n\n"
        "\"zero\" has a zero vector, which has no direction to compare with\n\n"
        "east\t0.000000\n\n");
}

TEST_CASE("repl: a byte order mark does not stick to the first query word") {
  CHECK(run("\xEF\xBB\xBFnorth\n", 1) == "northeast\t0.707107\n\n");
}

TEST_CASE("repl: a line over the limit ends the loop with an error naming the line") {
  const std::string endless(static_cast<size_t>(gv::kMaxWordLineBytes) + 1, '\0');
  const gv::tools::VectorIndex index = compass();
  std::istringstream in("north\n" + endless);
  std::ostringstream out;
  CHECK_THROWS_WITH(gv::tools::run_repl(index, in, out, out, false, {.k = 1}),
                    "standard input:2: line longer than 1048576 bytes, the limit for a line of "
                    "words");
  CHECK(out.str() == "northeast\t0.707107\n\n");
}
