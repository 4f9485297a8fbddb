// Trainer's continued runs (train --init): the vocabulary update, trained new words, frozen
// rows and the resumed run.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "autograd/rng.h"
#include "io/count_limit.h"
#include "tests/scratch_dir.h"
#include "tests/word2vec/read_back.h"
#include "tests/word2vec/resumed_runs.h"
#include "tests/word2vec/small_options.h"
#include "tests/word2vec/topic_corpus.h"
#include "word2vec/checkpoint/checkpoint.h"
#include "word2vec/initial_model.h"
#include "word2vec/trainer.h"

namespace gv::testing {

namespace {

// The model trained on `corpus`, as read_checkpoint_model reads it back.
InitialModel trained_model(gv::testing::ScratchDir& dir, const std::string& corpus) {
  Trainer model = Trainer::fresh(corpus, small_options());
  REQUIRE(model.train({}, kNeverStop));
  const std::string checkpoint = dir.file("model.ckpt");
  model.save_checkpoint(checkpoint);
  return gv::read_checkpoint_model(checkpoint);
}

// Word `word`'s row of W_in, its first dim floats.
std::vector<float> row_of(const Trainer& trainer, const std::string& word) {
  const int64_t id = trainer.vocabulary().id(word);
  REQUIRE(id != gv::Vocabulary::kUnknown);
  const gv::Tensor& table = trainer.input_table().value();
  const float* row = table.data() + id * table.shape()[1];
  return {row, row + trainer.options().dim};
}

// Topic `topic`'s word number w.
std::string topic_word(char topic, int w) {
  std::string word(1, topic);
  word += std::to_string(w);
  return word;
}

double cosine(const std::vector<float>& a, const std::vector<float>& b) {
  double ab = 0, aa = 0, bb = 0;
  for (size_t k = 0; k < a.size(); ++k) ab += a[k] * b[k], aa += a[k] * a[k], bb += b[k] * b[k];
  return ab / std::sqrt(aa * bb);
}

// The model's words' rows of W_in in `trainer`, in the model's order.
std::vector<std::vector<float>> model_rows(const Trainer& trainer, const InitialModel& model) {
  std::vector<std::vector<float>> rows;
  for (const std::string& word : model.words) rows.push_back(row_of(trainer, word));
  return rows;
}

}  // namespace

TEST_CASE(
    "A continued run adds the new corpus's words, sums the known words' counts, keeps them all",
    "[trainer][continue]") {
  gv::testing::ScratchDir dir("continue_vocab");
  const InitialModel model = trained_model(dir, dir.write("a.txt", "x y x y z\n"));
  // y and z are the model's (x 2, y 2, z 1); w is new and occurs twice, v once.
  TrainOptions o = small_options();
  o.min_count = 2;
  const Trainer trainer = Trainer::continued(dir.write("b.txt", "w w y v\n"), o, model, {});
  const gv::Vocabulary& vocab = trainer.vocabulary();
  CHECK(vocab.size() == 4);  // x, y, z stay; w joins; v is under --min-count
  CHECK(vocab.count(vocab.id("y")) == 2 + 1);
  CHECK(vocab.count(vocab.id("x")) == 2);
  CHECK(vocab.count(vocab.id("z")) == 1);  // kept below --min-count: the model has it
  CHECK(vocab.count(vocab.id("w")) == 2);
  CHECK(vocab.id("v") == gv::Vocabulary::kUnknown);
  // The learning rate's schedule counts the tokens read: w w y.
  CHECK(trainer.progress().words_total == o.epochs * 3);
  // The model's rows come along by word, whatever their new ids.
  CHECK(row_of(trainer, "z") ==
        std::vector<float>(model.w_in.begin() + 2 * o.dim, model.w_in.begin() + 3 * o.dim));
  // A max_vocab would drop some of the model's words: refused.
  o.max_vocab = 2;
  CHECK_THROWS_WITH(Trainer::continued(dir.file("b.txt"), o, model, {}),
                    Catch::Contains("--max-vocab cannot continue a model"));
}

TEST_CASE("A model word that no training vocabulary can hold is refused by the model's name",
          "[trainer][continue]") {
  InitialModel model;
  model.path = "spaces.vec";
  model.words = {"fine", "two words"};
  const gv::Vocabulary corpus_words = gv::Vocabulary::build({{"fine", {1, 0}}});
  CHECK_THROWS_WITH(gv::continue_vocabulary(corpus_words, model, 1, {}),
                    Catch::Equals("spaces.vec: word 2 'two words' contains a space or tab, which "
                                  "ends a word in a binary file; no training can hold it"));
}

TEST_CASE("A model's counts and the corpus's add up to at most 2^44 tokens, rare words' too",
          "[trainer][continue]") {
  InitialModel model;
  model.path = "model.ckpt";
  model.words = {"the", "king"};
  model.counts = {gv::kMaxTotalCount - 3, 1};
  const gv::Vocabulary corpus_words = gv::Vocabulary::build({{"king", {1, 0}}, {"queen", {1, 1}}});
  // the + king + queen: kMaxTotalCount exactly.
  CHECK(gv::continue_vocabulary(corpus_words, model, 1, {}).vocab.total_count() ==
        gv::kMaxTotalCount);
  // One more, in a rare word the corpus lacks: a later run may bring it in.
  model.rare = {{"knave", {1, 0}}};
  CHECK_THROWS_WITH(
      gv::continue_vocabulary(corpus_words, model, 1, {}),
      Catch::Equals("model.ckpt: the count of 'knave', the model's 1 and the corpus's 0, must be "
                    "in [1, 0] (counts add up to at most 2^44 tokens; those before it to "
                    "17592186044416), got 1"));
  // A count under 1 would give the word no id, and its row no place in the tables.
  model.rare = gv::WordCounts();
  model.counts = {5, 0};
  const gv::Vocabulary no_king = gv::Vocabulary::build({{"queen", {1, 0}}});
  CHECK_THROWS_WITH(gv::continue_vocabulary(no_king, model, 1, {}),
                    Catch::Contains("model.ckpt: the count of 'king', the model's 0 and the "
                                    "corpus's 0, must be in [1, "));
}

TEST_CASE("A word only in the new corpus gets a trained vector near its topic",
          "[trainer][continue]") {
  gv::testing::ScratchDir dir("continue_new_word");
  const InitialModel model = trained_model(dir, dir.write("a.txt", two_topic_corpus(600, 1)));
  REQUIRE(std::find(model.words.begin(), model.words.end(), "anew") == model.words.end());
  const std::string corpus = dir.write("b.txt", two_topic_corpus(600, 2, "anew"));
  const Trainer untrained = Trainer::continued(corpus, small_options(), model, {});
  Trainer trainer = Trainer::continued(corpus, small_options(), model, {});
  REQUIRE(trainer.train({}, kNeverStop));
  CHECK(row_of(trainer, "anew") != row_of(untrained, "anew"));
  // Its neighbours are topic a's words: each is nearer to it than any of topic b's.
  const std::vector<float> anew = row_of(trainer, "anew");
  double nearest_b = -1.0, farthest_a = 1.0;
  for (int w = 0; w < 12; ++w) {
    farthest_a = std::min(farthest_a, cosine(anew, row_of(trainer, topic_word('a', w))));
    nearest_b = std::max(nearest_b, cosine(anew, row_of(trainer, topic_word('b', w))));
  }
  CHECK(farthest_a > nearest_b);
}

TEST_CASE("With freeze_known the model's rows stay bit for bit", "[trainer][continue]") {
  gv::testing::ScratchDir dir("continue_freeze");
  const InitialModel model = trained_model(dir, dir.write("a.txt", two_topic_corpus(300, 1)));
  const std::string corpus = dir.write("b.txt", two_topic_corpus(300, 2, "anew"));
  for (const gv::OptimizerKind optimizer :
       {gv::OptimizerKind::sgd, gv::OptimizerKind::adagrad, gv::OptimizerKind::adam}) {
    for (const gv::LossKind loss : {gv::LossKind::sgns, gv::LossKind::hs}) {
      TrainOptions o = small_options();
      o.optimizer = optimizer;
      o.loss = loss;
      INFO("optimizer " << int(optimizer) << ", loss " << int(loss));
      const Trainer untrained =
          Trainer::continued(corpus, o, model, {gv::KnownWords::Rule::frozen});
      const std::vector<std::vector<float>> before = model_rows(untrained, model);
      Trainer frozen = Trainer::continued(corpus, o, model, {gv::KnownWords::Rule::frozen});
      Trainer free = Trainer::continued(corpus, o, model, {});
      REQUIRE(frozen.train({}, kNeverStop));
      REQUIRE(free.train({}, kNeverStop));
      CHECK(model_rows(frozen, model) == before);
      CHECK(model_rows(free, model) != before);  // what the freeze holds back
      CHECK(row_of(frozen, "anew") != row_of(untrained, "anew"));
    }
  }
}

TEST_CASE("A strong anchor keeps the model's rows near their values while a new word trains",
          "[trainer][continue][anchor]") {
  gv::testing::ScratchDir dir("continue_anchor");
  const InitialModel model = trained_model(dir, dir.write("a.txt", two_topic_corpus(600, 1)));
  const std::string corpus = dir.write("b.txt", two_topic_corpus(600, 2, "anew"));
  const TrainOptions o = small_options();
  const float strongest = 1.0f / o.lr;  // each step pulls a touched row back to its old value
  const Trainer untrained = Trainer::continued(corpus, o, model, {});
  const std::vector<std::vector<float>> before = model_rows(untrained, model);
  Trainer anchored =
      Trainer::continued(corpus, o, model, {gv::KnownWords::Rule::anchored, strongest});
  Trainer free = Trainer::continued(corpus, o, model, {});
  REQUIRE(anchored.train({}, kNeverStop));
  REQUIRE(free.train({}, kNeverStop));
  // Mean distance of the model's rows from where they started.
  const auto drift = [&](const Trainer& trainer) {
    const std::vector<std::vector<float>> after = model_rows(trainer, model);
    double sum = 0;
    for (size_t w = 0; w < after.size(); ++w) {
      double squares = 0;
      for (size_t c = 0; c < after[w].size(); ++c)
        squares += (after[w][c] - before[w][c]) * (after[w][c] - before[w][c]);
      sum += std::sqrt(squares);
    }
    return sum / double(after.size());
  };
  CHECK(drift(anchored) > 0.0);  // pulled back, not frozen
  CHECK(drift(anchored) < 0.25 * drift(free));
  // The new word still learns its topic: nearer to each of topic a's words than to any of b's.
  const std::vector<float> anew = row_of(anchored, "anew");
  CHECK(anew != row_of(untrained, "anew"));
  double nearest_b = -1.0, farthest_a = 1.0;
  for (int w = 0; w < 12; ++w) {
    farthest_a = std::min(farthest_a, cosine(anew, row_of(anchored, topic_word('a', w))));
    nearest_b = std::max(nearest_b, cosine(anew, row_of(anchored, topic_word('b', w))));
  }
  CHECK(farthest_a > nearest_b);
  // Moot beside a freeze, and past lr x lambda = 1 a step would overshoot: both refused.
  CHECK_THROWS_WITH(gv::known_words_from_options(true, 1.0f, o.lr),
                    Catch::Contains("--anchor-known is moot with --freeze-known"));
  CHECK_THROWS_WITH(
      Trainer::continued(corpus, o, model, {gv::KnownWords::Rule::anchored, 2 * strongest}),
      Catch::Contains("their product must be at most 1"));
}

TEST_CASE("A continued run resumes bit for bit", "[trainer][continue][checkpoint]") {
  gv::testing::ScratchDir dir("continue_resume");
  const InitialModel model = trained_model(dir, dir.write("a.txt", two_topic_corpus(300, 1)));
  const std::string corpus = dir.write("b.txt", two_topic_corpus(300, 2, "anew"));
  using Rule = gv::KnownWords::Rule;
  for (const gv::KnownWords known :
       {gv::KnownWords{}, gv::KnownWords{Rule::frozen}, gv::KnownWords{Rule::anchored, 5.0f}}) {
    INFO("rule " << static_cast<int>(known.rule) << ", lambda " << known.lambda);
    Trainer whole = Trainer::continued(corpus, small_options(), model, known);
    REQUIRE(whole.train({}, kNeverStop));
    const Trainer resumed =
        gv::testing::resumed_after(Trainer::continued(corpus, small_options(), model, known),
                                   corpus, dir.file("run.ckpt"), 300 * 8 + 1000);
    CHECK(gv::testing::same_run(resumed, whole));
  }
}

TEST_CASE("A model's rare words count in the new corpus: at min_count across both they join",
          "[trainer][continue][rare]") {
  InitialModel model;
  model.path = "model.ckpt";
  model.words = {"x", "y"};
  model.counts = {5, 5};
  // r is under min_count 5 in both the model's corpus (3) and the new one (2); gone is not in
  // the new corpus at all.
  model.rare = {{"r", {3, 0}}, {"gone", {4, 1}}};
  const gv::Vocabulary corpus_words =
      gv::Vocabulary::build({{"x", {1, 0}}, {"r", {2, 1}}, {"s", {1, 2}}});
  const gv::ContinuedVocabulary at5 = gv::continue_vocabulary(corpus_words, model, 5, {});
  REQUIRE(at5.vocab.id("r") != gv::Vocabulary::kUnknown);
  CHECK(at5.vocab.count(at5.vocab.id("r")) == 3 + 2);
  // The corpus reads r twice: its 3 earlier occurrences are the model's, as x's and y's are.
  CHECK(at5.run.prior_tokens == 5 + 5 + 3);
  CHECK(at5.vocab.total_count() - at5.run.prior_tokens == 1 + 2);
  // Still under min_count: s with its count in this corpus, gone with the model's.
  CHECK(gv::testing::read_back(at5.rare) == gv::WordCounts{{"s", {1, 0}}, {"gone", {4, 1}}});
  // At min_count 4, gone has enough but no corpus to train it: carried on, not given a row.
  const gv::ContinuedVocabulary at4 = gv::continue_vocabulary(corpus_words, model, 4, {});
  CHECK(at4.vocab.id("gone") == gv::Vocabulary::kUnknown);
  CHECK(gv::testing::read_back(at4.rare).find("gone")->count == 4);
  // A counted-up word is a new row, never frozen.
  const gv::ContinuedVocabulary frozen =
      gv::continue_vocabulary(corpus_words, model, 5, {gv::KnownWords::Rule::frozen});
  CHECK(frozen.run.frozen_rows.size() == 2);
  CHECK(std::count(frozen.run.frozen_rows.begin(), frozen.run.frozen_rows.end(),
                   frozen.vocab.id("r")) == 0);
}

TEST_CASE("A word under min_count in each of three corpora joins once their counts reach it",
          "[trainer][continue][rare][checkpoint]") {
  gv::testing::ScratchDir dir("continue_rare");
  // With min_count 5: three (3 + 3) join in the second run; two (2 + 2) waits for one more in
  // the third.
  const auto lines = [](const std::string& line, int times) {
    std::string text;
    for (int k = 0; k < times; ++k) text += line;
    return text;
  };
  const std::string tail = lines("a1 three a2\n", 3) + lines("b1 two b2\n", 2);
  const std::string a = dir.write("a.txt", two_topic_corpus(300, 1) + tail);
  const std::string b = dir.write("b.txt", two_topic_corpus(300, 2) + tail);
  const std::string c = dir.write("c.txt", two_topic_corpus(300, 3) + "b1 two b2\n");
  TrainOptions o = small_options();
  o.min_count = 5;

  Trainer first = Trainer::fresh(a, o);
  REQUIRE(first.train({}, kNeverStop));
  CHECK(first.vocabulary().id("three") == gv::Vocabulary::kUnknown);
  first.save_checkpoint(dir.file("a.ckpt"));
  const InitialModel model_a = gv::read_checkpoint_model(dir.file("a.ckpt"));
  CHECK(model_a.rare == gv::WordCounts{{"three", {3, 0}}, {"two", {2, 1}}});

  const Trainer untrained = Trainer::continued(b, o, model_a, {});
  Trainer second = Trainer::continued(b, o, model_a, {});
  REQUIRE(second.train({}, kNeverStop));
  const gv::Vocabulary& vocab = second.vocabulary();
  REQUIRE(vocab.id("three") != gv::Vocabulary::kUnknown);
  CHECK(vocab.count(vocab.id("three")) == 6);
  CHECK(row_of(second, "three") != row_of(untrained, "three"));  // trained
  CHECK(vocab.id("two") == gv::Vocabulary::kUnknown);
  // An epoch reads b's 300 lines of 8 words, then a1 three a2 three times and b1 b2 twice.
  CHECK(second.tokens_per_epoch() == 300 * 8 + 9 + 4);
  second.save_checkpoint(dir.file("b.ckpt"));
  const InitialModel model_b = gv::read_checkpoint_model(dir.file("b.ckpt"));
  CHECK(model_b.rare == gv::WordCounts{{"two", {4, 0}}});

  // The rare words survive a resume of the continued run.
  const Trainer resumed = gv::testing::resumed_after(Trainer::continued(b, o, model_a, {}), b,
                                                     dir.file("run.ckpt"), 300 * 8 + 1000);
  CHECK(gv::testing::same_run(resumed, second));
  CHECK(gv::testing::read_back(resumed.training_state().rare) == model_b.rare);

  const Trainer third = Trainer::continued(c, o, model_b, {});
  REQUIRE(third.vocabulary().id("two") != gv::Vocabulary::kUnknown);
  CHECK(third.vocabulary().count(third.vocabulary().id("two")) == 5);
  CHECK(third.training_state().rare.empty());
}

}  // namespace gv::testing
