#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <functional>
#include <span>
#include <sstream>
#include <vector>

#include "autograd/rng.h"
#include "tests/scratch_dir.h"
#include "tests/word2vec/resumed_runs.h"
#include "tests/word2vec/small_options.h"
#include "tests/word2vec/topic_corpus.h"
#include "text/corpus/corpus_reader.h"
#include "word2vec/losses/hs/hs_objective.h"
#include "word2vec/losses/hs/huffman_tree.h"
#include "word2vec/trainer.h"

namespace gv::testing {

namespace {

double cosine(const float* a, const float* b, int64_t d) {
  double ab = 0, aa = 0, bb = 0;
  for (int64_t k = 0; k < d; ++k) ab += a[k] * b[k], aa += a[k] * a[k], bb += b[k] * b[k];
  return ab / std::sqrt(aa * bb);
}

// Each word's vector (V, C): its W_in row, or with subwords the mean of its rows.
std::vector<float> word_vectors(const Trainer& trainer) {
  const Tensor& table = trainer.input_table().value();
  const int64_t words = trainer.vocabulary().size(), dim = table.shape()[1];
  std::vector<float> vectors(static_cast<size_t>(words * dim));
  for (int64_t id = 0; id < words; ++id) {
    const std::span<const int64_t> rows =
        trainer.subwords() ? trainer.subwords()->of(id) : std::span(&id, 1);
    for (const int64_t row : rows) {
      for (int64_t k = 0; k < dim; ++k)
        vectors[id * dim + k] += table[row * dim + k] / static_cast<float>(rows.size());
    }
  }
  return vectors;
}

// The fraction of words whose nearest other word (by cosine of word vectors) shares their topic.
double same_topic_neighbour_rate(const Trainer& trainer) {
  const std::vector<float> vectors = word_vectors(trainer);
  const gv::Vocabulary& vocabulary = trainer.vocabulary();
  const int64_t dim = trainer.options().dim;
  const auto row = [&](int64_t id) { return vectors.data() + id * dim; };
  int hits = 0;
  for (int64_t i = 0; i < vocabulary.size(); ++i) {
    int64_t best = -1;
    double best_cos = -2;
    for (int64_t j = 0; j < vocabulary.size(); ++j) {
      const double c = j == i ? -2 : cosine(row(i), row(j), dim);
      if (c > best_cos) best_cos = c, best = j;
    }
    hits += vocabulary.word(i)[0] == vocabulary.word(best)[0];
  }
  return double(hits) / double(vocabulary.size());
}

// small_options() in every model x loss x optimizer, with and without subwords. The words'
// n-grams ("<a1", "10>", ...) are shared within a topic and across the two, in 50 buckets.
std::vector<TrainOptions> every_mode() {
  std::vector<TrainOptions> modes;
  for (const gv::ModelKind model : {gv::ModelKind::skipgram, gv::ModelKind::cbow}) {
    for (const gv::LossKind loss : {gv::LossKind::sgns, gv::LossKind::softmax, gv::LossKind::hs}) {
      for (const gv::OptimizerKind optimizer :
           {gv::OptimizerKind::sgd, gv::OptimizerKind::adagrad, gv::OptimizerKind::adam}) {
        for (const bool subwords : {false, true}) {
          TrainOptions o = small_options();
          o.model = model;
          o.loss = loss;
          o.optimizer = optimizer;
          o.subwords = subwords;
          o.subword_scheme.buckets = 50;
          modes.push_back(o);
        }
      }
    }
  }
  return modes;
}

std::string mode_name(const TrainOptions& o) {
  return "model " + std::to_string(int(o.model)) + " loss " + std::to_string(int(o.loss)) +
         " optimizer " + std::to_string(int(o.optimizer)) + (o.subwords ? " subwords" : "");
}

}  // namespace

TEST_CASE("Table rows fill whole cache lines, and their padding stays zero in every mode",
          "[trainer]") {
  CHECK(gv::row_floats(1) == 16);
  CHECK(gv::row_floats(16) == 16);
  CHECK(gv::row_floats(17) == 32);
  CHECK(gv::row_floats(100) == 112);
  CHECK(gv::row_floats(300) == 304);
  CHECK(gv::row_floats(gv::kMaxDim) == gv::kMaxDim);
  gv::testing::ScratchDir dir("padding");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(200, 2));
  for (TrainOptions o : every_mode()) {
    INFO(mode_name(o));
    o.dim = 13;  // stored in 16 floats: 3 of padding per row
    o.lr = o.optimizer == gv::OptimizerKind::sgd ? 0.05f : 0.01f;
    Trainer trainer = Trainer::fresh(corpus, o);
    REQUIRE(trainer.train({}, kNeverStop));
    for (const Tensor* table : {&trainer.input_table().value(), &trainer.output_table().value()}) {
      REQUIRE(table->size(1) == 16);
      bool moved = false, zero_padding = true;
      for (int64_t r = 0; r < table->size(0); ++r) {
        for (int64_t j = 0; j < 13; ++j) moved = moved || (*table)[r * 16 + j] != 0.0f;
        for (int64_t j = 13; j < 16; ++j)
          zero_padding = zero_padding && (*table)[r * 16 + j] == 0.0f;
      }
      CHECK(moved);  // trained: the padding is zero while the vectors are not
      CHECK(zero_padding);
    }
  }
}

