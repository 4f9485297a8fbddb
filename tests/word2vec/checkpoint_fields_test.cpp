// A checkpoint's fields, each checked as read: every one overwritten with a bad value is refused
// naming it, before anything is allocated from it; and the bounds that hold across fields.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <map>
#include <string>

#include "io/count_limit.h"
#include "tests/scratch_dir.h"
#include "tests/word2vec/checkpoint_layout.h"
#include "tests/word2vec/resumed_runs.h"
#include "word2vec/checkpoint/checkpoint.h"
#include "word2vec/trainer.h"

// checkpoint_layout.h's runs and field walk, file_bytes.h's raw and read_at.
using namespace gv::testing;

TEST_CASE_METHOD(MidRunCheckpoint,
                 "Every field of a checkpoint is checked before anything is allocated from it",
                 "[trainer][checkpoint][errors]") {
  // Rows of dim 4 are stored in 16 floats: row 0's fifth is the first of its padding.
  REQUIRE(read_at<int64_t>(good, at.at("W_in dim 1")) == 16);
  at["W_in row 0 padding"] = at.at("W_in data") + 4 * sizeof(float);
  at["W_out row 3 last float"] = at.at("W_out data") + (3 * 16 + 15) * sizeof(float);
  REQUIRE(read_at<int64_t>(good, at.at("worker 0 byte offset")) > 0);  // a position mid-corpus
  REQUIRE(at.count("optimizer counter 0") == 1);
  const auto count0 = read_at<int64_t>(good, at.at("count of word 0"));
  at["word 0 last byte"] = at.at("count of word 0") - 1;
  const auto nan = std::numeric_limits<double>::quiet_NaN();
  const int64_t big = int64_t{1} << 62;
  // Option bounds the trainer's constructor checks (--window, --negative, ...) are tried with
  // values it refuses whatever its upper bounds.
  const Edit edits[] = {
      {"dim", raw(int64_t{1} << 40), "dim must be in [1, 65536]"},
      {"dim", raw(big), "dim must be"},
      {"dim", raw(int64_t{20}), "W_in's width must be 32 (dim 20 rounded up"},
      {"W_in row 0 padding", raw(1.0f), "W_in row 0: nonzero padding past dim"},
      {"W_out row 3 last float", raw(-0.5f), "W_out row 3: nonzero padding past dim"},
      {"window", raw(int64_t{0}), "--window"},
      {"negatives", raw(int64_t{-1}), "--negative"},
      {"min_count", raw(int64_t{0}), "min_count"},
      {"min_count", raw(int64_t{1000000}), "vocabulary count of word"},
      {"max_vocab", raw(int64_t{-1}), "max_vocab"},
      {"max_vocab", raw(int64_t{2}), "vocabulary size must be <= max_vocab"},
      {"epochs", raw(big), "epochs must be in [1, "},
      {"epochs", raw(int64_t{0}), "epochs must be in [1, "},
      {"epochs", raw(-big), "epochs must be in [1, "},  // negative: epochs x words would overflow
      {"batch", raw(int64_t{0}), "--batch"},
      {"threads", raw(int64_t{0}), "threads"},
      {"threads", raw(int64_t{1} << 40), "threads"},
      {"threads", raw(int64_t{2}), "worker count"},
      {"optimizer", raw(int64_t{7}), "optimizer"},
      {"optimizer", raw(int64_t{0}), "optimizer state"},  // SGD has none
      {"loss", raw(int64_t{-1}), "loss"},
      {"model", raw(int64_t{2}), "model"},
      {"tokenizer", raw(int64_t{3}), "tokenizer"},
      // A BPE tokenizer's merges would follow: the file is too short for the count read there.
      {"tokenizer", raw(int64_t{2}), "BPE merges claims"},
      {"sample", raw(nan), "--sample"},
      {"lr", raw(0.0f), "--lr"},
      {"lowercase", raw(uint8_t{2}), "lowercase"},
      {"subwords", raw(uint8_t{0}), "W_in height"},
      {"minn", raw(int64_t{0}), "--minn"},
      {"maxn", raw(int64_t{2}), "--maxn"},
      {"buckets", raw(int64_t{0}), "--buckets"},
      {"buckets", raw(int64_t{51}), "buckets must be"},
      {"corpus size", raw(int64_t{1}), "was written for a corpus of 1 bytes"},
      {"corpus fingerprint", raw(read_at<uint64_t>(good, at.at("corpus fingerprint")) ^ 1),
       "was written for another corpus"},
      {"prior tokens", raw(int64_t{-1}), "prior tokens must be in [0, "},
      {"prior tokens", raw(big), "prior tokens must be fewer than the vocabulary's counts"},
      {"frozen rows", raw(uint32_t{1000}), "frozen rows"},
      {"anchor", raw(std::numeric_limits<float>::quiet_NaN()), "--anchor-known must be"},
      {"anchor", raw(1e6f), "their product must be at most 1"},
      {"anchor", raw(1.0f), "anchored rows must be in [1, 9]"},
      {"anchored rows", raw(uint32_t{1}), "anchored rows must be 0 with anchor lambda 0"},
      {"anchored rows", raw(uint32_t{0xFFFFFFFF}), "anchored rows"},
      {"vocabulary size", raw(uint32_t{0xFFFFFFFF}), "vocabulary"},
      {"count of word 0", raw(big), "vocabulary count of word 0"},
      {"count of word 1", raw(count0 + 1), "vocabulary count of word 1"},
      {"W_in dim 1", raw(int64_t{1} << 40), "W_in"},
      {"W_out dim 0", raw(big), "W_out"},
      {"optimizer tensors", raw(uint32_t{1000}), "optimizer state"},
      {"optimizer counter 0", raw(int64_t{-1}), "optimizer step count"},
      {"seconds", raw(nan), "seconds"},
      {"seconds", raw(-1.0), "seconds"},
      {"workers", raw(uint32_t{2}), "worker count"},
      {"worker 0 epoch", raw(int64_t{3}), "worker 0 epoch"},
      {"worker 0 byte offset", raw(int64_t{1}), "worker 0 position"},  // not a line start
      {"worker 0 byte offset", raw(big), "worker 0 position"},
      {"worker 0 sentences after", raw(int64_t{-1}), "worker 0 position"},
      {"worker 0 sentences after", raw(int64_t{1000000}), "worker 0 position"},
      {"worker 0 rng", std::string(32, '\0'), "worker 0 random state"},
      {"worker 0 cached normal", raw(std::numeric_limits<double>::infinity()),
       "worker 0 cached normal"},
      {"worker 0 has cached normal", raw(uint8_t{2}), "worker 0 has cached normal"},
      {"worker 0 words done", raw(big), "worker 0 words done"},
      {"worker 0 words done", raw(int64_t{-1}), "worker 0 words done"},
      {"worker 0 loss sum", raw(nan), "worker 0 loss sum"},
      {"worker 0 loss pairs", raw(int64_t{-1}), "worker 0 loss pairs"},
      // Sums that would overflow when added up, or print a mean no run can produce.
      {"worker 0 loss pairs", raw(std::numeric_limits<int64_t>::max()), "worker 0 loss pairs"},
      {"worker 0 loss sum", raw(1e308), "worker 0 loss sum"},
      {"worker 0 cached normal", raw(100.0), "worker 0 cached normal"},
      {"optimizer counter 0", raw(std::numeric_limits<int64_t>::max()), "optimizer step count"},
      // Words that no vector file can hold, found before training rather than at its end.
      {"word 0 last byte", std::string(1, '\n'), "vocabulary word 0"},
      {"word 0 last byte", std::string(1, '\0'), "vocabulary word 0"},
      {"word 0 last byte", std::string(1, ' '), "vocabulary word 0"},
  };
  for (const Edit& edit : edits) {
    INFO(edit.field << " edited");
    const std::string bad = dir.write("bad.ckpt", edited(good, at, edit));
    try {
      gv::Trainer::resumed(bad, corpus);
      FAIL("accepted");
    } catch (const std::runtime_error& e) {
      const std::string message = e.what();
      CHECK_THAT(message, Catch::Contains("bad.ckpt") && Catch::Contains(edit.message));
      CHECK(message.find('\n') == std::string::npos);  // one line, as gradvec prints it
    }
  }
  // The good one resumes.
  CHECK(gv::Trainer::resumed(dir.write("again.ckpt", good), corpus).vocabulary().size() == 9);
}

