// Skip-gram hot-path microbenchmarks: one training step of the fused SGNS op against the
// same loss composed from primitive ops (tests/word2vec/composed_losses.h), and the samplers the
// trainer calls per word.
//
//   ./build/bench_sgns --benchmark_min_time=0.2
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "autograd/optim.h"
#include "autograd/rng.h"
#include "tests/word2vec/composed_losses.h"
#include "word2vec/losses/logistic_loss.h"
#include "word2vec/losses/sgns/negative_sampler.h"

namespace {

using gv::Tensor;
using gv::Var;

constexpr int64_t kVocab = 12374;  // TinyShakespeare x 20 at min-count 5
constexpr int64_t kDim = 100;
constexpr int64_t kNegatives = 5;

// A batch shaped like the trainer's: `groups` centres, each with 6 contexts (the mean of
// word2vec's dynamic window of 5) and 1 + 5 outputs, ids drawn from a Zipf-like sampler.
std::shared_ptr<gv::LogisticGroups> make_batch(int64_t groups, gv::Rng& rng) {
  std::vector<int64_t> counts(kVocab);
  for (int64_t i = 0; i < kVocab; ++i) counts[i] = 1000000 / (i + 1) + 1;
  const gv::NegativeSampler sampler(counts, 1.0);
  auto batch = std::make_shared<gv::LogisticGroups>();
  std::vector<int64_t> inputs(6);
  for (int64_t g = 0; g < groups; ++g) {
    sampler.sample(rng, inputs);
    const gv::LogisticGroups::OutputSlots outputs = batch->add_table_group(inputs, kNegatives + 1);
    sampler.sample(rng, outputs.ids);
    std::fill(outputs.labels.begin(), outputs.labels.end(), 0.0f);
    outputs.labels[0] = 1.0f;  // the positive, then the negatives
  }
  return batch;
}

// forward + backward + sparse SGD step: what the trainer does per batch.
template <bool kFused>
void BM_SgnsStep(benchmark::State& state) {
  gv::Rng rng(1);
  Var w_in = Var::parameter(Tensor::uniform({kVocab, kDim}, -0.005f, 0.005f, rng));
  Var w_out = Var::parameter(Tensor::uniform({kVocab, kDim}, -0.005f, 0.005f, rng));
  const std::shared_ptr<gv::LogisticGroups> batch = make_batch(state.range(0), rng);
  gv::Sgd sgd({w_in, w_out}, 1e-4f);
  for (auto _ : state) {
    const Var loss =
        kFused ? gv::logistic_loss<gv::TableInputs>(w_in, w_out, batch)
               : gv::testing::logistic_loss_composed<gv::TableInputs>(w_in, w_out, *batch);
    loss.backward();
    sgd.step();
    sgd.zero_grad();
  }
  state.counters["pairs/s"] = benchmark::Counter(static_cast<double>(batch->pairs()),
                                                 benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_TEMPLATE(BM_SgnsStep, true)->Name("SgnsStep/fused")->Arg(4)->Arg(16)->Arg(64);
BENCHMARK_TEMPLATE(BM_SgnsStep, false)->Name("SgnsStep/composed")->Arg(4)->Arg(16)->Arg(64);

void BM_NegativeSample(benchmark::State& state) {
  std::vector<int64_t> counts(kVocab);
  for (int64_t i = 0; i < kVocab; ++i) counts[i] = 1000000 / (i + 1) + 1;
  const gv::NegativeSampler sampler(counts);
  gv::Rng rng(2);
  for (auto _ : state) benchmark::DoNotOptimize(sampler.sample(rng));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NegativeSample);

}  // namespace

BENCHMARK_MAIN();