TEST_CASE("Skip-gram and CBOW separate two topics and the loss falls", "[trainer]") {
  gv::testing::ScratchDir dir("topics");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(600, 1));
  for (TrainOptions o : every_mode()) {
    INFO(mode_name(o));
    o.lr = o.optimizer == gv::OptimizerKind::sgd ? 0.05f : 0.01f;
    Trainer trainer = Trainer::fresh(corpus, o);
    CHECK(trainer.vocabulary().size() == 24);
    std::vector<double> losses;
    REQUIRE(
        trainer.train([&](const gv::TrainProgress& p) { losses.push_back(p.loss); }, kNeverStop));
    CHECK(trainer.progress().words_done == 3 * 600 * 8);
    // Zero output vectors make every logit 0 at the start: SGNS costs log 2 per pair, the
    // softmax log V, and HS log 2 per step of a path about log2 V long (24 words of near-equal
    // counts make a balanced Huffman tree), so log V again. Training must end well below.
    const double start = o.loss == gv::LossKind::sgns ? std::log(2.0) : std::log(24.0);
    CHECK(trainer.progress().loss < 0.9 * start);
    CHECK(same_topic_neighbour_rate(trainer) >= 0.9);
  }
}

TEST_CASE("One thread and one seed reproduce training bit for bit", "[trainer]") {
  gv::testing::ScratchDir dir("repro");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(200, 2));
  Trainer a = Trainer::fresh(corpus, small_options());
  Trainer b = Trainer::fresh(corpus, small_options());
  TrainOptions other_seed = small_options();
  other_seed.seed = 8;
  Trainer c = Trainer::fresh(corpus, other_seed);
  for (Trainer* t : {&a, &b, &c}) REQUIRE(t->train({}, kNeverStop));
  CHECK(same_bits(a.input_table().value(), b.input_table().value()));
  CHECK(same_bits(a.output_table().value(), b.output_table().value()));
  CHECK_FALSE(same_bits(a.input_table().value(), c.input_table().value()));
}

TEST_CASE("Resumed training equals uninterrupted training", "[trainer][checkpoint]") {
  gv::testing::ScratchDir dir("resume");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(300, 3));
  for (TrainOptions o : every_mode()) {
    INFO(mode_name(o));
    Trainer whole = Trainer::fresh(corpus, o);
    REQUIRE(whole.train({}, kNeverStop));
    // Stopped a little into the second epoch, mid-corpus.
    const Trainer resumed = gv::testing::resumed_after(Trainer::fresh(corpus, o), corpus,
                                                       dir.file("run.ckpt"), 300 * 8 + 1000);
    CHECK(gv::testing::same_run(resumed, whole));
  }
}

