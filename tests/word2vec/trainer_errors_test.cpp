// What a trainer refuses before it trains: corpora it cannot read, options outside their bounds
// (named before the corpus is read), and tables and buffers this machine's memory cannot hold.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "tests/scratch_dir.h"
#include "tests/word2vec/resumed_runs.h"
#include "tests/word2vec/small_options.h"
#include "tests/word2vec/topic_corpus.h"
#include "word2vec/trainer.h"

using gv::Trainer;
using gv::TrainOptions;
using gv::testing::kNeverStop;
using gv::testing::small_options;
using gv::testing::two_topic_corpus;

TEST_CASE("Bad corpora and checkpoints give clear errors", "[trainer][errors]") {
  gv::testing::ScratchDir dir("errors");
  CHECK_THROWS_WITH(Trainer::fresh(dir.file("missing.txt"), small_options()),
                    Catch::Contains("missing.txt"));
  CHECK_THROWS_WITH(Trainer::fresh(dir.write("empty.txt", ""), small_options()),
                    Catch::Contains("empty.txt: the corpus is empty"));
  CHECK_THROWS_WITH(Trainer::fresh(dir.write("marks.txt", "... !? --\n"), small_options()),
                    Catch::Contains("marks.txt: the corpus holds no words"));
  // A vocabulary given to the trainer (--read-vocab) cannot count more tokens than its corpus
  // has bytes.
  CHECK_THROWS_WITH(
      Trainer::fresh(dir.write("short.txt", "a b\n"), small_options(),
                     gv::Vocabulary::build(gv::WordCounts{{"a", {100, 0}}, {"b", {100, 1}}}, 1)),
      Catch::Contains(
          "short.txt: the vocabulary counts 200 tokens, more than its 4 bytes can hold"));
  TrainOptions strict = small_options();
  strict.min_count = 5;
  CHECK_THROWS_WITH(Trainer::fresh(dir.write("rare.txt", "to be or not to be\n"), strict),
                    Catch::Contains("rare.txt") && Catch::Contains("5 times"));
  // Binary garbage is tokenised like any text: it may train or be rejected, never crash.
  std::string garbage(4096, '\0');
  gv::Rng rng(1);
  for (char& c : garbage) c = static_cast<char>(rng.below(256));
  try {
    Trainer binary = Trainer::fresh(dir.write("binary.bin", garbage), small_options());
    binary.train({}, kNeverStop);
  } catch (const std::runtime_error& e) {
    CHECK_THAT(e.what(), Catch::Contains("binary.bin"));
  }

  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(50, 5));
  Trainer trainer = Trainer::fresh(corpus, small_options());
  const std::string checkpoint = dir.file("good.ckpt");
  trainer.save_checkpoint(checkpoint);
  const std::string bytes = gv::testing::read_file(checkpoint);
  for (const size_t keep : {size_t{0}, size_t{5}, bytes.size() / 2, bytes.size() - 1}) {
    const std::string cut = dir.write("cut.ckpt", bytes.substr(0, keep));
    CHECK_THROWS_WITH(Trainer::resumed(cut, corpus),
                      Catch::Contains("cut.ckpt") && Catch::Contains("checkpoint"));
  }
  std::string wrong_magic = bytes;
  wrong_magic[0] = 'X';
  CHECK_THROWS_WITH(Trainer::resumed(dir.write("magic.ckpt", wrong_magic), corpus),
                    Catch::Contains("magic.ckpt") && Catch::Contains("magic"));
  const std::string other = dir.write("other.txt", two_topic_corpus(60, 5));
  CHECK_THROWS_WITH(Trainer::resumed(checkpoint, other),
                    Catch::Contains("good.ckpt") && Catch::Contains("bytes"));
}

