#include "word2vec/hs_loss.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/dot_blocks.h"
#include "autograd/kernels.h"
#include "autograd/ops.h"
#include "word2vec/fused_inputs.h"

namespace gv {

namespace {

// Checks the node table and the batch's words against the inputs' width d and row count.
void check_batch(const char* op, const Shape& inputs, int64_t rows, const Var& nodes,
                 const HsBatch& batch) {
  if (!batch.tree) throw std::invalid_argument(std::string(op) + ": the batch has no Huffman tree");
  if (inputs.size() != 2 || nodes.value().ndim() != 2 || inputs[1] != nodes.size(1)) {
    throw std::invalid_argument(std::string(op) + ": inputs " + shape_str(inputs) + " and nodes " +
                                shape_str(nodes.shape()) + " must be (N, C) and (R, C)");
  }
  if (batch.rows() != rows) {
    throw std::invalid_argument(std::string(op) + ": the batch's groups cover " +
                                std::to_string(batch.rows()) + " rows, the inputs have " +
                                std::to_string(rows));
  }
  const HuffmanTree& tree = *batch.tree;
  if (nodes.size(0) < tree.inner_nodes()) {
    throw std::invalid_argument(std::string(op) + ": nodes " + shape_str(nodes.shape()) +
                                " has fewer rows than the tree's " +
                                std::to_string(tree.inner_nodes()) + " inner nodes");
  }
  // Its row-sparse gradient is only read on a leaf (see Node::sparse_grad).
  if (nodes.requires_grad() && !nodes.node()->is_leaf()) {
    throw std::invalid_argument(std::string(op) +
                                ": nodes must be a leaf table, got the result of " +
                                std::string(nodes.op()));
  }
  for (const int64_t word : batch.words) {
    if (word < 0 || word >= tree.words()) {
      throw std::out_of_range(std::string(op) + ": word " + std::to_string(word) +
                              " out of range for a tree of " + std::to_string(tree.words()) +
                              " words");
    }
  }
}

// Forward: the batch's logits x = u_n · h, then their losses in one vectorised pass
// (logistic_losses), with label y = 1 - b per path step:
//   loss = softplus(-x) if y = 1, softplus(x) if y = 0;  dloss/dx = σ(x) - y.
// The coefficients σ(x) - y are left in the batch, group by group as (rows, depth), for backward.
template <class Inputs>
double forward(const Inputs& inputs, const float* in, const float* table, int64_t d,
               HsBatch& batch) {
  const HuffmanTree& tree = *batch.tree;
  int64_t steps = 0;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    steps += (batch.row_offsets[g + 1] - batch.row_offsets[g]) * tree.depth(batch.words[g]);
  }
  batch.coefficients.resize(static_cast<size_t>(steps));
  batch.labels.resize(static_cast<size_t>(steps));
  float* coefficient = batch.coefficients.data();
  float* label = batch.labels.data();
  for (int64_t g = 0; g < batch.groups(); ++g) {
    const int64_t word = batch.words[g];
    const int64_t depth = tree.depth(word);
    const int32_t* points = tree.points(word);
    const uint8_t* codes = tree.codes(word);
    if (g + 1 < batch.groups()) {  // the next group's rows, deep nodes and inputs mostly not cached
      const int64_t next = batch.words[g + 1];
      for (int64_t j = 0; j < tree.depth(next); ++j)
        prefetch_row(table + tree.points(next)[j] * d, d);
      for (int64_t i = batch.row_offsets[g + 1]; i < batch.row_offsets[g + 2]; ++i)
        prefetch_row(in + inputs.index(i) * d, d);
    }
    // The group's logits (rows, depth): its rows (one for CBOW, a centre's contexts for
    // skip-gram) against the nodes of the path, about ten, in blocks of 4 x 4 (dot_grid).
    const int64_t begin = batch.row_offsets[g], rows = batch.row_offsets[g + 1] - begin;
    dot_grid(
        d, rows, depth, [&](int64_t i) { return in + inputs.index(begin + i) * d; },
        [&](int64_t j) { return table + points[j] * d; }, coefficient, depth);
    // y = 1 - b as arithmetic: a path's codes are coin flips, and GCC compiled the
    // conditional into a branch that missed on about half of all path steps.
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < depth; ++j) label[i * depth + j] = static_cast<float>(1 - codes[j]);
    }
    coefficient += rows * depth;
    label += rows * depth;
  }
  return logistic_losses(batch.coefficients.data(), batch.labels.data(), steps);
}

