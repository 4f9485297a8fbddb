// A checkpoint's format and what it brings back: old versions refused, resumed runs, what
// read_checkpoint returns, BPE merges and rare words kept. Its fields one by one:
// checkpoint_fields_test.cpp.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <string>

#include "io/count_limit.h"
#include "tests/file_bytes.h"
#include "tests/scratch_dir.h"
#include "tests/word2vec/checkpoint_layout.h"
#include "tests/word2vec/read_back.h"
#include "tests/word2vec/resumed_runs.h"
#include "text/bpe/bpe_trainer.h"
#include "text/corpus/corpus_fingerprint.h"
#include "text/corpus/corpus_reader.h"
#include "word2vec/checkpoint/checkpoint.h"
#include "word2vec/data_parallel/train_group.h"
#include "word2vec/initial_model.h"
#include "word2vec/trainer.h"

// checkpoint_layout.h's runs and field walk, file_bytes.h's raw and read_at.
using namespace gv::testing;

TEST_CASE("A checkpoint of the first format is refused by its version", "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("old_checkpoint");
  const std::string corpus = dir.write("corpus.txt", "a b a b\n");
  // Version 1 began with this magic and had no version field; the rest does not matter.
  const std::string old = dir.write("old.ckpt", "GVCKPT01" + std::string(64, '\0'));
  CHECK_THROWS_WITH(gv::Trainer::resumed(old, corpus),
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
    CHECK_THROWS_WITH(gv::Trainer::resumed(old, corpus),
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
  const gv::Trainer original = gv::Trainer::fresh(corpus, o);
  const std::string checkpoint = dir.file("tied.ckpt");
  original.save_checkpoint(checkpoint);
  const gv::Trainer resumed = gv::Trainer::resumed(checkpoint, corpus);
  const gv::Vocabulary &saved = original.vocabulary(), &restored = resumed.vocabulary();
  REQUIRE(restored.size() == 4);
  for (int64_t id = 0; id < saved.size(); ++id) CHECK(restored.word(id) == saved.word(id));
  CHECK(saved.word(0) == "c");
  CHECK(saved.word(3) == "b");
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
    CHECK_THROWS_WITH(gv::Trainer::resumed(checkpoint, dir.write(name, other)),
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
  gv::Trainer trainer = gv::Trainer::fresh(corpus, o);
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
  o.tokenizer.bpe = std::make_shared<const gv::BpeWords>(gv::bpe::BpeTokens(learner.learn(300)));
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
  gv::Trainer original = gv::Trainer::fresh(corpus, bpe_run_options(text));
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

  const gv::Trainer resumed = gv::Trainer::resumed(checkpoint, corpus);
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
  CHECK_THROWS_WITH(gv::Trainer::resumed(dir.write("damaged.ckpt", damaged), corpus),
                    Catch::Contains("damaged.ckpt") && Catch::Contains("BPE merges: merge 1") &&
                        Catch::Contains("300"));
  // Version 8 had no BPE tokenizer.
  CHECK_THROWS_WITH(
      gv::Trainer::resumed(dir.write("v8.ckpt", with_version(bytes, 8)), corpus),
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
    gv::Trainer from_old = gv::Trainer::resumed(old, corpus);
    CHECK(from_old.resumed_sync().processes.empty());
    from_old.save_checkpoint(dir.file("again.ckpt"));
    CHECK(gv::testing::read_file(dir.file("again.ckpt")) == v12);
    // And continued: a model with no rare words, whose words all stay.
    const gv::InitialModel model = gv::read_checkpoint_model(old);
    CHECK(model.rare.empty());
    gv::TrainOptions o = from_old.options();
    o.min_count = 5;
    const gv::Trainer continued =
        gv::Trainer::continued(dir.write("new.txt", "king crown zorblax\n"), o, model, {});
    CHECK(continued.vocabulary().size() == 9);
    CHECK(gv::testing::read_back(continued.training_state().rare) ==
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
  gv::Trainer trainer = gv::Trainer::fresh(corpus, o);
  REQUIRE_FALSE(trainer.train({}, gv::testing::kNeverStop, 700));
  trainer.save_checkpoint(dir.file("good.ckpt"));
  const std::string good = gv::testing::read_file(dir.file("good.ckpt"));
  const gv::WordCounts rare{{"kinq", {1, 0}}, {"kinr", {1, 1}}};
  CHECK(gv::testing::read_back(
            gv::Trainer::resumed(dir.file("good.ckpt"), corpus).training_state().rare) == rare);
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
  const gv::Trainer trainer = gv::Trainer::resumed(mid_run_checkpoint(dir, corpus), corpus);
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

  const gv::Trainer resumed = gv::Trainer::resumed(path, corpus);
  const gv::SyncState& sync = resumed.resumed_sync();
  CHECK(sync.sync_words == 100);
  CHECK(sync.epoch == 1);
  CHECK(sync.next_round == 3);
  REQUIRE(sync.processes.size() == 2);
  CHECK(sync.processes[1].share_words == 450);
  CHECK(sync.processes[1].epoch_start == 40);
  // A plain run refuses it, naming the ranks that resume it.
  gv::Trainer plain = gv::Trainer::resumed(path, corpus);
  CHECK_THROWS_WITH(gv::PlainTrainGroup().join(plain), Catch::Contains("written across 2 MPI rank(s)") &&
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
    CHECK_THROWS_WITH(gv::Trainer::resumed(dir.write("bad.ckpt", edited(good, at, edit)), corpus),
                      Catch::Contains("bad.ckpt") && Catch::Contains(edit.message));
  }
}
