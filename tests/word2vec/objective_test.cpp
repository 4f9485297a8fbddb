#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"
#include "embeddings/subword_rows.h"
#include "word2vec/examples/example_inputs.h"
#include "word2vec/losses/hs/hs_objective.h"
#include "word2vec/losses/hs/huffman_tree.h"
#include "word2vec/losses/objective.h"
#include "word2vec/losses/sgns/negative_sampler.h"
#include "word2vec/losses/sgns/sgns_objective.h"
#include "word2vec/losses/softmax/softmax_objective.h"

using gv::Example;
using gv::Tensor;
using gv::Var;

namespace {

// Two centres over a 7-word vocabulary, as the trainer would hand them over.
const std::vector<int64_t> kContextsA = {1, 2, 3}, kContextsB = {2, 5};
const Example kExampleA{0, kContextsA}, kExampleB{4, kContextsB};
const std::vector<int64_t> kCounts = {9, 7, 5, 4, 3, 2, 1};  // by id: count descending

std::shared_ptr<const gv::NegativeSampler> noise() {
  return std::make_shared<const gv::NegativeSampler>(kCounts);
}

// Two objectives see the same examples and random stream. One runs backward at once; the
// other first builds the next loss (refilling its batch), as a pipelined loop might.
void check_filling_ahead(const std::function<std::unique_ptr<gv::Objective>()>& make,
                         int64_t first_pairs) {
  gv::Rng init(3);
  const Tensor in = Tensor::normal({7, 5}, 0.0f, 0.7f, init);
  const Tensor out = Tensor::normal({7, 5}, 0.0f, 0.7f, init);
  const std::unique_ptr<gv::Objective> direct = make(), ahead = make();
  gv::Rng direct_rng(11), ahead_rng(11);
  Var direct_in = Var::parameter(in), direct_out = Var::parameter(out);
  Var ahead_in = Var::parameter(in), ahead_out = Var::parameter(out);

  direct->add(kExampleA, direct_rng);
  CHECK(direct->pairs() == first_pairs);
  const Var expected = direct->loss(direct_in, direct_out);
  CHECK(direct->pairs() == 0);
  expected.backward();

  ahead->add(kExampleA, ahead_rng);
  const Var first = ahead->loss(ahead_in, ahead_out);
  ahead->add(kExampleB, ahead_rng);
  const Var second = ahead->loss(ahead_in, ahead_out);  // alive: its batch is not free
  ahead->add(kExampleA, ahead_rng);                     // so this fills a third one
  first.backward();

  CHECK(first.item() == expected.item());
  const Tensor gi = ahead_in.total_grad(), ei = direct_in.total_grad();
  const Tensor go = ahead_out.total_grad(), eo = direct_out.total_grad();
  for (int64_t k = 0; k < gi.numel(); ++k) {
    CHECK(gi[k] == ei[k]);
    CHECK(go[k] == eo[k]);
  }
}

// Adds examples A and B (5 contexts in all) to an objective that must draw nothing.
void add_both_drawing_nothing(gv::Objective& objective) {
  gv::Rng rng(5);
  const uint64_t untouched = gv::Rng(5).next_u64();
  objective.add(kExampleA, rng);
  objective.add(kExampleB, rng);
  CHECK(rng.next_u64() == untouched);  // it draws nothing
  CHECK(objective.pairs() == 5);
}

}  // namespace

TEST_CASE("SGNS: filling the next batch before backward leaves the first loss's gradients intact",
          "[objective][sgns]") {
  for (const bool shared : {true, false}) {
    INFO("shared negatives " << shared);
    check_filling_ahead([&] { return std::make_unique<gv::SgnsObjective>(noise(), 2, shared); },
                        3 * 3);
  }
}

TEST_CASE("HS: filling the next batch before backward leaves the first loss's gradients intact",
          "[objective][hs]") {
  const auto tree = std::make_shared<const gv::HuffmanTree>(kCounts);
  check_filling_ahead(
      [&] { return std::make_unique<gv::HsObjective>(tree, gv::ModelKind::skipgram); }, 3);
}

