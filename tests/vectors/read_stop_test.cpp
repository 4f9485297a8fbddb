// A stop signal while a vector file is read (train --init, convert, plot): every reader looks at
// the stop flag (io/input_pass_stop.h) as it goes, so that a file of gigabytes does not hold the
// signal off until its end. Each file here is read with the flag already set: a reader that
// never looked would read it whole.
#include <atomic>
#include <catch2/catch.hpp>
#include <string>

#include "io/input_pass_stop.h"
#include "tests/vectors/tiny_fasttext_model.h"
#include "tests/vectors/vector_test_support.h"

namespace gv::test {

namespace {

// While it lives, input passes stop at a flag that is set.
class StopAsked {
 public:
  StopAsked() { stop_input_passes_when(&stop_); }
  ~StopAsked() { stop_input_passes_when(nullptr); }
  StopAsked(const StopAsked&) = delete;
  StopAsked& operator=(const StopAsked&) = delete;

 private:
  std::atomic<bool> stop_{true};
};

}  // namespace

TEST_CASE("each vector reader stops at a stop signal, naming the file", "[vector_io]") {
  const ScratchDir dir;
  const WordVectors vectors = analogy_example();
  std::string path;
  SECTION("GloVe text") {
    path = dir.file("v.txt");
    write_vectors(path, vectors, VectorFormat::Glove);
  }
  SECTION("word2vec binary") {
    path = dir.file("v.bin");
    write_vectors(path, vectors, VectorFormat::Word2VecBinary);
  }
  SECTION("a fastText model") {
    path = dir.file("m.bin");
    TinyFastTextModel().write(path);
  }
  // The same file is read whole without a stop.
  CHECK(read_vectors(path).size() > 0);
  const StopAsked stop;
  CHECK_THROWS_MATCHES(read_vectors(path), InputPassStopped,
                       Catch::Matchers::Message("reading " + path));
}

}  // namespace gv::test
