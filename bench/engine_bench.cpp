// Engine microbenchmarks: the cost of one recorded op (forward + backward) on a realistic
// batch, and matmul throughput against the textbook triple loop.
//
//   ./build/bench_engine --benchmark_min_time=0.2
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "autograd/ops.h"
#include "autograd/rng.h"

namespace {

using gv::Tensor;
using gv::Var;

// A small network-shaped graph over a (rows, 100) batch. Each line is one recorded op; the
// mix is the engine's bread and butter: broadcasting, elementwise, a row-wise softmax and
// two reductions. At rows = 1 the time is mostly the engine's per-node overhead (allocation,
// std::function, the topological sort); at rows = 1024 it is mostly the loops themselves.
constexpr int64_t kOpsPerGraph = 10;
Var ten_op_graph(const Var& x, const Var& scale, const Var& bias) {
  const Var scaled = x * scale;                  // 1 mul (rows, 100) * (100)
  const Var shifted = scaled + bias;             // 2 add (rows, 100) + (100)
  const Var squashed = gv::tanh(shifted);        // 3
  const Var gate = gv::sigmoid(squashed);        // 4
  const Var gated = gate * squashed;             // 5 mul, equal shapes
  const Var rectified = gv::relu(gated);         // 6
  const Var sharpened = rectified * 4.0f;        // 7 mul_scalar
  const Var log_p = gv::log_softmax(sharpened);  // 8
  const Var row_sums = gv::sum(log_p, 1);        // 9 -> (rows)
  return gv::mean(row_sums);                     // 10 -> ()
}

void BM_TenOpGraphForwardBackward(benchmark::State& state) {
  const int64_t rows = state.range(0);
  constexpr int64_t kCols = 100;
  gv::Rng rng(1);
  const Var x = Var::constant(Tensor::uniform({rows, kCols}, -1.0f, 1.0f, rng));
  const Var scale = Var::parameter(Tensor::uniform({kCols}, 0.5f, 1.5f, rng));
  const Var bias = Var::parameter(Tensor::uniform({kCols}, -0.1f, 0.1f, rng));
  for (auto _ : state) {
    scale.zero_grad();
    bias.zero_grad();
    const Var loss = ten_op_graph(x, scale, bias);
    loss.backward();
    benchmark::DoNotOptimize(scale.grad().data());
  }
  // An inverted rate is time / (value * iterations): the wall time of one op, forward and
  // backward, printed in seconds with an SI prefix ("250us", "80ns").
  state.counters["time_per_op"] = benchmark::Counter(
      static_cast<double>(kOpsPerGraph),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["elements_per_op"] = static_cast<double>(rows * kCols);
}
BENCHMARK(BM_TenOpGraphForwardBackward)->Arg(1)->Arg(1024)->Unit(benchmark::kMicrosecond);

// 2 n^3 floating-point operations per n x n product, reported as GFLOP/s.
void set_gflops_counter(benchmark::State& state, int64_t n) {
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * static_cast<double>(n * n * n) * 1e-9,
                                                 benchmark::Counter::kIsIterationInvariantRate);
}

void BM_MatmulOurs(benchmark::State& state) {
  const int64_t n = state.range(0);
  gv::Rng rng(2);
  const Var a = Var::constant(Tensor::uniform({n, n}, -1.0f, 1.0f, rng));
  const Var b = Var::constant(Tensor::uniform({n, n}, -1.0f, 1.0f, rng));
  for (auto _ : state) {
    const Var c = gv::matmul(a, b);
    benchmark::DoNotOptimize(c.value().data());
  }
  set_gflops_counter(state, n);
}
BENCHMARK(BM_MatmulOurs)->Arg(64)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

// The i-j-k loop straight from the definition: the inner loop strides down a column of b,
// touching a new cache line per multiply-add. This is the baseline the i-k-j order beats.
void BM_MatmulNaive(benchmark::State& state) {
  const int64_t n = state.range(0);
  gv::Rng rng(2);
  const Tensor a = Tensor::uniform({n, n}, -1.0f, 1.0f, rng);
  const Tensor b = Tensor::uniform({n, n}, -1.0f, 1.0f, rng);
  std::vector<float> c(static_cast<size_t>(n * n));
  for (auto _ : state) {
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        float dot = 0.0f;
        for (int64_t k = 0; k < n; ++k) dot += a[i * n + k] * b[k * n + j];
        c[static_cast<size_t>(i * n + j)] = dot;
      }
    }
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  set_gflops_counter(state, n);
}
BENCHMARK(BM_MatmulNaive)->Arg(64)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
