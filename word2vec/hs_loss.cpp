#include "word2vec/hs_loss.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/kernels.h"
#include "autograd/ops.h"

namespace gv {

namespace {

void check_batch(const Var& h, const Var& nodes, const HsBatch& batch) {
  if (!batch.tree) throw std::invalid_argument("hs_loss: the batch has no Huffman tree");
  if (h.value().ndim() != 2 || nodes.value().ndim() != 2 || h.size(1) != nodes.size(1)) {
    throw std::invalid_argument("hs_loss: inputs " + shape_str(h.shape()) + " and nodes " +
                                shape_str(nodes.shape()) + " must be (N, C) and (R, C)");
  }
  if (batch.rows() != h.size(0)) {
    throw std::invalid_argument("hs_loss: the batch's groups cover " +
                                std::to_string(batch.rows()) + " rows, h has " +
                                std::to_string(h.size(0)));
  }
  const HuffmanTree& tree = *batch.tree;
  if (nodes.size(0) < tree.inner_nodes()) {
    throw std::invalid_argument("hs_loss: nodes " + shape_str(nodes.shape()) + " has fewer rows " +
                                "than the tree's " + std::to_string(tree.inner_nodes()) +
                                " inner nodes");
  }
  // Its row-sparse gradient is only read on a leaf (see Node::sparse_grad).
  if (nodes.requires_grad() && !nodes.node()->is_leaf()) {
    throw std::invalid_argument("hs_loss: nodes must be a leaf table, got the result of " +
                                std::string(nodes.op()));
  }
  for (const int64_t word : batch.words) {
    if (word < 0 || word >= tree.words()) {
      throw std::out_of_range("hs_loss: word " + std::to_string(word) +
                              " out of range for a tree of " + std::to_string(tree.words()) +
                              " words");
    }
  }
}

}  // namespace

Var hs_loss(const Var& h, const Var& nodes, std::shared_ptr<HsBatch> shared_batch) {
  HsBatch& batch = *shared_batch;
  check_batch(h, nodes, batch);
  const HuffmanTree& tree = *batch.tree;
  const int64_t d = h.size(1);
  int64_t steps = 0;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    steps += (batch.row_offsets[g + 1] - batch.row_offsets[g]) * tree.depth(batch.words[g]);
  }

  // Forward: the batch's logits x = u_n · h, then their losses in one vectorised pass
  // (logistic_losses), with label y = 1 - b per path step:
  //   loss = softplus(-x) if y = 1, softplus(x) if y = 0;  dloss/dx = σ(x) - y.
  const float* in = h.value().data();
  const float* table = nodes.value().data();
  batch.coefficients.resize(static_cast<size_t>(steps));
  batch.labels.resize(static_cast<size_t>(steps));
  float* coefficient = batch.coefficients.data();
  float* label = batch.labels.data();
  for (int64_t g = 0; g < batch.groups(); ++g) {
    const int64_t word = batch.words[g];
    const int64_t depth = tree.depth(word);
    const int32_t* points = tree.points(word);
    const uint8_t* codes = tree.codes(word);
    if (g + 1 < batch.groups()) {  // the next path's rows, deep ones mostly out of cache
      const int64_t next = batch.words[g + 1];
      for (int64_t j = 0; j < tree.depth(next); ++j)
        prefetch_row(table + tree.points(next)[j] * d, d);
    }
    // The group's logits (rows, depth), node by node: each node row is read once for all the
    // rows that share its path.
    const int64_t begin = batch.row_offsets[g], rows = batch.row_offsets[g + 1] - begin;
    for (int64_t j = 0; j < depth; ++j) {
      const float* u = table + points[j] * d;
      dot_rows(
          u, d, rows, [&](int64_t i) { return in + (begin + i) * d; },
          [&](int64_t i) -> float& { return coefficient[i * depth + j]; });
      for (int64_t i = 0; i < rows; ++i) label[i * depth + j] = codes[j] == 0 ? 1.0f : 0.0f;
    }
    coefficient += rows * depth;
    label += rows * depth;
  }
  const double loss = logistic_losses(batch.coefficients.data(), batch.labels.data(), steps);

  // Backward, step by step: dL/dh_i = Σ_j c_ij u_{n_j} and dL/du_{n_j} = Σ_i c_ij h_i over the
  // group's rows i, accumulated in one sparse entry per node (see SparseRows::accumulate_row).
  std::shared_ptr<const HsBatch> saved = std::move(shared_batch);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {h, nodes},
      [saved](Node& self) {
        const HsBatch& b = *saved;
        Node& input = *self.inputs[0];
        Node& node_table = *self.inputs[1];
        const int64_t width = input.value.size(1);
        const float upstream = self.grad[0];
        const float* hv = input.value.data();
        const float* uv = node_table.value.data();
        float* grad_h = input.grad_data();
        SparseRows* grad_nodes = node_table.sparse_grad_rows();
        const float* first = b.coefficients.data();  // the group's (rows, depth) coefficients
        for (int64_t g = 0; g < b.groups(); ++g) {
          const int64_t depth = b.tree->depth(b.words[g]);
          const int32_t* points = b.tree->points(b.words[g]);
          const int64_t begin = b.row_offsets[g], end = b.row_offsets[g + 1];
          // Each node's gradient row gets c_ij h_i from every row i of the group, and each
          // row's gradient c_ij u_j from every node j, in one pass over the row (axpy_sum).
          const float* c = first;
          if (grad_nodes) {
            for (int64_t j = 0; j < depth; ++j) {
              axpy_sum(grad_nodes->accumulate_row(points[j]), width, end - begin, [&](int64_t i) {
                return std::pair(upstream * c[i * depth + j], hv + (begin + i) * width);
              });
            }
          }
          if (grad_h) {
            for (int64_t i = 0; i < end - begin; ++i) {
              axpy_sum(grad_h + (begin + i) * width, width, depth, [&](int64_t j) {
                return std::pair(upstream * c[i * depth + j], uv + points[j] * width);
              });
            }
          }
          first += (end - begin) * depth;
        }
      },
      "hs_loss");
}

Var hs_loss_composed(const Var& h, const Var& nodes, const HsBatch& batch) {
  // One row per path step: (S) rows of h, (S) inner nodes, and s = 1 - 2b per step.
  std::vector<int64_t> step_rows, step_nodes;
  std::vector<float> signs;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    const int64_t word = batch.words[g];
    for (int64_t i = batch.row_offsets[g]; i < batch.row_offsets[g + 1]; ++i) {
      for (int64_t j = 0; j < batch.tree->depth(word); ++j) {
        step_rows.push_back(i);
        step_nodes.push_back(batch.tree->points(word)[j]);
        signs.push_back(batch.tree->codes(word)[j] == 0 ? 1.0f : -1.0f);
      }
    }
  }
  const int64_t s = static_cast<int64_t>(signs.size());
  const Var v = gather_rows(h, step_rows);                                     // (S, C)
  const Var u = gather_rows(nodes, step_nodes);                                // (S, C)
  const Var logits = sum(v * u, -1);                                           // (S)
  return -sum(log_sigmoid(logits * Var::constant(Tensor::from({s}, signs))));  // -Σ log σ(s x)
}

}  // namespace gv
