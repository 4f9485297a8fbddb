// Training the transformer (gradvec lm): the loss falls, threads share a batch exactly, an
// interrupted run resumes bit for bit, a resumed run extends to more steps, and bad corpora,
// options and checkpoints are refused with one error naming them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "lm/lm_checkpoint.h"
#include "lm/lm_trainer.h"
#include "tests/file_bytes.h"
#include "tests/lm/lm_support.h"
#include "tests/scratch_dir.h"

namespace gv::testing {

TEST_CASE("Training lowers the validation loss from its starting value", "[lm][trainer]") {
  ScratchDir dir("lm_train");
  gv::LmTrainOptions run = small_run();
  run.steps = 40;
  LmTrainer trainer(shakespeare_excerpt(dir), small_config(), run);
  CHECK(trainer.corpus().vocab.size() > 30);
  CHECK(trainer.corpus().validation.size() == 600);  // the last 10% of 6000
  const double before = trainer.validation_loss(12);
  // At the start every character is about equally likely: log V nats.
  CHECK(before == Approx(std::log(double(trainer.corpus().vocab.size()))).margin(0.1));
  CHECK(trainer.train({}, kNoStop));
  CHECK(trainer.progress().step == 40);
  CHECK(trainer.validation_loss(12) < before - 0.5);
}

TEST_CASE("Two threads sharing a batch take the step one thread takes", "[lm][trainer]") {
  ScratchDir dir("lm_threads");
  const std::string corpus = shakespeare_excerpt(dir);
  // Learned positions too, so a second row-sparse table is summed across threads.
  for (const gv::PositionKind positions : {gv::PositionKind::rope, gv::PositionKind::learned}) {
    INFO(gv::position_name(positions));
    LmTrainer one(corpus, small_config(positions), small_run(1));
    LmTrainer two(corpus, small_config(positions), small_run(2));
    REQUIRE(one.train({}, kNoStop));
    REQUIRE(two.train({}, kNoStop));
    const std::vector<float> a = values_of(one), b = values_of(two);
    REQUIRE(a.size() == b.size());
    // The same windows and the same gradients, summed in another order: equal up to rounding.
    for (size_t i = 0; i < a.size(); ++i) CHECK(a[i] == Approx(b[i]).margin(2e-4));
  }
}

TEST_CASE("A run stopped and resumed from its checkpoint equals one that never stopped",
          "[lm][trainer][checkpoint]") {
  ScratchDir dir("lm_resume");
  const std::string corpus = shakespeare_excerpt(dir);
  for (const int threads : {1, 2}) {
    INFO(threads << " thread(s)");
    LmTrainer straight(corpus, small_config(gv::PositionKind::learned), small_run(threads));
    REQUIRE(straight.train({}, kNoStop));
    LmTrainer first(corpus, small_config(gv::PositionKind::learned), small_run(threads));
    CHECK_FALSE(first.train({}, kNoStop, 3));
    CHECK(first.progress().step == 3);
    first.save_checkpoint(dir.file("run.ckpt"));
    LmTrainer resumed = LmTrainer::from_checkpoint(dir.file("run.ckpt"), corpus);
    CHECK(resumed.progress().step == 3);
    REQUIRE(resumed.train({}, kNoStop));
    CHECK(values_of(resumed) == values_of(straight));
  }
}

TEST_CASE("A resumed run given more steps follows the new total's schedule from where it stood",
          "[lm][trainer][checkpoint]") {
  ScratchDir dir("lm_extend");
  const std::string corpus = shakespeare_excerpt(dir);
  const auto to = [](int64_t steps) {
    gv::LmResumeChanges changes;
    changes.steps = steps;
    return changes;
  };
  // Stopped within its warm-up, whose rates do not depend on the total: extended to 12 steps, the
  // run must then be the run set for 12 from the start, bit for bit.
  gv::LmTrainOptions longer = small_run();
  longer.steps = 12;
  LmTrainer straight(corpus, small_config(), longer);
  REQUIRE(straight.train({}, kNoStop));
  LmTrainer first(corpus, small_config(), small_run());
  CHECK_FALSE(first.train({}, kNoStop, 2));
  first.save_checkpoint(dir.file("run.ckpt"));
  LmTrainer extended = LmTrainer::from_checkpoint(dir.file("run.ckpt"), corpus, to(12));
  CHECK(extended.options().steps == 12);
  REQUIRE(extended.train({}, kNoStop));
  CHECK(extended.progress().step == 12);
  CHECK(values_of(extended) == values_of(straight));
  // A finished run extends too; fewer steps than it has taken are refused, naming --steps.
  extended.save_checkpoint(dir.file("done.ckpt"));
  LmTrainer again = LmTrainer::from_checkpoint(dir.file("done.ckpt"), corpus, to(14));
  REQUIRE(again.train({}, kNoStop));
  CHECK(again.progress().step == 14);
  CHECK_THROWS_WITH(
      LmTrainer::from_checkpoint(dir.file("done.ckpt"), corpus, to(11)),
      "--steps must be at least the 12 steps " + dir.file("done.ckpt") + " has taken, got 11");
}

TEST_CASE("Bad corpora and options are refused before training", "[lm][trainer][errors]") {
  ScratchDir dir("lm_bad");
  CHECK_THROWS_WITH(LmTrainer(dir.file("missing.txt"), small_config(), small_run()),
                    Catch::Contains("missing.txt: corpus not found"));
  CHECK_THROWS_WITH(LmTrainer(dir.write("empty.txt", ""), small_config(), small_run()),
                    Catch::Contains("empty.txt: the corpus is empty"));
  CHECK_THROWS_WITH(
      LmTrainer(dir.write("short.txt", std::string(100, 'a')), small_config(), small_run()),
      Catch::Contains("short.txt: 100 bytes leave the 10% validation split 10 characters, too "
                      "few for a context of 12: it needs at least 13"));
  gv::LmTrainOptions zero_batch = small_run();
  zero_batch.batch = 0;
  // The option is named before the corpus is even read.
  CHECK_THROWS_WITH(LmTrainer(dir.file("missing.txt"), small_config(), zero_batch),
                    "--batch must be in [1, 1048576], got 0");
  gv::GptConfig huge = small_config();
  huge.dim = 16384;
  huge.layers = 256;
  CHECK_THROWS_WITH(LmTrainer(shakespeare_excerpt(dir), huge, small_run()),
                    Catch::Contains("need") && (Catch::Contains("GB but this machine has") ||
                                                Catch::Contains("GB but this process may use")));
}

TEST_CASE("Checkpoints that are damaged, foreign or for another corpus are refused by name",
          "[lm][checkpoint][errors]") {
  ScratchDir dir("lm_ckpt");
  const std::string corpus = shakespeare_excerpt(dir);
  LmTrainer trainer(corpus, small_config(), small_run());
  const std::string path = dir.file("good.ckpt");
  trainer.save_checkpoint(path);
  const std::string bytes = gv::testing::read_file(path);

  // Cut anywhere: in the header, the vocabulary, the parameters, the optimizer state.
  for (const size_t keep : {size_t{5}, size_t{20}, bytes.size() / 2, bytes.size() - 3}) {
    INFO("cut to " << keep << " bytes");
    const std::string cut = dir.write("cut.ckpt", bytes.substr(0, keep));
    CHECK_THROWS_WITH(gv::read_lm_checkpoint(cut), Catch::Contains("cut.ckpt"));
  }
  CHECK_THROWS_WITH(gv::read_lm_checkpoint(dir.write("foreign.ckpt", "GVPARAMS\x01\0\0\0")),
                    Catch::Contains("foreign.ckpt: not a valid gradvec language-model checkpoint"));

  // A model of absurd size whose floats the file cannot hold: refused before allocating it.
  std::string huge = bytes;
  const size_t config_at = 8 + 4 + 4 + trainer.corpus().vocab.size();  // magic, version, symbols
  const int64_t layers = 256, dim = 16384;
  std::memcpy(&huge[config_at], &layers, sizeof layers);
  std::memcpy(&huge[config_at + 16], &dim, sizeof dim);
  CHECK_THROWS_WITH(gv::read_lm_checkpoint(dir.write("huge.ckpt", huge)),
                    Catch::Contains("huge.ckpt: not a valid gradvec language-model checkpoint"));

  // The same size, other contents: every 'a' an 'e', as `tr a e` makes it.
  std::string text = gv::testing::read_file(corpus);
  std::replace(text.begin(), text.end(), 'a', 'e');
  CHECK_THROWS_WITH(
      LmTrainer::from_checkpoint(path, dir.write("tr.txt", text)),
      Catch::Contains("good.ckpt: was written for another corpus:") &&
          Catch::Contains("tr.txt has the same size (6000 bytes) but other contents"));
  // The right file, but another corpus.
  CHECK_THROWS_WITH(LmTrainer::from_checkpoint(path, shakespeare_excerpt(dir, 7000)),
                    Catch::Contains("good.ckpt: was written for a corpus of 6000 bytes, but") &&
                        Catch::Contains("has 7000"));
  // Version 1 had no corpus hash: refused by its number, as is a version not yet made.
  for (const char version : {1, 5}) {
    std::string other = bytes;
    other[8] = version;
    CHECK_THROWS_WITH(gv::read_lm_checkpoint(dir.write("v.ckpt", other)),
                      Catch::Contains("v.ckpt: unsupported version " + std::to_string(version) +
                                      " (this build reads language-model checkpoint versions 2 "
                                      "to 4)"));
  }
  // A corpus with a character the model never saw.
  CHECK_THROWS_WITH(
      LmTrainer::from_checkpoint(path, dir.write("other.txt", std::string(6000, '~'))),
      Catch::Contains("'~' at offset 0 is not one of the model's"));
}

TEST_CASE("A run whose loss diverges stops, naming --lr, and a NaN model is never read",
          "[lm][trainer][errors]") {
  ScratchDir dir("lm_diverge");
  const std::string corpus = shakespeare_excerpt(dir);
  gv::LmTrainOptions reckless = small_run();
  reckless.lr = 1e30f;
  reckless.steps = 3;
  reckless.warmup = 0;
  LmTrainer trainer(corpus, small_config(), reckless);
  // The first step's loss is that of a sound model, and its update moves each parameter by about
  // 1e30, still a float; the second step's logits overflow.
  CHECK_THROWS_WITH(trainer.train({}, kNoStop),
                    Catch::Contains("lm train: training diverged at step 2 of 3: the loss became "
                                    "NaN") &&
                        Catch::Contains("lower --lr (it is 1e+30)"));

  // A checkpoint holding a NaN, as a run that diverged before this check could write: sampling,
  // evaluating and resuming all read it through read_lm_checkpoint, which refuses it.
  LmTrainer sound(corpus, small_config(), small_run());
  Var tokens = sound.model().parameters()[0];
  tokens.value().data()[5] = std::numeric_limits<float>::quiet_NaN();
  const std::string path = dir.file("nan.ckpt");
  sound.save_checkpoint(path);
  const std::string refusal =
      "nan.ckpt: not a valid gradvec language-model checkpoint (parameter 0 row 0: value 6 is NaN "
      "or infinite)";
  CHECK_THROWS_WITH(gv::read_lm_checkpoint(path), Catch::Contains(refusal));
  CHECK_THROWS_WITH(LmTrainer::from_checkpoint(path, corpus), Catch::Contains(refusal));
}

TEST_CASE("Every progress field of an lm checkpoint is bounded by what a run can produce",
          "[lm][checkpoint][errors]") {
  ScratchDir dir("lm_ckpt_fields");
  const std::string corpus = shakespeare_excerpt(dir);
  LmTrainer trainer(corpus, small_config(), small_run());
  REQUIRE_FALSE(trainer.train({}, kNoStop, 3));
  const std::string path = dir.file("good.ckpt");
  trainer.save_checkpoint(path);
  const std::string good = gv::testing::read_file(path);
  // Magic, version, vocabulary kind, the symbols; the model (4 int64, 2 uint8), the options (3
  // int64, 3 float, uint64, int64); then corpus bytes and hash, step, seconds, 4 rng words, cached
  // normal, its flag.
  const size_t progress_at = 8 + 4 + 1 + 4 + trainer.corpus().vocab.size() + 34 + 52;
  const size_t step_at = progress_at + 16, rng_at = progress_at + 32, normal_at = rng_at + 32;
  // Then the parameters' count and shapes (uint32 ndim, int64 dims each), then their floats.
  size_t floats_at = normal_at + 9 + 4;
  gv::GptConfig config = small_config();
  config.vocab = trainer.corpus().vocab.size();
  size_t state_at = floats_at;
  for (const gv::Shape& shape : gv::parameter_shapes(config)) {
    floats_at += 4 + 8 * shape.size();
    state_at += 4 + 8 * shape.size() + 4 * static_cast<size_t>(gv::shape_numel(shape));
  }
  // Then the optimizers' count, the first one's tensor count, and its first tensor's rank and
  // dims before its floats.
  state_at += 4 + 4;
  state_at += 4 + 8 * read_at<uint32_t>(good, state_at);
  REQUIRE(read_at<int64_t>(good, step_at) == 3);
  // The file ends with the corpus's name and its files' count and paths; before them, the last
  // optimizer's step counters, each the run's 3 steps.
  const gv::LmCorpusFiles& files = trainer.corpus().files;
  const size_t files_at = good.size() - 4 - files.paths.front().size() - 4;
  const size_t corpus_at = files_at - 4 - files.name.size();
  REQUIRE(files.paths.size() == 1);
  REQUIRE(read_at<uint32_t>(good, files_at) == 1);
  REQUIRE(read_at<int64_t>(good, corpus_at - 8) == 3);

  const struct {
    size_t at;
    std::string bytes;
    std::string message;
  } edits[] = {
      {step_at, raw(int64_t{9}), "step must be in [0, 8] (the steps option), got 9"},
      {rng_at, std::string(32, '\0'), "random state is all zero"},
      {normal_at, raw(std::numeric_limits<double>::infinity()), "cached normal must be"},
      {normal_at, raw(1e6), "cached normal must be finite and at most 9 in magnitude"},
      {normal_at + 8, raw(uint8_t{2}), "has cached normal must be 0 or 1, got 2"},
      {floats_at + 4, raw(std::numeric_limits<float>::quiet_NaN()),
       "parameter 0 row 0: value 2 is NaN or infinite"},
      // Adam's moments: a NaN there was taken for a divergence at the first resumed step.
      {state_at + 4 * 3, raw(std::numeric_limits<float>::infinity()),
       "optimizer 0 state 0 row 0: value 4 is NaN or infinite"},
      {corpus_at - 8, raw(std::numeric_limits<int64_t>::max()),
       "optimizer step count must be in [0, 3] (the step)"},
      // Counts of the corpus's files and of a path's bytes that the file cannot hold.
      {files_at, raw(uint32_t{0x7FFFFFFF}),
       "truncated or corrupt: corpus files claims 2147483647 items"},
      {files_at + 4, raw(uint32_t{0x7FFFFFFF}),
       "truncated or corrupt: corpus files claims 2147483647 items"},
  };
  for (const auto& edit : edits) {
    INFO(edit.message);
    std::string bytes = good;
    std::copy(edit.bytes.begin(), edit.bytes.end(), bytes.begin() + static_cast<long>(edit.at));
    REQUIRE(bytes != good);
    CHECK_THROWS_WITH(gv::read_lm_checkpoint(dir.write("bad.ckpt", bytes)),
                      Catch::Contains("bad.ckpt: not a valid gradvec language-model checkpoint (" +
                                      edit.message));
  }
  CHECK(gv::read_lm_checkpoint(dir.write("again.ckpt", good)).training.step == 3);
}

}  // namespace gv::testing
