// Probabilities and losses, each computed so that no exp overflows: softmax and log_softmax
// along the last dim, cross_entropy and binary_cross_entropy_with_logits; and row_distance_loss,
// the pull of table rows toward targets.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/ops.h"
#include "autograd/ops/op_support.h"
#include "autograd/sparse_rows.h"

namespace gv {

namespace {

// log Σ_c exp(x[c]) over one row of n >= 1 values, shifted by the row max so no exp overflows.
float log_sum_exp(const float* x, int64_t n) {
  const float max = *std::max_element(x, x + n);
  float sum = 0.0f;
  for (int64_t c = 0; c < n; ++c) sum += std::exp(x[c] - max);
  return max + std::log(sum);
}

// y = x - log Σ exp(x) along each row of x (rows, cols): log_softmax, and softmax before its exp.
Tensor log_softmax_rows(const Tensor& x, const RowsView& view) {
  Tensor out = Tensor::uninitialized(x.shape());
  for (int64_t r = 0; r < view.rows; ++r) {
    const float* x_row = x.data() + r * view.cols;
    float* y_row = out.data() + r * view.cols;
    const float lse = log_sum_exp(x_row, view.cols);
    for (int64_t c = 0; c < view.cols; ++c) y_row[c] = x_row[c] - lse;
  }
  return out;
}

// The backward of a row-wise op on (rows, cols): row(y, g, gx) adds one row's input gradient gx
// from its output y and output gradient g; nothing when the input needs no gradient.
template <class Row>
void backward_by_rows(Node& self, const RowsView& view, Row row) {
  float* gx = self.inputs[0]->grad_data();
  if (!gx) return;
  for (int64_t r = 0; r < view.rows; ++r) {
    const int64_t at = r * view.cols;
    row(self.value.data() + at, self.grad.data() + at, gx + at);
  }
}

}  // namespace

Var softmax(const Var& a) {
  const RowsView view = rows_of(a.shape(), "softmax");
  Tensor out = log_softmax_rows(a.value(), view);
  float* y = out.data();
  for (int64_t i = 0; i < out.numel(); ++i) y[i] = std::exp(y[i]);
  return make_result(
      std::move(out), {a},
      [view](Node& self) {
        // dx_c = y_c (g_c - Σ_j g_j y_j): the Jacobian diag(y) - y y^T applied to g.
        backward_by_rows(self, view, [cols = view.cols](const float* y, const float* g, float* gx) {
          float g_dot_y = 0.0f;
          for (int64_t c = 0; c < cols; ++c) g_dot_y += g[c] * y[c];
          for (int64_t c = 0; c < cols; ++c) gx[c] += y[c] * (g[c] - g_dot_y);
        });
      },
      "softmax");
}

Var log_softmax(const Var& a) {
  const RowsView view = rows_of(a.shape(), "log_softmax");
  Tensor out = log_softmax_rows(a.value(), view);
  return make_result(
      std::move(out), {a},
      [view](Node& self) {
        // dx_c = g_c - softmax_c Σ_j g_j, with softmax = exp(log_softmax).
        backward_by_rows(self, view, [cols = view.cols](const float* y, const float* g, float* gx) {
          float g_sum = 0.0f;
          for (int64_t c = 0; c < cols; ++c) g_sum += g[c];
          for (int64_t c = 0; c < cols; ++c) gx[c] += g[c] - std::exp(y[c]) * g_sum;
        });
      },
      "log_softmax");
}

// ---- losses ----

Var cross_entropy(const Var& logits, std::span<const int64_t> targets) {
  const Shape& shape = logits.shape();
  if (shape.size() != 2 || shape[0] == 0 || shape[1] == 0 ||
      static_cast<int64_t>(targets.size()) != shape[0]) {
    throw std::invalid_argument("cross_entropy: expected logits (N, C) with N, C > 0 and N = " +
                                std::to_string(targets.size()) + " targets, got shape " +
                                shape_str(shape));
  }
  const int64_t n = shape[0];
  const int64_t c = shape[1];
  for (int64_t row = 0; row < n; ++row) {
    const int64_t target = targets[static_cast<size_t>(row)];
    if (target < 0 || target >= c) {
      throw std::out_of_range("cross_entropy: target " + std::to_string(target) + " of row " +
                              std::to_string(row) + " out of range for C = " + std::to_string(c) +
                              " classes");
    }
  }
  // -log softmax(x)[t] = log Σ exp(x) - x[t], averaged over the N rows.
  const float* x = logits.value().data();
  float total = 0.0f;
  for (int64_t row = 0; row < n; ++row) {
    const float* x_row = x + row * c;
    total += log_sum_exp(x_row, c) - x_row[targets[static_cast<size_t>(row)]];
  }
  return make_result(
      Tensor::scalar(total / static_cast<float>(n)), {logits},
      [ids = std::vector<int64_t>(targets.begin(), targets.end()), n, c](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        // d/dx_j = (softmax_j - [j == t]) / N, the probabilities recomputed from the logits.
        const float scale = self.grad[0] / static_cast<float>(n);
        const float* x = self.inputs[0]->value.data();
        for (int64_t row = 0; row < n; ++row) {
          const float* x_row = x + row * c;
          float* gx_row = gx + row * c;
          const float lse = log_sum_exp(x_row, c);
          for (int64_t j = 0; j < c; ++j) gx_row[j] += scale * std::exp(x_row[j] - lse);
          gx_row[ids[static_cast<size_t>(row)]] -= scale;
        }
      },
      "cross_entropy");
}

Var binary_cross_entropy_with_logits(const Var& logits, const Tensor& targets) {
  targets.check_shape(logits.shape(), "binary_cross_entropy_with_logits: targets");
  const int64_t n = logits.numel();
  const float* x = logits.value().data();
  const float* t = targets.data();
  // -[t log σ(x) + (1 - t) log(1 - σ(x))] rearranged so that exp never overflows and the
  // log never sees 0: max(x, 0) - x t + log1p(exp(-|x|)).
  float total = 0.0f;
  for (int64_t i = 0; i < n; ++i) {
    total += std::max(x[i], 0.0f) - x[i] * t[i] + log1p_exp_neg_abs(x[i]);
  }
  return make_result(
      Tensor::scalar(total / static_cast<float>(n)), {logits},
      [targets = Tensor(targets), n](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        // d/dx = (σ(x) - t) / n: bounded for any x, so saturated logits cannot blow up.
        const float scale = self.grad[0] / static_cast<float>(n);
        const float* x = self.inputs[0]->value.data();
        for (int64_t i = 0; i < n; ++i) gx[i] += scale * (stable_sigmoid(x[i]) - targets[i]);
      },
      "binary_cross_entropy_with_logits");
}

Var row_distance_loss(const Var& table, std::span<const int64_t> ids, const Tensor& targets,
                      std::span<const int64_t> target_rows) {
  const Shape& shape = table.shape();
  if (shape.size() != 2 || targets.ndim() != 2 || targets.size(1) > shape[1] ||
      ids.size() != target_rows.size()) {
    throw std::invalid_argument(
        "row_distance_loss: expected a table (V, R), targets (M, D) with "
        "D <= R and one target row per id, got " +
        shape_str(shape) + ", " + shape_str(targets.shape()) + ", " + std::to_string(ids.size()) +
        " ids and " + std::to_string(target_rows.size()) + " target rows");
  }
  if (table.requires_grad() && !table.node()->is_leaf()) {
    throw std::invalid_argument("row_distance_loss: the table must be a leaf, got the result of " +
                                std::string(table.op()));
  }
  check_row_ids(ids, shape[0], "row_distance_loss");
  check_row_ids(target_rows, targets.size(0), "row_distance_loss (targets)");
  const int64_t width = shape[1], d = targets.size(1);
  double sum = 0.0;
  for (size_t k = 0; k < ids.size(); ++k) {
    const float* w = table.value().data() + ids[k] * width;
    const float* t = targets.data() + target_rows[k] * d;
    for (int64_t c = 0; c < d; ++c) sum += (double{w[c]} - t[c]) * (double{w[c]} - t[c]);
  }
  return make_result(
      Tensor::scalar(static_cast<float>(0.5 * sum)), {table},
      [ids = std::vector<int64_t>(ids.begin(), ids.end()),
       target_rows = std::vector<int64_t>(target_rows.begin(), target_rows.end()),
       targets = targets.alias(), width, d](Node& self) {
        Node& table = *self.inputs[0];
        SparseRows* grad = table.sparse_grad_rows();
        if (!grad) return;
        const float upstream = self.grad[0];
        // One entry per row, so that a row is pulled once however many lookups reached it, and
        // the pull is added after them. Rows are read now: in Hogwild training, as they are
        // when the step applies.
        grad->coalesce();
        const auto pull = [&](size_t k, float* g) {
          const float* w = table.value.data() + ids[k] * width;
          const float* t = targets.data() + target_rows[k] * d;
          for (int64_t c = 0; c < d; ++c) g[c] += upstream * (w[c] - t[c]);
        };
        // Rows no lookup reached get entries of their own, after the search of the sorted ones.
        std::vector<size_t> unreached;
        const std::vector<int64_t>& stored = grad->indices();
        for (size_t k = 0; k < ids.size(); ++k) {
          const auto at = std::lower_bound(stored.begin(), stored.end(), ids[k]);
          if (at == stored.end() || *at != ids[k]) {
            unreached.push_back(k);
          } else {
            pull(k, grad->row(at - stored.begin()));
          }
        }
        for (const size_t k : unreached) pull(k, grad->append_row(ids[k]));
      },
      "row_distance_loss");
}

}  // namespace gv
