// Training meets vector files: a trained table exported, written and read back, as
// `gradvec train` does it.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "tests/scratch_dir.h"
#include "tools/trained_vectors.h"
#include "tools/vectors/vector_io.h"

using gv::Trainer;
using gv::TrainOptions;

namespace {

const std::atomic<bool> kNeverStop{false};

}  // namespace

TEST_CASE("TinyShakespeare: one epoch lowers the loss and the vectors load back",
          "[trainer][integration]") {
  const std::string corpus = std::string(GRADVEC_SOURCE_DIR) + "/data/tinyshakespeare.txt";
  INFO("needs the corpus: run data/fetch.sh first");
  REQUIRE(std::filesystem::exists(corpus));
  TrainOptions o;  // the defaults of `gradvec train`, one epoch
  o.epochs = 1;
  o.threads = 2;
  Trainer trainer = Trainer::fresh(corpus, o);
  CHECK(trainer.vocabulary().size() > 3000);
  double first_loss = 0;
  REQUIRE(trainer.train(
      [&](const gv::TrainProgress& p) {
        if (first_loss == 0) first_loss = p.loss;
      },
      kNeverStop));
  // W_out starts at zero, so the very first pairs cost log 2 each; the first report, after the
  // pairs of its interval have trained, is already lower, and the end must be lower still.
  CHECK(first_loss <= std::log(2.0) + 1e-6);
  CHECK(trainer.progress().loss < 0.85 * std::log(2.0));
  gv::testing::ScratchDir dir("shakespeare");
  const std::string path = dir.file("tinyshakespeare.vec");
  gv::write_vectors(path, gv::tools::input_vectors(trainer), gv::VectorFormat::Word2VecText);
  const gv::WordVectors loaded = gv::read_vectors(path);
  CHECK(loaded.size() == trainer.vocabulary().size());
  CHECK(loaded.dim == 100);
  CHECK(loaded.words[0] == trainer.vocabulary().word(0));
}

TEST_CASE("Trained vectors are written from the table and taken from a released trainer",
          "[trainer][export]") {
  gv::testing::ScratchDir dir("export");
  std::string text;
  for (int line = 0; line < 50; ++line) text += "the cat sat on the mat and the dog sat too\n";
  const std::string corpus = dir.write("c.txt", text);
  for (const bool subwords : {false, true}) {
    CAPTURE(subwords);
    TrainOptions o;
    o.dim = 8;
    o.epochs = 1;
    o.threads = 1;
    o.min_count = 1;
    o.subwords = subwords;
    o.subword_scheme.buckets = 64;
    Trainer trainer = Trainer::fresh(corpus, o);
    REQUIRE(trainer.train({}, kNeverStop));
    const gv::WordVectors expected = gv::tools::input_vectors(trainer);
    // Binary: the floats as they are, so the comparison is exact.
    const std::string path = dir.file(subwords ? "subwords.bin" : "words.bin");
    gv::tools::write_input_vectors(trainer, path, gv::VectorFormat::Word2VecBinary);
    const gv::WordVectors written = gv::read_vectors(path);
    CHECK(written.words == expected.words);
    CHECK(written.values == expected.values);
    const gv::WordVectors taken = gv::tools::take_input_vectors(std::move(trainer));
    CHECK(taken.words == expected.words);
    CHECK(taken.dim == 8);
    CHECK(taken.values == expected.values);
  }
}
