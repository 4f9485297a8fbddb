#include "word2vec/losses/logistic_loss.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/kernels.h"
#include "autograd/simd/kernel_table.h"
#include "word2vec/losses/group_grads.h"

namespace gv {

void LogisticGroups::clear() {
  input_offsets.assign(1, 0);
  input_ids.clear();
  output_offsets.assign(1, 0);
  output_ids.clear();
  output_labels.clear();
  pairs_ = 0;
}

LogisticGroups::OutputSlots LogisticGroups::add_table_group(std::span<const int64_t> ids,
                                                            int64_t outputs) {
  input_ids.insert(input_ids.end(), ids.begin(), ids.end());
  return add_rows_group(static_cast<int64_t>(ids.size()), outputs);
}

LogisticGroups::OutputSlots LogisticGroups::add_rows_group(int64_t rows, int64_t outputs) {
  input_offsets.push_back(input_count() + rows);
  const size_t first = output_ids.size(), n = static_cast<size_t>(outputs);
  output_ids.insert(output_ids.end(), n, 0);
  output_labels.insert(output_labels.end(), n, 0.0f);
  output_offsets.push_back(static_cast<int64_t>(output_ids.size()));
  pairs_ += rows * outputs;
  return {std::span(output_ids).subspan(first, n), std::span(output_labels).subspan(first, n)};
}

namespace {

// Every id the op reads must be a row of its table: throws std::out_of_range naming the op, the
// id and the table ("logistic_loss: id 7 out of range for W_in with 5 rows").
void check_ids(const std::vector<int64_t>& ids, int64_t rows, const char* op, const char* table) {
  for (const int64_t id : ids) {
    if (id < 0 || id >= rows) {
      throw std::out_of_range(std::string(op) + ": id " + std::to_string(id) +
                              " out of range for " + table + " with " + std::to_string(rows) +
                              " rows");
    }
  }
}

// A table read by id keeps its gradient row-sparse, which only a leaf's is (Node::sparse_grad).
void require_leaf(const char* op, const Var& table, const char* name) {
  if (table.requires_grad() && !table.node()->is_leaf()) {
    throw std::invalid_argument(std::string(op) + ": " + name +
                                " must be a leaf table, got the result of " +
                                std::string(table.op()));
  }
}

template <class Inputs>
void check(const char* op, const Var& in, const Var& out, const LogisticGroups& groups) {
  if constexpr (Inputs::kReadsIds) {
    // The ids TableInputs read must be the rows the groups span.
    if (static_cast<int64_t>(groups.input_ids.size()) != groups.input_count()) {
      throw std::invalid_argument(std::string(op) + ": " + std::to_string(groups.input_ids.size()) +
                                  " input ids for groups of " +
                                  std::to_string(groups.input_count()) +
                                  " inputs (groups for logistic_rows_loss?)");
    }
  } else if (in.value().ndim() != 2 || in.size(0) != groups.input_count()) {
    throw std::invalid_argument(std::string(op) + ": input rows " + shape_str(in.shape()) +
                                " for groups of " + std::to_string(groups.input_count()) +
                                " inputs");
  }
  if (in.value().ndim() != 2 || out.value().ndim() != 2 || out.size(1) != in.size(1)) {
    throw std::invalid_argument(std::string(op) + ": inputs " + shape_str(in.shape()) +
                                " and outputs " + shape_str(out.shape()) +
                                " must be (N, d) and (V, d)");
  }
  if (groups.output_offsets.back() != static_cast<int64_t>(groups.output_ids.size()) ||
      groups.output_labels.size() != groups.output_ids.size()) {
    throw std::invalid_argument(std::string(op) + ": " + std::to_string(groups.output_ids.size()) +
                                " output ids and " + std::to_string(groups.output_labels.size()) +
                                " labels for groups of " +
                                std::to_string(groups.output_offsets.back()) + " outputs");
  }
  check_ids(groups.output_ids, out.size(0), op, "the output table");
  require_leaf(op, out, "the output table");
  if constexpr (Inputs::kReadsIds) {
    check_ids(groups.input_ids, in.size(0), op, "W_in");
    require_leaf(op, in, "W_in");
  }
}

// out[i * ldo + j] = a_row(i) · b_row(j) for i < rows and j < cols, where a_row and b_row return
// a row's pointer of d floats: a group's logits, the pointers gathered in pieces of at most
// kGradRows x kGradCols, one call per piece of KernelTable::dot_rows (autograd/simd/), the kernel
// compiled for the CPU this process runs on, which the backward's dot_block_grads mirrors.
template <class RowA, class RowB>
void dot_grid(int64_t d, int64_t rows, int64_t cols, RowA a_row, RowB b_row, float* out,
              int64_t ldo) {
  const KernelTable& table = kernels();
  const float* a[kGradRows];
  const float* b[kGradCols];
  for (int64_t i0 = 0; i0 < rows; i0 += kGradRows) {
    const int64_t m = std::min<int64_t>(rows - i0, kGradRows);
    for (int64_t r = 0; r < m; ++r) a[r] = a_row(i0 + r);
    for (int64_t j0 = 0; j0 < cols; j0 += kGradCols) {
      const int64_t n = std::min<int64_t>(cols - j0, kGradCols);
      for (int64_t t = 0; t < n; ++t) b[t] = b_row(j0 + t);
      table.dot_rows(d, m, n, a, b, out + i0 * ldo + j0, ldo);
    }
  }
}

// Forward: every group's logits x, then their losses in one vectorised pass (logistic_losses):
//   loss = softplus(-x) if y = 1, softplus(x) if y = 0;  dloss/dx = σ(x) - y,
// leaving each pair's coefficient σ(x) - y in the groups for backward.
template <class Inputs>
double forward(const Inputs& inputs, const float* in, const float* out, int64_t d,
               LogisticGroups& groups) {
  groups.coefficients.resize(static_cast<size_t>(groups.pairs()));
  groups.labels.resize(static_cast<size_t>(groups.pairs()));
  float* logit = groups.coefficients.data();
  float* label = groups.labels.data();
  const int64_t* offsets = groups.output_offsets.data();
  for (int64_t g = 0; g < groups.groups(); ++g) {
    const int64_t* ids = groups.output_ids.data() + offsets[g];
    const float* y = groups.output_labels.data() + offsets[g];
    if (g + 1 < groups.groups()) {  // the next group's rows: random ones, mostly out of cache
      for (int64_t j = offsets[g + 1]; j < offsets[g + 2]; ++j)
        prefetch_row(out + groups.output_ids[j] * d, d);
      // And TableInputs' W_in rows; not DenseInputs' rows of h (R, d), just written by the op
      // that made h and read here in order.
      if constexpr (Inputs::kReadsIds) {
        for (int64_t i = groups.input_offsets[g + 1]; i < groups.input_offsets[g + 2]; ++i)
          prefetch_row(in + inputs.index(i) * d, d);
      }
    }
    // The group's logits X = V Uᵀ (m, n) (dot_grid).
    const int64_t begin = groups.input_offsets[g], m = groups.inputs(g), n = groups.outputs(g);
    dot_grid(
        d, m, n, [&](int64_t i) { return in + inputs.index(begin + i) * d; },
        [&](int64_t j) { return out + ids[j] * d; }, logit, n);
    for (int64_t i = 0; i < m; ++i, label += n) std::copy(y, y + n, label);
    logit += m * n;
  }
  return kernels().logistic_losses(groups.coefficients.data(), groups.labels.data(),
                                   groups.pairs());
}

// Backward: per group dL/dV = G U (m, d) and dL/dU = Gᵀ V (n, d) with G = upstream (σ(X) - Y),
// one sparse entry per id and table (add_group_grads), every group's gradient rows found first.
// A table with optimizer-in-backward (Node::sgd_lr_in_backward: in_lr for W_in's rows, TableInputs
// only, out_lr for the output table's; 0 for none) has its own rows as its gradient rows, the
// coefficients scaled by -lr: each group then subtracts lr times its gradient from them, and
// later groups read the rows updated, as word2vec.c's pairs do.
template <class Inputs>
void backward(const Inputs& inputs, LogisticGroups& groups, float* in, float* out, int64_t d,
              float upstream, SparseRows* grad_out, float in_lr, float out_lr) {
  const bool in_place_in = inputs.grad && in_lr > 0.0f, in_place_out = grad_out && out_lr > 0.0f;
  const bool one_table = inputs.shares(grad_out);
  const int64_t input_count = groups.input_count(), outputs = groups.output_offsets.back();
  groups.input_grads.resize(static_cast<size_t>(inputs.grad ? input_count : 0));
  groups.output_grads.resize(static_cast<size_t>(grad_out ? outputs : 0));
  GradRow* in_grads = inputs.grad ? groups.input_grads.data() : nullptr;
  GradRow* out_grads = grad_out ? groups.output_grads.data() : nullptr;
  if (in_place_in) {
    for (int64_t i = 0; i < input_count; ++i) in_grads[i] = {in + inputs.index(i) * d, false};
  }
  if (in_place_out) {
    for (int64_t j = 0; j < outputs; ++j) out_grads[j] = {out + groups.output_ids[j] * d, false};
  }
  // The sparse or dense gradient rows of the sides that are not updated in place.
  GradRow* find_in = in_place_in ? nullptr : in_grads;
  GradRow* find_out = in_place_out ? nullptr : out_grads;
  if (find_in) inputs.reserve(input_count);
  if (find_out) grad_out->reserve(outputs + (one_table ? input_count : 0));
  for (int64_t g = 0; (find_in || find_out) && g < groups.groups(); ++g) {
    const int64_t begin = groups.input_offsets[g], first = groups.output_offsets[g];
    const int64_t* ids = groups.output_ids.data() + first;
    find_group_grads(
        inputs, begin, groups.inputs(g), find_in ? find_in + begin : nullptr, groups.outputs(g),
        [&](int64_t j) { return ids[j]; }, grad_out, find_out ? find_out + first : nullptr);
  }
  // Each side's scale; sides scaled alike go through the kernel together, others one at a time.
  const float in_scale = in_place_in ? -in_lr * upstream : upstream;
  const float out_scale = in_place_out ? -out_lr * upstream : upstream;
  const bool together = !in_grads || !out_grads || in_scale == out_scale;
  const auto add = [&](GradRow* in_rows, GradRow* out_rows, float scale) {
    const float* c = groups.coefficients.data();  // the group's (m, n) coefficients
    for (int64_t g = 0; g < groups.groups(); ++g) {
      const int64_t begin = groups.input_offsets[g], first = groups.output_offsets[g];
      const int64_t* ids = groups.output_ids.data() + first;
      const int64_t m = groups.inputs(g), n = groups.outputs(g);
      add_group_grads(
          inputs, begin, m, in, in_rows ? in_rows + begin : nullptr, n,
          [&](int64_t j) { return ids[j]; }, groups.outputs_distinct, out,
          out_rows ? out_rows + first : nullptr, one_table, d, c, scale);
      c += m * n;
    }
  };
  if (together) {
    add(in_grads, out_grads, in_grads ? in_scale : out_scale);
  } else {
    add(in_grads, nullptr, in_scale);
    add(nullptr, out_grads, out_scale);
  }
}

}  // namespace

template <class Inputs>
Var logistic_loss(const Var& in, const Var& out, std::shared_ptr<LogisticGroups> shared_groups) {
  constexpr const char* op = Inputs::kReadsIds ? "logistic_loss" : "logistic_rows_loss";
  LogisticGroups& groups = *shared_groups;
  check<Inputs>(op, in, out, groups);
  const double loss =
      forward(Inputs::of(groups), in.value().data(), out.value().data(), in.size(1), groups);
  // The backward shares ownership of the groups rather than pointing into the caller's, so that
  // a caller may fill other groups before this backward runs.
  std::shared_ptr<LogisticGroups> saved = std::move(shared_groups);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {in, out},
      [saved](Node& self) {
        Node& rows = *self.inputs[0];
        Node& table = *self.inputs[1];
        backward(Inputs::with_grad(*saved, rows), *saved, rows.value.data(), table.value.data(),
                 rows.value.size(1), self.grad[0], table.sparse_grad_rows(),
                 Inputs::kReadsIds ? rows.sgd_lr_in_backward : 0.0f, table.sgd_lr_in_backward);
      },
      op);
}
template Var logistic_loss<TableInputs>(const Var&, const Var&, std::shared_ptr<LogisticGroups>);
template Var logistic_loss<DenseInputs>(const Var&, const Var&, std::shared_ptr<LogisticGroups>);

}  // namespace gv