TEST_CASE("Replaying the counted sentences trains as reading the corpus again does",
          "[trainer][sentence_cache]") {
  gv::testing::ScratchDir dir("sentence_cache");
  // Lines of unknown words (min_count 2 drops the one-off "zz<line>") and blank lines between.
  std::string text = two_topic_corpus(300, 5);
  for (size_t at = 0, line = 0; (at = text.find('\n', at)) != std::string::npos; at += 2, ++line) {
    if (line % 7 == 0) text.insert(at + 1, "zz" + std::to_string(line) + "\n\n");
  }
  const std::string corpus = dir.write("corpus.txt", text);
  for (TrainOptions o : every_mode()) {
    INFO(mode_name(o));
    o.min_count = 2;
    TrainOptions reading = o;
    reading.sentence_cache_bytes = 0;
    Trainer cached = Trainer::fresh(corpus, o);
    Trainer read = Trainer::fresh(corpus, reading);
    REQUIRE(cached.train({}, kNeverStop));
    REQUIRE(read.train({}, kNeverStop));
    CHECK(cached.progress().words_done == read.progress().words_done);
    CHECK(same_bits(cached.input_table().value(), read.input_table().value()));
    CHECK(same_bits(cached.output_table().value(), read.output_table().value()));
    // Stopped mid-epoch and trained on, the workers find their place in the cache again.
    Trainer twice = Trainer::fresh(corpus, o);
    REQUIRE_FALSE(twice.train({}, kNeverStop, 300 * 8 + 700));
    REQUIRE(twice.train({}, kNeverStop));
    CHECK(same_bits(twice.input_table().value(), read.input_table().value()));
  }
}

TEST_CASE("Two Hogwild threads read every word once per epoch", "[trainer]") {
  gv::testing::ScratchDir dir("threads");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(400, 4));
  TrainOptions o = small_options();
  o.threads = 2;
  Trainer trainer = Trainer::fresh(corpus, o);
  REQUIRE(trainer.train({}, kNeverStop));
  CHECK(trainer.progress().words_done == 3 * 400 * 8);
  CHECK(same_topic_neighbour_rate(trainer) >= 0.9);
}

TEST_CASE("The init scale option sets the range of the input table", "[trainer]") {
  gv::testing::ScratchDir dir("init");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(50, 5));
  for (const float scale : {0.5f, 1.0f}) {
    TrainOptions o = small_options();
    o.init_scale = scale;
    const Trainer trainer = Trainer::fresh(corpus, o);  // before any training
    const Tensor& table = trainer.input_table().value();
    const float bound = scale / static_cast<float>(o.dim);
    float largest = 0.0f;
    for (int64_t i = 0; i < table.numel(); ++i) largest = std::max(largest, std::fabs(table[i]));
    // 24 words x 16 = 384 uniform draws: all lie within the bound, and the largest falls
    // short of 98% of it with probability 0.98^384 < 1e-3 (the seed is fixed, so no flakes).
    CHECK(largest <= bound);
    CHECK(largest > 0.98f * bound);
  }
  for (const float bad : {0.0f, INFINITY}) {
    TrainOptions o = small_options();
    o.init_scale = bad;
    CHECK_THROWS_WITH(Trainer::fresh(corpus, o), Catch::Contains("--init-scale"));
  }
}

TEST_CASE(
    "Progress counts every trained pair and their mean loss, and none when sentences have one word",
    "[trainer]") {
  gv::testing::ScratchDir dir("pairs");
  TrainOptions o = small_options();  // sample 0: no word is dropped
  std::string two_words, one_word;
  for (int line = 0; line < 10; ++line) two_words += "x y\n", one_word += "x\ny\n";
  // Each line gives 2 centres with exactly 1 context each (any window >= 1), and each
  // (context, centre) input meets K + 1 outputs: 10 lines x 2 x (K + 1) per epoch.
  Trainer pairs = Trainer::fresh(dir.write("two.txt", two_words), o);
  pairs.train({}, kNeverStop);
  CHECK(pairs.progress().pairs_done == 10 * 2 * (o.negatives + 1) * o.epochs);
  // W_out starts at zero and a vanishing rate keeps it there, so every output scores
  // sigma(0) = 1/2 and costs -log(1/2): the mean over the run is log 2. At the usual rate the
  // outputs learn, and the run's mean falls below it.
  TrainOptions still = o;
  still.lr = 1e-20f;
  Trainer untrained = Trainer::fresh(dir.file("two.txt"), still);
  untrained.train({}, kNeverStop);
  CHECK(untrained.progress().run_loss == Approx(std::log(2.0)).epsilon(1e-6));
  CHECK(pairs.progress().run_loss < std::log(2.0) - 1e-3);
  Trainer none = Trainer::fresh(dir.write("one.txt", one_word), o);
  none.train({}, kNeverStop);
  CHECK(none.progress().pairs_done == 0);
  CHECK(none.progress().words_done == 20 * o.epochs);
}

