#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <string>

#include "autograd/io/count_limit.h"
#include "embeddings/bpe/bpe_trainer.h"
#include "tests/file_bytes.h"
#include "tests/scratch_dir.h"
#include "tests/word2vec/read_back.h"
#include "tests/word2vec/resumed_runs.h"
#include "word2vec/checkpoint.h"
#include "word2vec/corpus/corpus_fingerprint.h"
#include "word2vec/corpus/corpus_reader.h"
#include "word2vec/initial_model.h"
#include "word2vec/train_group.h"
#include "word2vec/trainer.h"

TEST_CASE("A checkpoint of the first format is refused by its version", "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("old_checkpoint");
  const std::string corpus = dir.write("corpus.txt", "a b a b\n");
  // Version 1 began with this magic and had no version field; the rest does not matter.
  const std::string old = dir.write("old.ckpt", "GVCKPT01" + std::string(64, '\0'));
  CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(old, corpus),
                    Catch::Contains("old.ckpt") && Catch::Contains("unsupported version 1") &&
                        Catch::Contains("checkpoint versions 8 to 12"));
}

TEST_CASE(
    "Checkpoints from before CBOW, subwords, corpus fingerprints, padded rows, tokenizers and "
    "continued runs are refused by their version",
    "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("v2_checkpoint");
  const std::string corpus = dir.write("corpus.txt", "a b a b\n");
  // Version 2 stored no model, version 3 no subword scheme, version 4 no corpus fingerprint,
  // version 5 rows dim wide, version 6 no tokenizer, version 7 no prior tokens nor frozen rows;
  // the header is the magic and the version, a uint32.
  for (const char version : {'\x02', '\x03', '\x04', '\x05', '\x06', '\x07'}) {
    const std::string name = std::string{'v', static_cast<char>('0' + version)} + ".ckpt";
    std::string bytes = "GVCHKPNT";
    bytes.push_back(version);  // little-endian uint32, then anything
    bytes.append(3 + 64, '\0');
    const std::string old = dir.write(name, bytes);
    CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(old, corpus),
                      Catch::Contains(name) &&
                          Catch::Contains("unsupported version " + std::to_string(int{version})) &&
                          Catch::Contains("checkpoint versions 8 to 12"));
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

namespace {

// A corpus of short lines over a few words, `lines` long.
std::string small_corpus(int lines) {
  std::string text;
  const char* words[] = {"the", "king", "queen", "a", "crown", "and", "sword", "of", "gold"};
  for (int line = 0; line < lines; ++line) {
    for (int w = 0; w < 6; ++w) text += std::string(w ? " " : "") + words[(line * 7 + w * w) % 9];
    text += '\n';
  }
  return text;
}

// A checkpoint with every optional part present: subwords (W_in has bucket rows), Adam (state
// tensors and step counters), and a stop mid-epoch (a worker position inside the corpus).
std::string mid_run_checkpoint(const gv::testing::ScratchDir& dir, const std::string& corpus) {
  gv::TrainOptions o;
  o.dim = 4;
  o.min_count = 1;
  o.epochs = 2;
  o.threads = 1;
  o.optimizer = gv::OptimizerKind::adam;
  o.subwords = true;
  o.subword_scheme = {3, 4, 50};
  gv::Trainer trainer(corpus, o);
  const std::atomic<bool> never{false};
  REQUIRE_FALSE(trainer.train({}, never, 700));
  const std::string path = dir.file("good.ckpt");
  trainer.save_checkpoint(path);
  return path;
}

using gv::testing::raw;
using gv::testing::read_at;

// Where each field of a checkpoint starts, found by walking the layout checkpoint.cpp documents;
// the walk must end exactly at the end of the file.
std::map<std::string, size_t> locate_fields(const std::string& bytes) {
  std::map<std::string, size_t> at;
  size_t offset = 12;  // magic and version
  const auto field = [&](const std::string& name, size_t size) {
    at[name] = offset;
    offset += size;
  };
  const auto count = [&] { return read_at<uint32_t>(bytes, offset); };
  for (const char* name :
       {"dim", "window", "negatives", "min_count", "max_vocab", "epochs", "batch", "threads",
        "optimizer", "loss", "model", "tokenizer", "sample"}) {
    field(name, 8);
  }
  field("lr", 4);
  field("seed", 8);
  for (const char* name :
       {"lowercase", "keep_punctuation", "line_is_sentence", "shared_negatives", "subwords"}) {
    field(name, 1);
  }
  for (const char* name : {"minn", "maxn", "buckets"}) field(name, 8);
  if (read_at<int64_t>(bytes, at.at("tokenizer")) == static_cast<int64_t>(gv::TokenizerKind::bpe)) {
    const uint32_t merges = count();
    field("BPE merges", 4);
    for (uint32_t k = 0; k < merges; ++k) field("BPE merge " + std::to_string(k), 8);
  }
  for (const char* name : {"corpus size", "corpus fingerprint", "prior tokens"}) field(name, 8);
  const uint32_t words = count();
  field("vocabulary size", 4);
  for (uint32_t id = 0; id < words; ++id) {
    offset += 4 + count();
    field("count of word " + std::to_string(id), 8);
  }
  const uint32_t rare = count();
  field("rare words", 4);
  for (uint32_t i = 0; i < rare; ++i) {
    const std::string word = "rare word " + std::to_string(i);
    field(word, 4 + count());
    field(word + " count", 8);
  }
  const auto tensor = [&](const std::string& name) {
    const uint32_t ndim = count();
    offset += 4;
    int64_t numel = 1;
    for (uint32_t d = 0; d < ndim; ++d) {
      numel *= read_at<int64_t>(bytes, offset);
      field(name + " dim " + std::to_string(d), 8);
    }
    field(name + " data", 4 * static_cast<size_t>(numel));
  };
  tensor("W_in");
  tensor("W_out");
  const uint32_t frozen = count();
  field("frozen rows", 4);
  for (uint32_t i = 0; i < frozen; ++i) field("frozen row " + std::to_string(i), 8);
  const auto dim = static_cast<size_t>(read_at<int64_t>(bytes, at.at("dim")));
  field("anchor", 4);
  const uint32_t anchored = count();
  field("anchored rows", 4);
  for (uint32_t i = 0; i < anchored; ++i) {
    field("anchored row " + std::to_string(i), 8);
    field("anchored values " + std::to_string(i), 4 * dim);
  }
  const uint32_t tensors = count();
  field("optimizer tensors", 4);
  for (uint32_t i = 0; i < tensors; ++i) tensor("optimizer tensor " + std::to_string(i));
  const uint32_t counters = count();
  field("optimizer counters", 4);
  for (uint32_t i = 0; i < counters; ++i) field("optimizer counter " + std::to_string(i), 8);
  field("seconds", 8);
  const uint32_t processes = count();
  field("sync processes", 4);
  if (processes > 0) {
    for (const char* name : {"sync words", "sync epoch", "sync next round"}) field(name, 8);
  }
  for (uint32_t p = 0; p < processes; ++p) {
    const std::string process = "process " + std::to_string(p) + " ";
    for (const char* name : {"share words", "epoch start"}) field(process + name, 8);
  }
  const uint32_t workers = count();
  field("workers", 4);
  for (uint32_t w = 0; w < workers; ++w) {
    const std::string worker = "worker " + std::to_string(w) + " ";
    for (const char* name : {"epoch", "byte offset", "sentences after"}) field(worker + name, 8);
    field(worker + "rng", 32);
    field(worker + "cached normal", 8);
    field(worker + "has cached normal", 1);
    for (const char* name : {"words done", "loss sum", "loss pairs"}) field(worker + name, 8);
  }
  REQUIRE(offset == bytes.size());
  return at;
}

// A field overwritten: its new bytes, and what the error must say besides the checkpoint's name.
struct Edit {
  std::string field;
  std::string bytes;
  std::string message;
};

// `good` with `edit`'s bytes written over its field, which `at` locates.
std::string edited(const std::string& good, const std::map<std::string, size_t>& at,
                   const Edit& edit) {
  std::string bytes = good;
  std::copy(edit.bytes.begin(), edit.bytes.end(), bytes.begin() + at.at(edit.field));
  REQUIRE(bytes != good);
  return bytes;
}

}  // namespace

TEST_CASE("Every field of a checkpoint is checked before anything is allocated from it",
          "[trainer][checkpoint][errors]") {
  gv::testing::ScratchDir dir("corrupt_checkpoint");
  const std::string corpus = dir.write("corpus.txt", small_corpus(200));
  const std::string good = gv::testing::read_file(mid_run_checkpoint(dir, corpus));
  std::map<std::string, size_t> at = locate_fields(good);
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
      gv::Trainer::from_checkpoint(bad, corpus);
      FAIL("accepted");
    } catch (const std::runtime_error& e) {
      const std::string message = e.what();
      CHECK_THAT(message, Catch::Contains("bad.ckpt") && Catch::Contains(edit.message));
      CHECK(message.find('\n') == std::string::npos);  // one line, as gradvec prints it
    }
  }
  // The good one resumes.
  CHECK(gv::Trainer::from_checkpoint(dir.write("again.ckpt", good), corpus).vocabulary().size() ==
        9);
}

