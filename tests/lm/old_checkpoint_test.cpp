// A checkpoint written by an earlier gradvec (format version 2) still loads and predicts as it
// did there: the parameters are stored in the same order, whatever the model's code calls them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "lm/lm_checkpoint.h"
#include "lm/lm_trainer.h"
#include "lm/sampling.h"
#include "tests/scratch_dir.h"

using gv::testing::ScratchDir;

namespace {

// tests/lm/to_be_learned_v2.lm was written by gradvec at commit 29bcc5b, the last whose model
// read its parameters by index, with
//   gradvec lm train --corpus CORPUS --output to_be_learned_v2.lm --pos learned --layers 1
//     --heads 2 --dim 4 --context 4 --batch 2 --steps 300 --lr 0.03 --warmup 2 --threads 1
// on CORPUS = "to be or not to be\n" 24 times; the values below are what that gradvec printed.
const std::string kOldCheckpoint =
    std::string(GRADVEC_SOURCE_DIR) + "/tests/lm/to_be_learned_v2.lm";

std::string to_be_corpus(const ScratchDir& dir) {
  std::string text;
  for (int i = 0; i < 24; ++i) text += "to be or not to be\n";
  return dir.write("to_be.txt", text);
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("A checkpoint written before the parameters had names samples as it did",
          "[lm][checkpoint]") {
  const gv::LmCheckpoint checkpoint = gv::read_lm_checkpoint(kOldCheckpoint);
  REQUIRE(checkpoint.model->config().positions == gv::PositionKind::learned);
  // gradvec lm sample --checkpoint to_be_learned_v2.lm --length 80 --temperature 1 --seed 7
  //   --prompt "to b"
  gv::SampleOptions options;
  options.length = 80;
  options.temperature = 1.0f;
  options.seed = 7;
  std::vector<int64_t> drawn;
  gv::sample(*checkpoint.model, checkpoint.vocab.encode("to b", "prompt"), options,
             [&](int64_t id) { drawn.push_back(id); });
  CHECK(checkpoint.vocab.decode(drawn) ==
        "e\nt\ne be\ntorr toto to nor be\nto n oto n noto tor nor ot torr t no oto t to notot");
}

TEST_CASE(
    "A checkpoint written before the parameters had names resumes, evaluates as it did, "
    "and is written back byte for byte",
    "[lm][checkpoint]") {
  ScratchDir dir("lm_old_checkpoint");
  gv::LmTrainer trainer = gv::LmTrainer::from_checkpoint(kOldCheckpoint, to_be_corpus(dir));
  // gradvec lm eval --checkpoint to_be_learned_v2.lm --corpus CORPUS --threads 1
  CHECK(trainer.validation_loss(4) == Approx(0.7072).margin(5e-5));
  // Parameters and optimizer moments go back where they came from, in the same order: version 4
  // holds version 2's bytes, with its vocabulary's kind (a byte after the version) before them
  // and the corpus's files after them.
  const std::string again = dir.file("again.lm");
  trainer.save_checkpoint(again);
  const std::string old_bytes = bytes_of(kOldCheckpoint), new_bytes = bytes_of(again);
  constexpr size_t kMagic = 8, kVersion = 4;
  REQUIRE(new_bytes.size() > old_bytes.size() + 1);
  CHECK(new_bytes.substr(0, kMagic) == old_bytes.substr(0, kMagic));
  CHECK(new_bytes[kMagic] == 4);
  CHECK(new_bytes[kMagic + kVersion] == 0);  // characters
  CHECK(new_bytes.substr(kMagic + kVersion + 1, old_bytes.size() - kMagic - kVersion) ==
        old_bytes.substr(kMagic + kVersion));
  CHECK(gv::read_lm_checkpoint(again).training.corpus_files.name == to_be_corpus(dir));
}