namespace {

const std::string kShakespeare = std::string(GRADVEC_SOURCE_DIR) + "/data/tinyshakespeare.txt";

TrainOptions shakespeare_hs_options() {
  TrainOptions o;
  o.dim = 50;
  o.epochs = 3;
  o.threads = 1;
  o.loss = gv::LossKind::hs;
  return o;
}

// Mean -log P(centre | context) over the neighbouring word pairs of the corpus's first 500
// lines, on the trainer's tables: a fixed yardstick, where the progress reports average over
// intervals of wall time.
double hs_loss_per_pair(const Trainer& trainer) {
  gv::HsObjective objective(std::make_shared<const gv::HuffmanTree>(trainer.vocabulary().counts()),
                            gv::ModelKind::skipgram);
  gv::CorpusReader reader(kShakespeare, trainer.options().tokenizer);
  std::vector<int64_t> sentence;
  gv::Rng unused;
  for (int line = 0; line < 500 && reader.next_sentence(trainer.vocabulary(), sentence); ++line) {
    for (size_t centre = 1; centre < sentence.size(); ++centre) {
      const int64_t context[] = {sentence[centre - 1]};
      objective.add({sentence[centre], context}, unused);
    }
  }
  const double pairs = static_cast<double>(objective.pairs());
  gv::NoGradGuard no_grad;
  return objective.loss(trainer.input_table(), trainer.output_table()).item() / pairs;
}

}  // namespace

TEST_CASE("Skip-gram with hierarchical softmax: the loss falls on TinyShakespeare",
          "[trainer][hs]") {
  Trainer trainer = Trainer::fresh(kShakespeare, shakespeare_hs_options());
  // The zero output table starts every path step at log 2: a word costs its depth times log 2,
  // over 9 steps on average for the 3323 words. That is the Huffman code's length, close to
  // the unigram entropy, a baseline a context can improve on only by so much: training must
  // take a clear step below it.
  const double before = hs_loss_per_pair(trainer);
  REQUIRE(trainer.train({}, kNeverStop));
  CHECK(trainer.progress().words_done == 3 * trainer.vocabulary().total_count());
  const double after = hs_loss_per_pair(trainer);
  INFO("before " << before << ", after " << after);
  CHECK(before > 9 * std::log(2.0));
  CHECK(after < before - 0.15);
}

TEST_CASE("Skip-gram with hierarchical softmax resumes bit for bit", "[hs-resume]") {
  gv::testing::ScratchDir dir("hs_resume");
  TrainOptions o = shakespeare_hs_options();
  o.epochs = 1;
  Trainer whole = Trainer::fresh(kShakespeare, o);
  REQUIRE(whole.train({}, kNeverStop));
  const Trainer resumed =
      gv::testing::resumed_after(Trainer::fresh(kShakespeare, o), kShakespeare, dir.file("hs.ckpt"),
                                 whole.vocabulary().total_count() / 2);
  CHECK(resumed.options().loss == gv::LossKind::hs);
  CHECK(gv::testing::same_run(resumed, whole));
}