TEST_CASE("A checkpoint's counts add up to at most 2^44 tokens, whatever else its fields allow",
          "[trainer][checkpoint][errors]") {
  gv::testing::ScratchDir dir("crafted_counts");
  const std::string corpus = dir.write("corpus.txt", small_corpus(200));
  const std::string good = gv::testing::read_file(mid_run_checkpoint(dir, corpus));
  const std::map<std::string, size_t> at = locate_fields(good);
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
  CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(bad, corpus), Catch::Equals(bad + ": " + message));
  CHECK_THROWS_WITH(gv::read_checkpoint_model(bad), Catch::Equals(bad + ": " + message));
}

TEST_CASE("A NaN or an infinity anywhere in a checkpoint's tables or optimizer state is refused",
          "[trainer][checkpoint][errors]") {
  gv::testing::ScratchDir dir("non_finite_checkpoint");
  const std::string corpus = dir.write("corpus.txt", small_corpus(200));
  const std::string good = gv::testing::read_file(mid_run_checkpoint(dir, corpus));
  const std::map<std::string, size_t> at = locate_fields(good);
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
    CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(bad, corpus), Catch::Equals(message));
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
  gv::Trainer model_run(first, o);
  REQUIRE(model_run.train({}, gv::testing::kNeverStop));
  model_run.save_checkpoint(dir.file("model.ckpt"));
  const gv::InitialModel model = gv::read_checkpoint_model(dir.file("model.ckpt"));
  gv::Trainer anchored(corpus, o, model, false, 2.0f);
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
    CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(dir.write("bad.ckpt", bytes), corpus),
                      Catch::Contains("bad.ckpt") && Catch::Contains(edit.message));
  }
  CHECK_NOTHROW(gv::Trainer::from_checkpoint(dir.file("anchored.ckpt"), corpus));
}