// Backward: dL/dh_i = Σ_j c_ij u_{n_j} and dL/du_{n_j} = Σ_i c_ij h_i over each group's rows i
// and path nodes j, one sparse entry per node (add_group_grads).
template <class Inputs>
void backward(const Inputs& inputs, const HsBatch& b, const float* in, const float* table,
              int64_t width, float upstream, SparseRows* grad_nodes) {
  const float* c = b.coefficients.data();  // the group's (rows, depth) coefficients
  for (int64_t g = 0; g < b.groups(); ++g) {
    const int64_t depth = b.tree->depth(b.words[g]);
    const int32_t* points = b.tree->points(b.words[g]);
    const int64_t begin = b.row_offsets[g], rows = b.row_offsets[g + 1] - begin;
    add_group_grads(
        inputs, begin, rows, in, depth, [&](int64_t j) { return int64_t{points[j]}; },
        /*outputs_distinct=*/true, table, width, c, upstream, grad_nodes);
    c += rows * depth;
  }
}

// The loss spelled out, one row per path step: row index(i) of `rows` against each node of its
// group's path, signed s = 1 - 2b.
template <class Inputs>
Var composed(const Inputs& inputs, const Var& rows, const Var& nodes, const HsBatch& batch) {
  std::vector<int64_t> step_rows, step_nodes;
  std::vector<float> signs;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    const int64_t word = batch.words[g];
    for (int64_t i = batch.row_offsets[g]; i < batch.row_offsets[g + 1]; ++i) {
      for (int64_t j = 0; j < batch.tree->depth(word); ++j) {
        step_rows.push_back(inputs.index(i));
        step_nodes.push_back(batch.tree->points(word)[j]);
        signs.push_back(batch.tree->codes(word)[j] == 0 ? 1.0f : -1.0f);
      }
    }
  }
  const int64_t s = static_cast<int64_t>(signs.size());
  const Var v = gather_rows(rows, step_rows);                                  // (S, C)
  const Var u = gather_rows(nodes, step_nodes);                                // (S, C)
  const Var logits = sum(v * u, -1);                                           // (S)
  return -sum(log_sigmoid(logits * Var::constant(Tensor::from({s}, signs))));  // -Σ log σ(s x)
}

// The checks hs_loss and its composed twin share: the batch's groups span its ids, each a W_in row.
void check_table_batch(const Var& w_in, const Var& nodes, const HsBatch& batch) {
  check_batch("hs_loss", w_in.shape(), static_cast<int64_t>(batch.input_ids.size()), nodes, batch);
  check_ids(batch.input_ids, w_in.size(0), "hs_loss", "W_in");
}

}  // namespace

Var hs_loss(const Var& w_in, const Var& nodes, std::shared_ptr<HsBatch> shared_batch) {
  HsBatch& batch = *shared_batch;
  check_table_batch(w_in, nodes, batch);
  const double loss = forward(TableInputs{batch.input_ids}, w_in.value().data(),
                              nodes.value().data(), w_in.size(1), batch);
  std::shared_ptr<const HsBatch> saved = std::move(shared_batch);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {w_in, nodes},
      [saved](Node& self) {
        Node& table_in = *self.inputs[0];
        Node& node_table = *self.inputs[1];
        backward(TableInputs{saved->input_ids, table_in.sparse_grad_rows()}, *saved,
                 table_in.value.data(), node_table.value.data(), table_in.value.size(1),
                 self.grad[0], node_table.sparse_grad_rows());
      },
      "hs_loss");
}

Var hs_rows_loss(const Var& h, const Var& nodes, std::shared_ptr<HsBatch> shared_batch) {
  HsBatch& batch = *shared_batch;
  check_batch("hs_rows_loss", h.shape(), h.value().ndim() == 2 ? h.size(0) : -1, nodes, batch);
  const double loss =
      forward(DenseInputs{}, h.value().data(), nodes.value().data(), h.size(1), batch);
  std::shared_ptr<const HsBatch> saved = std::move(shared_batch);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {h, nodes},
      [saved](Node& self) {
        Node& rows = *self.inputs[0];
        Node& node_table = *self.inputs[1];
        const int64_t width = rows.value.size(1);
        backward(DenseInputs{rows.grad_data(), width}, *saved, rows.value.data(),
                 node_table.value.data(), width, self.grad[0], node_table.sparse_grad_rows());
      },
      "hs_rows_loss");
}

Var hs_loss_composed(const Var& w_in, const Var& nodes, const HsBatch& batch) {
  check_table_batch(w_in, nodes, batch);
  return composed(TableInputs{batch.input_ids}, w_in, nodes, batch);
}

Var hs_rows_loss_composed(const Var& h, const Var& nodes, const HsBatch& batch) {
  return composed(DenseInputs{}, h, nodes, batch);
}

}  // namespace gv
