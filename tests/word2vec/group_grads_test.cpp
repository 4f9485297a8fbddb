// add_group_grads, the backward logistic_loss makes of a group's logits, on the gradient rows
// find_group_grads looked up for every group beforehand, against the sparse gradients that
// separate axpys give (SparseRows::add_terms, an input's terms over its outputs and then an
// output's over its inputs): the same floats, bit for bit, when ids repeat.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "word2vec/losses/group_grads.h"
#include "word2vec/losses/loss_inputs.h"

namespace gv {

namespace {

constexpr int64_t kWidth = 20;  // one full chunk of lanes and an overlapping last one

std::vector<float> table(int64_t rows, float seed) {
  std::vector<float> t(static_cast<size_t>(rows * kWidth));
  for (int64_t k = 0; k < rows * kWidth; ++k) t[k] = std::sin(seed * static_cast<float>(k + 1));
  return t;
}

struct Group {
  std::vector<int64_t> inputs;   // ids in the input table
  std::vector<int64_t> outputs;  // ids in the output table
};

// Two groups in a row, as a batch's backward makes them: the second adds to entries the first
// made. Checks add_group_grads against add_terms, into one sparse gradient per table or, with
// tied, one for both (one table on both sides).
void check_groups(const std::vector<Group>& groups, int64_t in_rows, int64_t out_rows,
                  bool outputs_distinct, bool tied = false) {
  const std::vector<float> in = table(in_rows, 0.7f);
  const std::vector<float> out = tied ? in : table(out_rows, 1.9f);
  SparseRows in_grad(in_rows, kWidth), out_grad(out_rows, kWidth);
  SparseRows in_expected(in_rows, kWidth), out_expected(out_rows, kWidth);
  SparseRows* grads_out = tied ? &in_grad : &out_grad;
  SparseRows* expected_out = tied ? &in_expected : &out_expected;
  const float upstream = 0.5f;
  std::vector<int64_t> ids;
  int64_t outputs = 0;
  for (const Group& g : groups) {
    ids.insert(ids.end(), g.inputs.begin(), g.inputs.end());
    outputs += static_cast<int64_t>(g.outputs.size());
  }
  // Every group's gradient rows first, as a batch's backward finds them.
  const TableInputs inputs{ids, &in_grad};
  std::vector<GradRow> in_rows_found(ids.size()), out_rows_found(static_cast<size_t>(outputs));
  in_grad.reserve(static_cast<int64_t>(ids.size()) + (tied ? outputs : 0));
  out_grad.reserve(outputs);
  for (int64_t g = 0, begin = 0, first = 0; g < static_cast<int64_t>(groups.size()); ++g) {
    const Group& group = groups[g];
    find_group_grads(
        inputs, begin, static_cast<int64_t>(group.inputs.size()), in_rows_found.data() + begin,
        static_cast<int64_t>(group.outputs.size()), [&](int64_t j) { return group.outputs[j]; },
        grads_out, out_rows_found.data() + first);
    begin += static_cast<int64_t>(group.inputs.size());
    first += static_cast<int64_t>(group.outputs.size());
  }
  int64_t begin = 0, first = 0;
  for (const Group& g : groups) {
    const int64_t rows = static_cast<int64_t>(g.inputs.size());
    const int64_t cols = static_cast<int64_t>(g.outputs.size());
    std::vector<float> c(static_cast<size_t>(rows * cols));
    for (int64_t k = 0; k < rows * cols; ++k) c[k] = std::cos(1.3f * static_cast<float>(k)) - 0.2f;
    add_group_grads(
        inputs, begin, rows, in.data(), in_rows_found.data() + begin, cols,
        [&](int64_t j) { return g.outputs[j]; }, outputs_distinct, out.data(),
        out_rows_found.data() + first, tied, kWidth, c.data(), upstream);
    for (int64_t i = 0; i < rows; ++i) {
      in_expected.add_terms(g.inputs[i], cols, [&](int64_t j) {
        return std::pair(upstream * c[i * cols + j], out.data() + g.outputs[j] * kWidth);
      });
    }
    for (int64_t j = 0; j < cols; ++j) {
      expected_out->add_terms(g.outputs[j], rows, [&](int64_t i) {
        return std::pair(upstream * c[i * cols + j], in.data() + g.inputs[i] * kWidth);
      });
    }
    begin += rows;
    first += cols;
  }
  const Tensor got_in = in_grad.to_dense(), want_in = in_expected.to_dense();
  const Tensor got_out = out_grad.to_dense(), want_out = out_expected.to_dense();
  CHECK(in_grad.stored_rows() == in_expected.stored_rows());
  CHECK(out_grad.stored_rows() == out_expected.stored_rows());
  for (int64_t k = 0; k < got_in.numel(); ++k) {
    INFO("input table element " << k);
    CHECK(got_in[k] == want_in[k]);
  }
  for (int64_t k = 0; k < got_out.numel(); ++k) {
    INFO("output table element " << k);
    CHECK(got_out[k] == want_out[k]);
  }
}

}  // namespace

TEST_CASE("add_group_grads: distinct ids, more inputs than one block takes", "[group_grads]") {
  // 10 inputs: a block of kGradRows and one of 2; the path-like outputs are distinct.
  check_groups({{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {3, 1, 4, 0}}, {{9, 2}, {1, 3, 2}}}, 10, 5, true);
}

TEST_CASE("add_group_grads: an input twice, as a context twice in a window", "[group_grads]") {
  check_groups({{{2, 4, 2, 5, 1, 0, 3, 4, 2, 5}, {0, 1, 2, 3, 4, 5}}, {{4, 4}, {5, 1}}}, 6, 7,
               false);
}

TEST_CASE("add_group_grads: an output twice, as a negative drawn twice", "[group_grads]") {
  check_groups({{{0, 1, 2, 3, 4, 5, 6, 7, 8}, {3, 6, 3, 0, 1, 1}}, {{2}, {6, 6, 6}}}, 9, 7, false);
}

TEST_CASE("add_group_grads: inputs and outputs both twice", "[group_grads]") {
  check_groups({{{2, 4, 2, 5, 1, 0, 3, 4, 2, 5}, {3, 6, 3, 0, 1, 1}}, {{5, 5, 1}, {1, 0, 1}}}, 6, 7,
               false);
}

TEST_CASE("add_group_grads: more outputs than one block takes", "[group_grads]") {
  Group wide{{1, 3, 1}, {}};
  for (int64_t j = 0; j < kGradCols + 9; ++j) wide.outputs.push_back((j * 7) % 45);
  check_groups({wide, {{0, 2}, {44, 3}}}, 4, 45, false);
}

TEST_CASE("add_group_grads: one table on both sides", "[group_grads]") {
  // An input's gradient row is then also an output's: 3 is both, 1 an input twice.
  check_groups({{{1, 3, 1, 0}, {3, 2, 4}}, {{3}, {3, 1}}}, 5, 5, false, /*tied=*/true);
}

TEST_CASE("add_group_grads on dense rows adds to their gradient", "[group_grads]") {
  const int64_t rows = 3, cols = 4, out_rows = 6;
  const std::vector<float> h = table(rows, 0.3f), out = table(out_rows, 2.2f);
  const std::vector<int64_t> outputs = {5, 0, 2, 3};
  std::vector<float> c(rows * cols);
  for (int64_t k = 0; k < rows * cols; ++k) c[k] = 0.1f * static_cast<float>(k) - 0.4f;
  std::vector<float> grad = table(rows, 4.4f), expected = grad;  // a gradient already started
  SparseRows out_grad(out_rows, kWidth), out_expected(out_rows, kWidth);
  const DenseInputs inputs{grad.data(), kWidth};
  const auto output = [&](int64_t j) { return outputs[j]; };
  GradRow in_grads[3], out_grads[4];  // rows, cols
  out_grad.reserve(cols);
  find_group_grads(inputs, 0, rows, in_grads, cols, output, &out_grad, out_grads);
  add_group_grads(inputs, 0, rows, h.data(), in_grads, cols, output, true, out.data(), out_grads,
                  false, kWidth, c.data(), 1.0f);
  for (int64_t i = 0; i < rows; ++i) {
    axpy_sum(expected.data() + i * kWidth, kWidth, cols, [&](int64_t j) {
      return std::pair(c[i * cols + j], out.data() + outputs[j] * kWidth);
    });
  }
  for (int64_t j = 0; j < cols; ++j) {
    out_expected.add_terms(outputs[j], rows, [&](int64_t i) {
      return std::pair(c[i * cols + j], h.data() + i * kWidth);
    });
  }
  CHECK(grad == expected);
  const Tensor got = out_grad.to_dense(), want = out_expected.to_dense();
  for (int64_t k = 0; k < got.numel(); ++k) CHECK(got[k] == want[k]);
}

}  // namespace gv