TEST_CASE("A checkpoint refuses a corpus of the same size with other contents",
          "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("other_corpus");
  const std::string text = small_corpus(200);
  const std::string corpus = dir.write("corpus.txt", text);
  const std::string checkpoint = mid_run_checkpoint(dir, corpus);
  std::string rot13 = text;
  for (char& c : rot13) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>('a' + (c - 'a' + 13) % 26);
  }
  // The same lines, the last first: every line start of the original may still be one.
  const size_t last_line = text.rfind('\n', text.size() - 2) + 1;
  const std::string reordered = text.substr(last_line) + text.substr(0, last_line);
  for (const auto& [name, other] : {std::pair{"rot13.txt", rot13}, {"reordered.txt", reordered}}) {
    REQUIRE(other.size() == text.size());
    CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(checkpoint, dir.write(name, other)),
                      Catch::Contains("good.ckpt: was written for another corpus: ") &&
                          Catch::Contains(name) &&
                          Catch::Contains("same size (" + std::to_string(text.size()) + " bytes)"));
  }
}

TEST_CASE("read_checkpoint gives back what a trainer saved, field by field",
          "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("checkpoint_unit");
  const std::string corpus = dir.write("corpus.txt", small_corpus(200));
  gv::TrainOptions o;
  o.dim = 20;  // stored 32 floats wide
  o.min_count = 1;
  o.epochs = 3;
  o.threads = 2;
  o.seed = 7;
  o.optimizer = gv::OptimizerKind::adagrad;
  gv::Trainer trainer(corpus, o);
  const std::atomic<bool> never{false};
  REQUIRE_FALSE(trainer.train({}, never, 1000));
  const std::string path = dir.file("run.ckpt");
  trainer.save_checkpoint(path);

  const gv::TrainerCheckpoint saved = gv::read_checkpoint(path, corpus);
  const gv::TrainingState& state = saved.training;
  CHECK(state.options.dim == 20);
  CHECK(state.options.epochs == 3);
  CHECK(state.options.threads == 2);
  CHECK(state.options.seed == 7);
  CHECK(state.options.optimizer == gv::OptimizerKind::adagrad);
  CHECK(state.corpus == gv::fingerprint_corpus(corpus));
  CHECK(state.seconds == trainer.progress().seconds);
  REQUIRE(saved.vocab.size() == trainer.vocabulary().size());
  for (int64_t id = 0; id < saved.vocab.size(); ++id) {
    CHECK(saved.vocab.word(id) == trainer.vocabulary().word(id));
    CHECK(saved.vocab.count(id) == trainer.vocabulary().count(id));
  }
  const gv::Tensor& w_in = trainer.input_table().value();
  REQUIRE(saved.w_in.shape() == gv::Shape{saved.vocab.size(), 32});
  CHECK(std::equal(w_in.data(), w_in.data() + w_in.numel(), saved.w_in.data()));
  CHECK(saved.w_out.shape() == trainer.output_table().value().shape());
  // Adagrad keeps one accumulator per table, and no step counters.
  CHECK(state.optimizer.tensors.size() == 2);
  CHECK(state.optimizer.counters.empty());
  REQUIRE(state.positions.size() == 2);
  int64_t words = 0;
  for (const gv::WorkerPosition& p : state.positions) words += p.words_done;
  CHECK(words == trainer.progress().words_done);
  CHECK(words >= 1000);
}

