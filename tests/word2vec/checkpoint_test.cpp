#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "tests/scratch_dir.h"
#include "word2vec/trainer.h"

TEST_CASE("A checkpoint of the first format is refused by its version", "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("old_checkpoint");
  const std::string corpus = dir.write("corpus.txt", "a b a b\n");
  // Version 1 began with this magic and had no version field; the rest does not matter.
  const std::string old = dir.write("old.ckpt", "GVCKPT01" + std::string(64, '\0'));
  CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(old, corpus),
                    Catch::Contains("old.ckpt") && Catch::Contains("unsupported version 1") &&
                        Catch::Contains("checkpoint version 4"));
}

TEST_CASE("Checkpoints from before CBOW and before subwords are refused by their version",
          "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("v2_checkpoint");
  const std::string corpus = dir.write("corpus.txt", "a b a b\n");
  // Version 2 stored no model, version 3 no subword scheme; the header is the magic and the
  // version, a uint32.
  for (const char version : {'\x02', '\x03'}) {
    const std::string name = version == '\x02' ? "v2.ckpt" : "v3.ckpt";
    std::string bytes = "GVCHKPNT";
    bytes.push_back(version);  // little-endian uint32, then anything
    bytes.append(3 + 64, '\0');
    const std::string old = dir.write(name, bytes);
    CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(old, corpus),
                      Catch::Contains(name) &&
                          Catch::Contains("unsupported version " + std::to_string(int{version})) &&
                          Catch::Contains("checkpoint version 4"));
  }
}

TEST_CASE("A resumed run keeps the saved ids of words tied in count", "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("tied_checkpoint");
  // Every word occurs twice: first appearance orders them c, a, d, b, not alphabetically.
  const std::string corpus = dir.write("corpus.txt", "c a d b\nb d a c\n");
  gv::TrainOptions o;
  o.dim = 4;
  o.min_count = 1;
  const gv::Trainer original(corpus, o);
  const std::string checkpoint = dir.file("tied.ckpt");
  original.save_checkpoint(checkpoint);
  const gv::Trainer resumed = gv::Trainer::from_checkpoint(checkpoint, corpus);
  const gv::Vocabulary &saved = original.vocabulary(), &restored = resumed.vocabulary();
  REQUIRE(restored.size() == 4);
  for (int64_t id = 0; id < saved.size(); ++id) CHECK(restored.word(id) == saved.word(id));
  CHECK(saved.word(0) == "c");
  CHECK(saved.word(3) == "b");
}
