// The transformer input stage, x = tok_emb(ids) + pos(T), forward and backward at the sizes
// of a small GPT: (B, T, C) = (64, 256, 384) with a 50,000-token vocabulary.
//
// Besides the time, the counters compare gradient memory: the row-sparse token gradient
// holds one C-float row per lookup (B T rows, repeats included), where a dense gradient
// would be the whole (V, C) table, written and zeroed at every step.
//
//   ./build/bench_embeddings --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "autograd/ops.h"
#include "embeddings/input_embedding.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"

namespace {

constexpr int64_t kBatch = 64, kLength = 256, kDim = 384, kVocab = 50000;

std::unique_ptr<gv::PositionalEncoding> positions(bool learned, gv::Rng& rng) {
  if (learned) return std::make_unique<gv::LearnedPositionalEmbedding>(kLength, kDim, rng);
  return std::make_unique<gv::SinusoidalPositionalEmbedding>(kLength, kDim);
}

void BM_InputStageForwardBackward(benchmark::State& state) {
  const bool learned = state.range(0) != 0;
  gv::Rng rng(1);
  const gv::InputEmbedding input(gv::Embedding(kVocab, kDim, rng), positions(learned, rng));
  // Uniform ids: the most distinct rows a batch can touch, the sparse path's worst case
  // (Zipfian real text repeats far more).
  std::vector<int64_t> ids(kBatch * kLength);
  for (int64_t& id : ids) id = static_cast<int64_t>(rng.below(kVocab));
  const std::vector<gv::Var> params = input.parameters();

  for (auto _ : state) {
    for (const gv::Var& p : params) p.zero_grad();
    const gv::Var loss = gv::sum(input.forward(ids, {kBatch, kLength}));  // (B, T, C) -> ()
    loss.backward();
    benchmark::DoNotOptimize(loss.value().data());
  }

  const gv::SparseRows& grad = input.tokens().weight().sparse_grad();
  gv::SparseRows distinct = grad;
  distinct.coalesce();
  const double bytes_per_row = kDim * sizeof(float);
  state.counters["sparse_rows"] = static_cast<double>(grad.stored_rows());
  state.counters["distinct_rows"] = static_cast<double>(distinct.stored_rows());
  state.counters["sparse_grad_MB"] = static_cast<double>(grad.stored_rows()) * bytes_per_row / 1e6;
  state.counters["dense_grad_MB"] = static_cast<double>(kVocab) * bytes_per_row / 1e6;
  state.counters["tokens/s"] = benchmark::Counter(
      static_cast<double>(kBatch * kLength * state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_InputStageForwardBackward)
    ->ArgName("learned_positions")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