namespace {

// A corpus read as the BPE tokens of merges learned from it.
gv::TrainOptions bpe_run_options(const std::string& text) {
  gv::bpe::BpeTrainer learner;
  learner.add_text(text);
  gv::TrainOptions o;
  o.dim = 4;
  o.min_count = 1;
  o.threads = 1;
  o.tokenizer.kind = gv::TokenizerKind::bpe;
  o.tokenizer.lowercase = false;
  o.tokenizer.bpe =
      std::make_shared<const gv::BpeWords>(gv::bpe::BpeVocabulary(learner.learn(300)));
  return o;
}

// `bytes` with the header's version field set to `version`.
std::string with_version(std::string bytes, uint32_t version) {
  std::memcpy(bytes.data() + 8, &version, sizeof version);
  return bytes;
}

}  // namespace

TEST_CASE("A checkpoint over BPE tokens holds the merges, and a resume reads the same pieces",
          "[trainer][checkpoint][bpe]") {
  gv::testing::ScratchDir dir("bpe_checkpoint");
  const std::string text = small_corpus(200);
  const std::string corpus = dir.write("corpus.txt", text);
  gv::Trainer original(corpus, bpe_run_options(text));
  const std::atomic<bool> never{false};
  REQUIRE_FALSE(original.train({}, never, 700));
  const std::string checkpoint = dir.file("bpe.ckpt");
  original.save_checkpoint(checkpoint);
  const std::string bytes = gv::testing::read_file(checkpoint);
  const std::map<std::string, size_t> at = locate_fields(bytes);  // the layout as documented
  const std::vector<gv::bpe::Merge>& merges =
      original.options().tokenizer.bpe->vocabulary().merges();
  REQUIRE(merges.size() > 2);
  REQUIRE(read_at<uint32_t>(bytes, at.at("BPE merges")) == merges.size());

  const gv::Trainer resumed = gv::Trainer::from_checkpoint(checkpoint, corpus);
  const gv::TokenizerOptions& saved = original.options().tokenizer;
  const gv::TokenizerOptions& read = resumed.options().tokenizer;
  REQUIRE(read.kind == gv::TokenizerKind::bpe);
  CHECK(read.bpe->vocabulary().merges() == saved.bpe->vocabulary().merges());
  CHECK(read.bpe->fingerprint() == saved.bpe->fingerprint());
  CHECK(resumed.vocabulary().words() == original.vocabulary().words());
  CHECK(std::count(original.vocabulary().words().begin(), original.vocabulary().words().end(),
                   "\u2581king") == 1);

  // Merge 1 made to join token 300, not made before it.
  std::string damaged = bytes;
  const int32_t later = 300;
  std::memcpy(damaged.data() + at.at("BPE merge 1"), &later, sizeof later);
  CHECK_THROWS_WITH(gv::Trainer::from_checkpoint(dir.write("damaged.ckpt", damaged), corpus),
                    Catch::Contains("damaged.ckpt") && Catch::Contains("BPE merges: merge 1") &&
                        Catch::Contains("300"));
  // Version 8 had no BPE tokenizer.
  CHECK_THROWS_WITH(
      gv::Trainer::from_checkpoint(dir.write("v8.ckpt", with_version(bytes, 8)), corpus),
      Catch::Contains("v8.ckpt") && Catch::Contains("tokenizer must be in [0, 1], got 2"));
}

