#include "word2vec/losses/hs/hs_loss.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/kernels.h"
#include "autograd/simd/kernel_table.h"
#include "word2vec/losses/dot_blocks.h"
#include "word2vec/losses/fused_op.h"
#include "word2vec/losses/group_grads.h"

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

// The HS loss, as fused_op takes it.
struct Hs {
  using Batch = HsBatch;
  static constexpr const char* kTableOp = "hs_loss";
  static constexpr const char* kRowsOp = "hs_rows_loss";

  // Table inputs: the batch's groups span its ids, each a row of W_in. Dense: they span h's rows.
  template <class Inputs>
  static void check(const char* op, const Var& in, const Var& nodes, const HsBatch& batch) {
    if constexpr (Inputs::kReadsIds) {
      check_batch(op, in.shape(), static_cast<int64_t>(batch.input_ids.size()), nodes, batch);
      check_ids(batch.input_ids, in.size(0), op, "W_in");
    } else {
      check_batch(op, in.shape(), in.value().ndim() == 2 ? in.size(0) : -1, nodes, batch);
    }
  }

  // Forward: the batch's logits x = u_n · h, then their losses in one vectorised pass
  // (logistic_losses), with label y = 1 - b per path step:
  //   loss = softplus(-x) if y = 1, softplus(x) if y = 0;  dloss/dx = σ(x) - y.
  // The coefficients σ(x) - y are left in the batch, group by group as (rows, depth), for backward.
  template <class Inputs>
  static double forward(const Inputs& inputs, const float* in, const float* table, int64_t d,
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
      if (g + 1 <
          batch.groups()) {  // the next group's rows, deep nodes and inputs mostly not cached
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
      // y = 1 - b as arithmetic, not a conditional: a path's codes are coin flips, which a
      // branch would mispredict about half the time.
      for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < depth; ++j) label[i * depth + j] = static_cast<float>(1 - codes[j]);
      }
      coefficient += rows * depth;
      label += rows * depth;
    }
    return kernels().logistic_losses(batch.coefficients.data(), batch.labels.data(), steps);
  }

  // Backward: dL/dh_i = Σ_j c_ij u_{n_j} and dL/du_{n_j} = Σ_i c_ij h_i over each group's rows i
  // and path nodes j, one sparse entry per node (add_group_grads).
  template <class Inputs>
  static void backward(const Inputs& inputs, const HsBatch& b, const float* in, const float* table,
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
};

}  // namespace

template <class Inputs>
Var hs_loss(const Var& in, const Var& nodes, std::shared_ptr<HsBatch> batch) {
  return fused_op<Hs, Inputs>(in, nodes, std::move(batch));
}
template Var hs_loss<TableInputs>(const Var&, const Var&, std::shared_ptr<HsBatch>);
template Var hs_loss<DenseInputs>(const Var&, const Var&, std::shared_ptr<HsBatch>);

}  // namespace gv