TEST_CASE_METHOD(
    MidRunCheckpoint,
    "A checkpoint's counts add up to at most 2^44 tokens, whatever else its fields allow",
    "[trainer][checkpoint][errors]") {
  // 2^62 prior tokens made room for 2^62 more in the first count, and every other bound held:
  // then every other word's share of the negatives rounded to 0, and the draw of a negative
  // other than word 0 never ended, in a resumed run as in one continued from it (--init).
  const int64_t crafted = int64_t{1} << 62;
  const int64_t count0 = read_at<int64_t>(good, at.at("count of word 0"));
  const std::string bad =
      dir.write("crafted.ckpt", edited(edited(good, at, {"prior tokens", raw(crafted), ""}), at,
                                       {"count of word 0", raw(count0 + crafted), ""}));
  const std::string message =
      "not a valid gradvec checkpoint (vocabulary count of word 0 must be in [1, 17592186044416] "
      "(counts add up to at most 2^44 tokens; those before it to 0), got " +
      std::to_string(count0 + crafted) + ")";
  CHECK_THROWS_WITH(gv::Trainer::resumed(bad, corpus), Catch::Equals(bad + ": " + message));
  CHECK_THROWS_WITH(gv::read_checkpoint_model(bad), Catch::Equals(bad + ": " + message));
}