TEST_CASE(
    "Version 11, 10, 9 and 8 checkpoints, from before rare words, anchors, sync states and BPE "
    "tokenizers, are read",
    "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("v8_checkpoint");
  const std::string corpus = dir.write("corpus.txt", small_corpus(200));
  const std::string v12 = gv::testing::read_file(mid_run_checkpoint(dir, corpus));
  REQUIRE(read_at<uint32_t>(v12, 8) == 12);
  // Version 11 is version 12 without the rare words, which a run that kept every word writes
  // as none; version 10 is version 11 without the anchor, which a run without one writes as
  // lambda 0 and no rows; version 9 is version 10 without the sync count, which a run alone
  // writes as 0. Each is cut from the one after it, the later field first.
  const std::map<std::string, size_t> at = locate_fields(v12);
  REQUIRE(read_at<uint32_t>(v12, at.at("rare words")) == 0);
  REQUIRE(read_at<float>(v12, at.at("anchor")) == 0.0f);
  REQUIRE(read_at<uint32_t>(v12, at.at("anchored rows")) == 0);
  REQUIRE(read_at<uint32_t>(v12, at.at("sync processes")) == 0);
  std::string v9 = v12;
  v9.erase(at.at("sync processes"), sizeof(uint32_t));
  v9.erase(at.at("anchor"), sizeof(float) + sizeof(uint32_t));
  v9.erase(at.at("rare words"), sizeof(uint32_t));
  std::string v10 = v12;
  v10.erase(at.at("anchor"), sizeof(float) + sizeof(uint32_t));
  v10.erase(at.at("rare words"), sizeof(uint32_t));
  std::string v11 = v12;
  v11.erase(at.at("rare words"), sizeof(uint32_t));
  const std::pair<uint32_t, const std::string*> olds[] = {
      {11, &v11}, {10, &v10}, {9, &v9}, {8, &v9}};
  for (const auto& [version, bytes] : olds) {
    INFO("version " << version);
    const std::string old = dir.write("old.ckpt", with_version(*bytes, version));
    gv::Trainer from_old = gv::Trainer::from_checkpoint(old, corpus);
    CHECK(from_old.resumed_sync().processes.empty());
    from_old.save_checkpoint(dir.file("again.ckpt"));
    CHECK(gv::testing::read_file(dir.file("again.ckpt")) == v12);
    // And continued: a model with no rare words, whose words all stay.
    const gv::InitialModel model = gv::read_checkpoint_model(old);
    CHECK(model.rare.empty());
    gv::TrainOptions o = from_old.options();
    o.min_count = 5;
    const gv::Trainer continued(dir.write("new.txt", "king crown zorblax\n"), o, model, false);
    CHECK(continued.vocabulary().size() == 9);
    CHECK(gv::testing::read_back(continued.training_state().continued.rare) ==
          gv::WordCounts{{"zorblax", {1, 0}}});
  }
}