TEST_CASE("HS objective: one pair per context, log 2 per path step on a zero output table",
          "[objective][hs]") {
  const auto tree = std::make_shared<const gv::HuffmanTree>(kCounts);
  gv::HsObjective objective(tree, gv::ModelKind::skipgram);
  add_both_drawing_nothing(objective);
  gv::Rng init(1);
  Var w_in = Var::parameter(Tensor::normal({7, 3}, 0.0f, 1.0f, init));
  Var w_out = Var::parameter(Tensor::zeros({7, 3}));  // V rows: inner node n reads row n
  const int64_t steps = 3 * tree->depth(kExampleA.centre) + 2 * tree->depth(kExampleB.centre);
  CHECK(objective.loss(w_in, w_out).item() == Approx(double(steps) * std::log(2.0)));
  CHECK(objective.pairs() == 0);
}

TEST_CASE("HS objective: a centre outside the tree is refused by add, which adds nothing",
          "[objective][hs][errors]") {
  // add() reads the centre's depth before its path: that read is checked too.
  const auto tree = std::make_shared<const gv::HuffmanTree>(kCounts);
  for (const gv::ModelKind model : {gv::ModelKind::skipgram, gv::ModelKind::cbow}) {
    gv::HsObjective objective(tree, model);
    gv::Rng rng(1);
    for (const int64_t centre : {int64_t{7}, int64_t{-1}, int64_t{1} << 40}) {
      INFO("centre " << centre);
      CHECK_THROWS_WITH(objective.add(Example{centre, kContextsA}, rng),
                        Catch::Contains("word " + std::to_string(centre) +
                                        " out of range for a tree of 7 words"));
    }
    CHECK(objective.pairs() == 0);
    CHECK(objective.input_rows().empty());
  }
}

TEST_CASE("Full-softmax skip-gram: uniform logits cost log V, and it passes gradcheck",
          "[softmax]") {
  const std::vector<int64_t> inputs = {0, 3, 3}, targets = {1, 2, 0};
  Var w_in = Var::parameter(Tensor::zeros({5, 4}));
  gv::Rng rng(2);
  Var w_out = Var::parameter(Tensor::normal({5, 4}, 0.0f, 1.0f, rng));
  CHECK(gv::softmax_loss(gv::gather_rows(w_in, inputs), w_out, targets).item() ==
        Approx(std::log(5.0)));
  const std::vector<Var> tables = {Var::parameter(Tensor::normal({5, 4}, 0.0f, 0.5f, rng)),
                                   Var::parameter(Tensor::normal({5, 4}, 0.0f, 0.5f, rng))};
  const auto result = gv::gradcheck(
      [&](const std::vector<Var>& t) {
        return gv::softmax_loss(gv::gather_rows(t[0], inputs), t[1], targets);
      },
      tables);
  INFO(result.worst);
  CHECK(result.ok);
}

TEST_CASE("Softmax objective: one row per (context, centre) pair, summed", "[objective][softmax]") {
  gv::SoftmaxObjective objective;
  add_both_drawing_nothing(objective);
  Var w_in = Var::parameter(Tensor::zeros({7, 3}));
  Var w_out = Var::parameter(Tensor::zeros({7, 3}));
  CHECK(objective.loss(w_in, w_out).item() == Approx(5.0 * std::log(7.0)));
  CHECK(objective.pairs() == 0);
}

TEST_CASE("objective_maker picks the objective from the options, a fresh one per call",
          "[objective]") {
  gv::TrainOptions options;
  options.negatives = 4;
  for (const gv::LossKind loss : {gv::LossKind::sgns, gv::LossKind::softmax, gv::LossKind::hs}) {
    options.loss = loss;
    const gv::ObjectiveMaker make = gv::objective_maker(options, kCounts);
    const std::unique_ptr<gv::Objective> a = make(), b = make();
    REQUIRE(a != b);
    gv::Rng rng(1);
    a->add(kExampleA, rng);
    CHECK(a->pairs() == (loss == gv::LossKind::sgns ? 3 * 5 : 3));
    CHECK(b->pairs() == 0);
  }
}