TEST_CASE("Options outside their bounds are refused by name before the corpus is read",
          "[trainer][errors][bounds]") {
  gv::testing::ScratchDir dir("bounds");
  // The corpus is gone by the time it would be read: an option error must come first, without
  // counting anything.
  const gv::Corpus missing(dir.write("gone.txt", "a b\n"));
  std::filesystem::remove(missing.path(0));
  struct Case {
    std::function<void(TrainOptions&)> set;
    std::string message;
  };
  const std::vector<Case> cases = {
      {[](TrainOptions& o) { o.dim = 0; }, "train: --dim must be in [1, 65536], got 0"},
      {[](TrainOptions& o) { o.dim = 4611686018427387905; },
       "train: --dim must be in [1, 65536], got 4611686018427387905"},
      {[](TrainOptions& o) { o.window = 1001; }, "train: --window must be in [1, 1000], got 1001"},
      {[](TrainOptions& o) { o.window = 1'000'000'000'000; },
       "train: --window must be in [1, 1000], got 1000000000000"},
      {[](TrainOptions& o) { o.negatives = 100'000'000; },
       "train: --negative must be in [1, 1000], got 100000000"},
      {[](TrainOptions& o) { o.epochs = INT64_MAX; },
       "train: --epochs must be in [1, 1000000], got 9223372036854775807"},
      {[](TrainOptions& o) { o.threads = 1025; },
       "train: --threads must be in [1, 1024], got 1025"},
      {[](TrainOptions& o) { o.threads = 0; }, "train: --threads must be in [1, 1024], got 0"},
      {[](TrainOptions& o) { o.batch = (int64_t{1} << 20) + 1; },
       "train: --batch must be in [1, 1048576], got 1048577"},
      {[](TrainOptions& o) { o.lr = INFINITY; }, "train: --lr must be in (0, 1], got inf"},
      {[](TrainOptions& o) { o.lr = NAN; }, "train: --lr must be in (0, 1], got nan"},
      {[](TrainOptions& o) { o.lr = 1e30f; }, "train: --lr must be in (0, 1], got 1e+30"},
      {[](TrainOptions& o) { o.lr = 0.0f; }, "train: --lr must be in (0, 1], got 0"},
      {[](TrainOptions& o) { o.init_scale = 1000.0f; },
       "train: --init-scale must be in (0, 100], got 1000"},
      {[](TrainOptions& o) { o.min_count = 0; }, "train: --min-count must be positive, got 0"},
  };
  for (const Case& c : cases) {
    TrainOptions o = small_options();
    c.set(o);
    CHECK_THROWS_WITH(o.check(), c.message);
    CHECK_THROWS_WITH(Trainer::fresh(missing, o), c.message);
  }
  // Each bound itself is allowed.
  for (const auto& set : std::vector<std::function<void(TrainOptions&)>>{
           [](TrainOptions& o) { o.dim = gv::kMaxDim; },
           [](TrainOptions& o) { o.window = gv::kMaxWindow; },
           [](TrainOptions& o) { o.negatives = gv::kMaxNegatives; },
           [](TrainOptions& o) { o.epochs = gv::kMaxEpochs; },
           [](TrainOptions& o) { o.threads = gv::kMaxThreads; },
           [](TrainOptions& o) { o.lr = gv::kMaxLr; },
           [](TrainOptions& o) { o.init_scale = gv::kMaxInitScale; }}) {
    TrainOptions o = small_options();
    set(o);
    CHECK_NOTHROW(o.check());
  }
}

// Sizes each within bounds whose product no machine holds, so the refusal does not depend on
// the memory of the machine running the test.
TEST_CASE("What the options size together is checked against memory first", "[trainer][bounds]") {
  gv::testing::ScratchDir dir("memory");
  const gv::Corpus missing(dir.write("gone.txt", "a b\n"));
  std::filesystem::remove(missing.path(0));
  using Catch::Contains;
  TrainOptions steps = small_options();
  steps.batch = gv::kMaxBatch;
  steps.window = gv::kMaxWindow;
  steps.negatives = gv::kMaxNegatives;
  CHECK_THROWS_WITH(steps.check(),
                    Contains("train: training needs about") &&
                        Contains("--batch 1048576 centres with --window 1000 and --negative 1000"));
  CHECK_THROWS_WITH(Trainer::fresh(missing, steps),
                    Contains("--batch 1048576 centres with --window 1000 and --negative 1000") &&
                        Contains("lower one of them"));

  TrainOptions tables = small_options();
  tables.dim = 60000;
  tables.subwords = true;
  tables.subword_scheme.buckets = INT32_MAX;
  CHECK_THROWS_WITH(tables.check(), Contains("the tables take") &&
                                        Contains("W_in 2147483649 x 60000") &&
                                        Contains("lower --dim or --buckets"));

  TrainOptions maps = small_options();
  maps.dim = 1;
  maps.threads = gv::kMaxThreads;
  maps.subwords = true;
  maps.subword_scheme.buckets = INT32_MAX;
  CHECK_THROWS_WITH(maps.check(),
                    Contains("each of --threads 1024 workers") && Contains("lower --threads"));
}