TEST_CASE("A checkpoint keeps the words it gave no row, each checked as read",
          "[trainer][checkpoint][rare]") {
  gv::testing::ScratchDir dir("rare_checkpoint");
  // kinq and kinr occur once, under min_count 2, as long as a vocabulary word (king).
  const std::string corpus = dir.write("corpus.txt", small_corpus(200) + "kinq kinr\n");
  gv::TrainOptions o;
  o.dim = 4;
  o.min_count = 2;
  o.epochs = 2;
  o.threads = 1;
  gv::Trainer trainer(corpus, o);
  REQUIRE_FALSE(trainer.train({}, gv::testing::kNeverStop, 700));
  trainer.save_checkpoint(dir.file("good.ckpt"));
  const std::string good = gv::testing::read_file(dir.file("good.ckpt"));
  const gv::WordCounts rare{{"kinq", {1, 0}}, {"kinr", {1, 1}}};
  CHECK(gv::testing::read_back(gv::Trainer::from_checkpoint(dir.file("good.ckpt"), corpus)
                                   .training_state()
                                   .continued.rare) == rare);
  CHECK(gv::read_checkpoint_model(dir.file("good.ckpt")).rare == rare);

  std::map<std::string, size_t> at = locate_fields(good);
  REQUIRE(read_at<uint32_t>(good, at.at("rare words")) == 2);
  REQUIRE(read_at<uint32_t>(good, at.at("rare word 0")) == 4);
  at["rare word 0 last byte"] = at.at("rare word 0 count") - 1;
  at["rare word 1 last byte"] = at.at("rare word 1 count") - 1;
  const int64_t vocab_total = trainer.vocabulary().total_count();
  const Edit edits[] = {
      {"rare words", raw(uint32_t{0xFFFFFFFF}), "truncated or corrupt: rare words claims"},
      {"rare word 0", raw(uint32_t{0x7FFFFFFF}), "truncated or corrupt: rare words claims"},
      {"rare word 0 count", raw(int64_t{0}), "rare word 0's count must be in [1, "},
      // The rare words' counts add up with the vocabulary's to at most 2^44 (count_limit.h).
      {"rare word 1 count", raw(std::numeric_limits<int64_t>::max()),
       "rare word 1's count must be in [1, " +
           std::to_string(gv::kMaxTotalCount - vocab_total - 1) +
           "] (counts add up to at most 2^44 tokens; those before it to " +
           std::to_string(vocab_total + 1) + ")"},
      {"rare word 0 count", raw(int64_t{1} << 62), "rare word 0's count must be in [1, "},
      {"rare word 0 last byte", "g", "rare word 0 'king' is in the vocabulary too"},
      {"rare word 1 last byte", "q", "rare word 1 'kinq' repeats"},
      {"rare word 0 last byte", " ", "rare word 0 'kin "},
  };
  const auto refused = [&](const std::string& bytes, const std::string& message) {
    try {
      gv::read_checkpoint_model(dir.write("bad.ckpt", bytes));
      FAIL("accepted");
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      CHECK_THAT(what, Catch::Contains("bad.ckpt") && Catch::Contains(message));
      CHECK(what.find('\n') == std::string::npos);
    }
  };
  for (const Edit& edit : edits) {
    INFO(edit.field << " edited");
    refused(edited(good, at, edit), edit.message);
  }
  // Cut inside the rare words: in the second word, and in its count.
  refused(good.substr(0, at.at("rare word 1") + 6), "truncated");
  refused(good.substr(0, at.at("rare word 1 count") + 3), "truncated");
}