TEST_CASE("Example inputs: a row per context for skip-gram, the contexts' mean for CBOW",
          "[objective][cbow]") {
  gv::Rng rng(8);
  const Var w_in = Var::parameter(Tensor::normal({7, 3}, 0.0f, 1.0f, rng));
  gv::ExampleInputs skipgram(gv::ModelKind::skipgram), cbow(gv::ModelKind::cbow);
  CHECK(skipgram.add(kContextsA) == 3);
  CHECK(skipgram.add(kContextsB) == 2);
  CHECK(cbow.add(kContextsA) == 1);
  CHECK(cbow.add(kContextsB) == 1);
  CHECK(skipgram.rows() == 5);
  CHECK(cbow.rows() == 2);
  const Tensor rows = skipgram.rows_of(w_in).value(), means = cbow.rows_of(w_in).value();
  REQUIRE(rows.shape() == gv::Shape{5, 3});
  REQUIRE(means.shape() == gv::Shape{2, 3});
  const Tensor& table = w_in.value();
  for (int64_t c = 0; c < 3; ++c) {
    CHECK(rows.at({3, c}) == table.at({2, c}));  // kContextsB[0]
    CHECK(means.at({0, c}) ==
          Approx((table.at({1, c}) + table.at({2, c}) + table.at({3, c})) / 3).margin(1e-6));
    CHECK(means.at({1, c}) == Approx((table.at({2, c}) + table.at({5, c})) / 2).margin(1e-6));
  }
  cbow.clear();
  CHECK(cbow.rows() == 0);
  CHECK(cbow.add(kContextsB) == 1);
  CHECK(cbow.rows_of(w_in).value().at({0, 0}) == means.at({1, 0}));
}

TEST_CASE(
    "Example inputs with subwords: a context is the mean of its word's rows, each word's "
    "mean computed once per batch",
    "[objective][subwords]") {
  // Seven words whose n-grams (minn 3, maxn 4) share buckets: "<th" is in most of them.
  const std::vector<std::string> words = {"the", "and", "thee", "thou", "them", "then", "tho"};
  const auto subwords = std::make_shared<const gv::SubwordRows>(
      words, gv::SubwordScheme{.minn = 3, .maxn = 4, .buckets = 5});
  REQUIRE(subwords->table_rows() == 12);
  gv::Rng rng(9);
  const Tensor table = Tensor::normal({12, 3}, 0.0f, 1.0f, rng);
  const Tensor weights = Tensor::normal({5, 3}, 0.0f, 1.0f, rng);  // an uneven loss on h
  const Tensor cbow_weights = Tensor::normal({2, 3}, 0.0f, 1.0f, rng);
  for (const gv::ModelKind model : {gv::ModelKind::skipgram, gv::ModelKind::cbow}) {
    const bool cbow = model == gv::ModelKind::cbow;
    INFO((cbow ? "cbow" : "skip-gram"));
    gv::ExampleInputs inputs(model, subwords);
    inputs.add(kContextsA);
    inputs.add(kContextsB);  // word 2 again: skip-gram shares its first mean
    // The reference: one bag per input row with every row it averages, nothing shared.
    std::vector<int64_t> ids, offsets = {0};
    for (const auto& contexts : {kContextsA, kContextsB}) {
      for (const int64_t word : contexts) {
        const auto rows = subwords->of(word);
        ids.insert(ids.end(), rows.begin(), rows.end());
        if (!cbow) offsets.push_back(static_cast<int64_t>(ids.size()));
      }
      if (cbow) offsets.push_back(static_cast<int64_t>(ids.size()));
    }
    const Var shared_in = Var::parameter(table), reference_in = Var::parameter(table);
    const Var h = inputs.rows_of(shared_in);
    const Var expected = gv::embedding_bag(reference_in, ids, offsets, gv::BagGradient::undivided);
    REQUIRE(h.shape() == expected.shape());
    for (int64_t k = 0; k < h.numel(); ++k)
      CHECK(h.value()[k] == Approx(expected.value()[k]).margin(1e-6));
    const Var w = Var::constant(cbow ? cbow_weights : weights);
    gv::sum(h * w).backward();
    gv::sum(expected * w).backward();
    const Tensor got = shared_in.total_grad(), want = reference_in.total_grad();
    for (int64_t k = 0; k < got.numel(); ++k) CHECK(got[k] == Approx(want[k]).margin(1e-5));
    inputs.clear();
    CHECK(inputs.rows() == 0);
  }
}