TEST_CASE_METHOD(
    MidRunCheckpoint,
    "A NaN or an infinity anywhere in a checkpoint's tables or optimizer state is refused",
    "[trainer][checkpoint][errors]") {
  // Rows of 16 floats (dim 4); the vocabulary's 9 words, then W_in's 50 bucket rows.
  const auto value = [&](const std::string& table, int64_t row, int64_t column) {
    return at.at(table + " data") + static_cast<size_t>(row * 16 + column) * sizeof(float);
  };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  // Accepted at load before, a NaN failed only when the vectors were written, and so did the
  // resume command of the checkpoint kept then.
  const std::pair<size_t, std::string> edits[] = {
      {value("W_in", 0, 0), raw(nan)},
      {value("W_in", 12, 3), raw(-inf)},  // a bucket row: the word vectors never read it
      {value("W_out", 8, 1), raw(inf)},
      {value("optimizer tensor 1", 5, 2), raw(nan)},  // Adam's first moments of W_out
  };
  const std::string messages[] = {
      "W_in row 0: value 1 is NaN or infinite",
      "W_in row 12: value 4 is NaN or infinite",
      "W_out row 8: value 2 is NaN or infinite",
      "optimizer state 1 row 5: value 3 is NaN or infinite",
  };
  for (size_t i = 0; i < std::size(edits); ++i) {
    std::string bytes = good;
    bytes.replace(edits[i].first, sizeof(float), edits[i].second);
    const std::string bad = dir.write("bad.ckpt", bytes);
    const std::string message = bad + ": not a valid gradvec checkpoint (" + messages[i] + ")";
    CHECK_THROWS_WITH(gv::Trainer::resumed(bad, corpus), Catch::Equals(message));
    // train --init reads the tables alone: the optimizer state is never read there.
    if (i < 3) CHECK_THROWS_WITH(gv::read_checkpoint_model(bad), Catch::Equals(message));
  }
}

TEST_CASE("An anchored run's checkpoint holds its rows and checks them as read",
          "[trainer][checkpoint][anchor]") {
  gv::testing::ScratchDir dir("anchored_checkpoint");
  const std::string corpus = dir.write("corpus.txt", small_corpus(200));
  const std::string first = dir.write("first.txt", "king queen crown king queen crown\n");
  gv::TrainOptions o;
  o.dim = 4;
  o.min_count = 1;
  o.threads = 1;
  gv::Trainer model_run = gv::Trainer::fresh(first, o);
  REQUIRE(model_run.train({}, gv::testing::kNeverStop));
  model_run.save_checkpoint(dir.file("model.ckpt"));
  const gv::InitialModel model = gv::read_checkpoint_model(dir.file("model.ckpt"));
  gv::Trainer anchored =
      gv::Trainer::continued(corpus, o, model, {gv::KnownWords::Rule::anchored, 2.0f});
  REQUIRE_FALSE(anchored.train({}, gv::testing::kNeverStop, 300));
  anchored.save_checkpoint(dir.file("anchored.ckpt"));
  const std::string good = gv::testing::read_file(dir.file("anchored.ckpt"));
  const std::map<std::string, size_t> at = locate_fields(good);
  // The model's three words, ascending by id, at their values in the model.
  REQUIRE(read_at<float>(good, at.at("anchor")) == 2.0f);
  REQUIRE(read_at<uint32_t>(good, at.at("anchored rows")) == 3);
  const int64_t second = read_at<int64_t>(good, at.at("anchored row 1"));
  const std::string word = anchored.vocabulary().word(second);
  const auto in_model = std::find(model.words.begin(), model.words.end(), word);
  REQUIRE(in_model != model.words.end());
  CHECK(read_at<float>(good, at.at("anchored values 1")) ==
        model.w_in[static_cast<size_t>(in_model - model.words.begin()) * 4]);
  const Edit edits[] = {
      {"anchored row 1", raw(int64_t{0}), "anchored row must be in ["},  // not ascending
      {"anchored row 2", raw(int64_t{9}), "anchored row must be in ["},  // past the vocabulary
      {"anchored values 0", raw(std::numeric_limits<float>::infinity()),
       "anchored row " + std::to_string(read_at<int64_t>(good, at.at("anchored row 0"))) +
           ": value 1 is NaN or infinite"},
      {"frozen rows", raw(uint32_t{1}) + raw(int64_t{0}), "frozen rows must be 0 beside an anchor"},
  };
  for (const auto& edit : edits) {
    INFO(edit.field << " edited");
    std::string bytes = good;
    // A frozen row is inserted (the count and the id); every other edit overwrites.
    if (edit.field == "frozen rows")
      bytes.replace(at.at(edit.field), sizeof(uint32_t), edit.bytes);
    else
      std::copy(edit.bytes.begin(), edit.bytes.end(), bytes.begin() + at.at(edit.field));
    CHECK_THROWS_WITH(gv::Trainer::resumed(dir.write("bad.ckpt", bytes), corpus),
                      Catch::Contains("bad.ckpt") && Catch::Contains(edit.message));
  }
  CHECK_NOTHROW(gv::Trainer::resumed(dir.file("anchored.ckpt"), corpus));
}