TEST_CASE(
    "A checkpoint of a run across processes holds each one's workers and place in the "
    "schedule, checked as read",
    "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("sync_checkpoint");
  const std::string corpus = dir.write("corpus.txt", small_corpus(200));
  const gv::Trainer trainer = gv::Trainer::from_checkpoint(mid_run_checkpoint(dir, corpus), corpus);
  // Two processes of one thread each, the second's worker at the start of its share.
  gv::TrainingState state = trainer.training_state();
  const std::vector<gv::ByteRange> shares = gv::split_corpus(gv::Corpus(corpus), 2);
  REQUIRE(shares[1].begin > 0);
  gv::WorkerPosition second = state.positions.front();
  second.corpus = {shares[1].begin, 0};
  second.words_done = 40;
  state.positions.front().corpus = {shares[0].begin, 0};
  state.positions.push_back(second);
  state.sync = {100, 1, 3, {{500, 600}, {450, 40}}};
  const std::string path = dir.file("ranks.ckpt");
  gv::write_checkpoint(path, trainer.vocabulary(), trainer.input_table().value(),
                       trainer.output_table().value(), state);

  const gv::Trainer resumed = gv::Trainer::from_checkpoint(path, corpus);
  const gv::SyncState& sync = resumed.resumed_sync();
  CHECK(sync.sync_words == 100);
  CHECK(sync.epoch == 1);
  CHECK(sync.next_round == 3);
  REQUIRE(sync.processes.size() == 2);
  CHECK(sync.processes[1].share_words == 450);
  CHECK(sync.processes[1].epoch_start == 40);
  // A plain run refuses it, naming the ranks that resume it.
  gv::Trainer plain = gv::Trainer::from_checkpoint(path, corpus);
  CHECK_THROWS_WITH(gv::TrainGroup().join(plain), Catch::Contains("written across 2 MPI rank(s)") &&
                                                      Catch::Contains("mpirun -np 2"));

  const std::string good = gv::testing::read_file(path);
  const std::map<std::string, size_t> at = locate_fields(good);
  const Edit edits[] = {
      {"sync words", raw(int64_t{0}), "sync words must be >= 1"},
      {"sync epoch", raw(int64_t{3}), "sync epoch must be in [0, 2]"},
      {"sync next round", raw(int64_t{0}), "sync next round must be in [1, "},
      {"sync next round", raw(int64_t{1000}), "(the rounds of an epoch)"},
      {"process 1 share words", raw(int64_t{1} << 40), "process 1 share words"},
      {"process 0 epoch start", raw(int64_t{-1}), "process 0 epoch start"},
      {"workers", raw(uint32_t{1}), "worker count must be 2"},
      {"worker 1 byte offset", raw(shares[0].begin), "worker 1 position"},  // not its share
  };
  for (const Edit& edit : edits) {
    INFO(edit.field << " edited");
    CHECK_THROWS_WITH(
        gv::Trainer::from_checkpoint(dir.write("bad.ckpt", edited(good, at, edit)), corpus),
        Catch::Contains("bad.ckpt") && Catch::Contains(edit.message));
  }
}