TEST_CASE("CBOW objectives: one input row per centre, the same negatives as shared skip-gram",
          "[objective][cbow]") {
  // With W_out zero every logit is 0: each (row, output) pair costs log 2 (SGNS) and each row
  // log V (softmax), so the loss counts the rows.
  Var w_in = Var::parameter(Tensor::full({7, 3}, 0.1f));
  Var w_out = Var::parameter(Tensor::zeros({7, 3}));
  gv::SgnsObjective cbow(noise(), 2, /*shared_negatives=*/false, gv::ModelKind::cbow);
  gv::SgnsObjective skipgram(noise(), 2, /*shared_negatives=*/true);
  gv::Rng cbow_rng(4), skipgram_rng(4);
  cbow.add(kExampleA, cbow_rng);
  cbow.add(kExampleB, cbow_rng);
  skipgram.add(kExampleA, skipgram_rng);
  skipgram.add(kExampleB, skipgram_rng);
  CHECK(cbow_rng.next_u64() == skipgram_rng.next_u64());  // one draw of K per centre for both
  CHECK(cbow.pairs() == 2 * 3);
  const Var loss = cbow.loss(w_in, w_out);
  CHECK(loss.item() == Approx(6 * std::log(2.0)));
  loss.backward();
  CHECK(w_in.sparse_grad().stored_rows() == 4);  // each distinct context of the bags: 1 2 3 5

  gv::SoftmaxObjective softmax(gv::ModelKind::cbow);
  softmax.add(kExampleA, cbow_rng);
  softmax.add(kExampleB, cbow_rng);
  CHECK(softmax.pairs() == 2);
  CHECK(softmax.loss(w_in, w_out).item() == Approx(2 * std::log(7.0)));
}

TEST_CASE("SGNS draws negatives other than the centre when the centre holds all the noise",
          "[objective][sgns]") {
  // A crafted count of 2^62 (which every loader now refuses) gave word 1 no share of the
  // noise: every draw was the centre, word 0, and redrawing it never ended.
  const auto crafted =
      std::make_shared<const gv::NegativeSampler>(std::vector<int64_t>{int64_t{1} << 62, 1});
  REQUIRE(crafted->probability(1) == 0.0);
  for (const bool shared : {true, false}) {
    gv::SgnsObjective sgns(crafted, 3, shared);
    gv::Rng rng(5);
    const std::vector<int64_t> contexts = {1, 1};
    sgns.add(Example{0, contexts}, rng);
    Var w_in = Var::parameter(Tensor::full({2, 3}, 0.1f));
    Var w_out = Var::parameter(Tensor::full({2, 3}, 0.1f));
    sgns.loss(w_in, w_out).backward();
    CHECK(w_out.sparse_grad().stored_rows() == 2);  // the centre, and word 1 for every negative
  }
}

TEST_CASE("objective_maker builds CBOW objectives, and refuses CBOW with pair negatives",
          "[objective][cbow]") {
  gv::TrainOptions options;
  options.negatives = 4;
  options.model = gv::ModelKind::cbow;
  for (const gv::LossKind loss : {gv::LossKind::sgns, gv::LossKind::softmax}) {
    options.loss = loss;
    const std::unique_ptr<gv::Objective> objective = gv::objective_maker(options, kCounts)();
    gv::Rng rng(1);
    objective->add(kExampleA, rng);
    CHECK(objective->pairs() == (loss == gv::LossKind::sgns ? 5 : 1));
  }
  options.loss = gv::LossKind::sgns;
  options.shared_negatives = false;
  CHECK_THROWS_WITH(gv::objective_maker(options, kCounts),
                    Catch::Contains("--pair-negatives") && Catch::Contains("CBOW"));
}

TEST_CASE("SGNS refuses a number of negatives outside [1, kMaxNegatives]", "[objective][bounds]") {
  // K + 1 outputs per group: K = 2^63 - 1 once overflowed, K = 10^8 took gigabytes per group.
  for (const int64_t k : {int64_t{0}, gv::kMaxNegatives + 1, int64_t{INT64_MAX}}) {
    CHECK_THROWS_WITH(
        gv::SgnsObjective(noise(), k, true),
        Catch::Contains("sgns: negatives must be in [1, 1000], got " + std::to_string(k)));
  }
  CHECK_NOTHROW(gv::SgnsObjective(noise(), gv::kMaxNegatives, true));
}