TEST_CASE("An extended run's rate decays over the new total from where the run stands",
          "[trainer][checkpoint][extend]") {
  gv::testing::ScratchDir dir("extend");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(300, 3));
  const int64_t tokens = 300 * 8;  // every word passes min_count 1, none is subsampled
  TrainOptions two = small_options();
  two.epochs = 2;
  Trainer finished = Trainer::fresh(corpus, two);
  REQUIRE(finished.train({}, kNeverStop));
  finished.save_checkpoint(dir.file("two.ckpt"));

  // Extended from 2 epochs to 4: the rate stands where a 4-epoch run's stands after 2, half of
  // lr, and falls linearly to the end: lr x (1 - words / (4 x tokens)).
  Trainer extended = Trainer::resumed(dir.file("two.ckpt"), corpus);
  extended.set_epochs(4);
  CHECK(extended.progress().words_total == 4 * tokens);
  CHECK(extended.progress().lr == Approx(two.lr * 0.5));
  REQUIRE_FALSE(extended.train({}, kNeverStop, 3 * tokens));
  const int64_t done = extended.progress().words_done;
  CHECK(done >= 3 * tokens);
  CHECK(extended.progress().lr == Approx(two.lr * (1.0 - double(done) / double(4 * tokens))));
  REQUIRE(extended.train({}, kNeverStop));
  CHECK(extended.progress().words_done == 4 * tokens);

  // The steps take their rates from the words done and the new total alone: a 4-epoch run
  // stopped after 2 epochs, its checkpoint set for 2 and extended back to 4, ends bit for bit
  // as the 4-epoch run trained straight through.
  TrainOptions four = small_options();
  four.epochs = 4;
  Trainer whole = Trainer::fresh(corpus, four);
  REQUIRE(whole.train({}, kNeverStop));
  Trainer stopped = Trainer::fresh(corpus, four);
  REQUIRE_FALSE(stopped.train({}, kNeverStop, tokens + tokens / 2));
  stopped.set_epochs(2);
  stopped.save_checkpoint(dir.file("stopped.ckpt"));
  Trainer resumed = Trainer::resumed(dir.file("stopped.ckpt"), corpus);
  CHECK(resumed.options().epochs == 2);
  resumed.set_epochs(4);
  REQUIRE(resumed.train({}, kNeverStop));
  CHECK(same_bits(resumed.input_table().value(), whole.input_table().value()));
  CHECK(same_bits(resumed.output_table().value(), whole.output_table().value()));
  CHECK(resumed.progress().run_loss == whole.progress().run_loss);

  // Fewer epochs than begun would leave a worker past the end: refused by name.
  Trainer again = Trainer::resumed(dir.file("stopped.ckpt"), corpus);
  CHECK_THROWS_WITH(again.set_epochs(1),
                    "train: --epochs 1 is fewer than the 2 epoch(s) this run has begun; give at "
                    "least 2");
}

TEST_CASE("A resumed run changes its thread count at the next epoch, every word read once",
          "[trainer][checkpoint][threads]") {
  gv::testing::ScratchDir dir("rethread");
  const std::string corpus = dir.write("corpus.txt", two_topic_corpus(400, 4));
  const int64_t tokens = 400 * 8;
  Trainer first = Trainer::fresh(corpus, small_options());  // 3 epochs, 1 thread
  REQUIRE_FALSE(first.train({}, kNeverStop, tokens + tokens / 2));
  first.save_checkpoint(dir.file("one.ckpt"));

  // Stopped while the one worker finishes epoch 2: that worker stays until its end.
  Trainer resumed = Trainer::resumed(dir.file("one.ckpt"), corpus);
  resumed.set_threads(2);
  CHECK(resumed.threads_from_epoch() == 2);
  REQUIRE_FALSE(resumed.train({}, kNeverStop, tokens + 3 * tokens / 4));
  CHECK(resumed.options().threads == 1);
  resumed.save_checkpoint(dir.file("still_one.ckpt"));
  Trainer again = Trainer::resumed(dir.file("still_one.ckpt"), corpus);
  again.set_threads(2);
  REQUIRE(again.train({}, kNeverStop));
  CHECK(again.options().threads == 2);
  CHECK(again.progress().words_done == 3 * tokens);
  CHECK(same_topic_neighbour_rate(again) >= 0.9);
  // Its checkpoint is a 2-thread run's, finished.
  again.save_checkpoint(dir.file("two.ckpt"));
  Trainer reloaded = Trainer::resumed(dir.file("two.ckpt"), corpus);
  CHECK(reloaded.options().threads == 2);
  CHECK(reloaded.train({}, kNeverStop));
  CHECK(reloaded.progress().words_done == 3 * tokens);
  CHECK_THROWS_WITH(reloaded.set_threads(0), Catch::Contains("--threads"));
}

TEST_CASE("SGD updates in the backward, but not for HS on several threads", "[trainer][optim]") {
  CHECK(updates_in_backward(LossKind::sgns, 1, false, 1));
  CHECK(updates_in_backward(LossKind::hs, 1, false, 1));
  CHECK(updates_in_backward(LossKind::sgns, 2, false, 1));
  // Every HS group writes the rows nearest the Huffman root: a step applies them once instead.
  CHECK_FALSE(updates_in_backward(LossKind::hs, 2, false, 1));
  CHECK_FALSE(updates_in_backward(LossKind::sgns, 1, /*whole_step_first=*/true, 1));
  CHECK_FALSE(updates_in_backward(LossKind::sgns, 1, false, /*processes=*/2));
}

}  // namespace gv::testing
