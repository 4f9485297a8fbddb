// CBOW on TinyShakespeare: the loss on a fixed sample of the corpus's examples falls epoch by
// epoch, and the vectors learn that "thee" goes with "me".
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "autograd/rng.h"
#include "text/corpus/corpus_reader.h"
#include "word2vec/examples/context_examples.h"
#include "word2vec/trainer.h"

using gv::Trainer;
using gv::TrainOptions;

namespace {

const std::atomic<bool> kNeverStop{false};

TrainOptions cbow_options() {
  TrainOptions o;
  o.model = gv::ModelKind::cbow;
  o.lr = gv::default_lr(o.model);
  o.dim = 50;
  o.epochs = 3;
  o.threads = 1;
  return o;
}

// The mean loss per pair of the current tables on the CBOW examples of the corpus's first
// `sentences` sentences, with windows and negatives drawn from one fixed seed: every call
// scores the same examples against the same negatives.
double sample_loss(const Trainer& trainer, const std::string& corpus, int sentences) {
  const gv::NoGradGuard no_graph;
  gv::CorpusReader reader(corpus, trainer.options().tokenizer);
  gv::ContextExamples examples(trainer.options().window);
  const auto objective = gv::objective_maker(trainer.options(), trainer.vocabulary().counts())();
  gv::Rng rng(99);
  std::vector<int64_t> sentence;
  for (int s = 0; s < sentences && reader.next_sentence(trainer.vocabulary(), sentence); ++s) {
    for (int64_t centre = 0; centre < static_cast<int64_t>(sentence.size()); ++centre) {
      const gv::Example example = examples.at(sentence, centre, rng);
      if (!example.contexts.empty()) objective->add(example, rng);
    }
  }
  const double pairs = static_cast<double>(objective->pairs());
  return objective->loss(trainer.input_table(), trainer.output_table()).item() / pairs;
}

double cosine(const Trainer& trainer, int64_t a, int64_t b) {
  const gv::Tensor& table = trainer.input_table().value();
  const int64_t d = table.size(1);
  const float* x = table.data() + a * d;
  const float* y = table.data() + b * d;
  double xy = 0, xx = 0, yy = 0;
  for (int64_t k = 0; k < d; ++k) xy += x[k] * y[k], xx += x[k] * x[k], yy += y[k] * y[k];
  return xy / std::sqrt(xx * yy);
}

// The fraction of the other words that are closer to `word` than `partner` is.
double closer_fraction(const Trainer& trainer, const std::string& word,
                       const std::string& partner) {
  const gv::Vocabulary& vocabulary = trainer.vocabulary();
  const int64_t w = vocabulary.id(word), p = vocabulary.id(partner);
  REQUIRE(w >= 0);
  REQUIRE(p >= 0);
  const double target = cosine(trainer, w, p);
  int64_t closer = 0;
  for (int64_t id = 0; id < vocabulary.size(); ++id) {
    if (id != w && id != p) closer += cosine(trainer, w, id) > target;
  }
  return double(closer) / double(vocabulary.size() - 2);
}

}  // namespace

TEST_CASE("CBOW on TinyShakespeare: the loss falls each epoch and thee lands near me",
          "[trainer][integration][cbow]") {
  const std::string corpus = std::string(GRADVEC_SOURCE_DIR) + "/data/tinyshakespeare.txt";
  INFO("needs the corpus: run data/fetch.sh first");
  REQUIRE(std::filesystem::exists(corpus));
  Trainer trainer = Trainer::fresh(corpus, cbow_options());
  const int64_t words_per_epoch = trainer.vocabulary().total_count();
  std::vector<double> losses = {sample_loss(trainer, corpus, 2000)};
  // W_out starts at zero: every logit is 0 and every pair costs log 2.
  CHECK(losses[0] == Approx(std::log(2.0)).epsilon(1e-4));
  REQUIRE_FALSE(trainer.train({}, kNeverStop, words_per_epoch));
  losses.push_back(sample_loss(trainer, corpus, 2000));
  REQUIRE(trainer.train({}, kNeverStop));
  losses.push_back(sample_loss(trainer, corpus, 2000));
  INFO("sample loss at epochs 0, 1, 3: " << losses[0] << " " << losses[1] << " " << losses[2]);
  CHECK(losses[1] < 0.9 * losses[0]);
  CHECK(losses[2] < losses[1]);
  // Untrained, about half the vocabulary would be closer to thee than me is. CBOW learns from a
  // window's mean, which carries a word's grammatical role, so the two object pronouns, which
  // share their contexts ("tell me", "tell thee"), must come within the nearest 5%. (thou, the
  // subject, does not: CBOW puts it beside art and dost, as gensim's CBOW does.)
  const double closer = closer_fraction(trainer, "thee", "me");
  INFO("words closer to thee than me: " << 100 * closer << "%");
  CHECK(closer < 0.05);
}
