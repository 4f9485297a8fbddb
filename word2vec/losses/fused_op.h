// fused_op: the one path every fused loss takes from its inputs to an autograd node, for either
// kind of input rows (input_rows.h). A Loss (the Sgns and Hs of sgns/sgns_loss.cpp and
// hs/hs_loss.cpp) supplies
//   Batch                          the groups it scores (SgnsBatch, HsBatch);
//   kTableOp, kRowsOp              its op's name on TableInputs and on DenseInputs;
//   check<Inputs>(op, in, out, b)  throws for shapes, ids or a batch that do not fit together;
//   forward(inputs, in, out, d, b) the summed loss, leaving in b what backward reads;
//   backward(inputs, b, in, out, d, upstream, grad_out)  adds both sides' gradients.
// The op keeps the batch until its graph is released, for backward to read (FusedObjective,
// fused_objective.h, is how the objectives refill batches without touching that one).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/var.h"

namespace gv {

// Every id a fused op reads must be a row of its table: throws std::out_of_range naming the op,
// the id and the table ("sgns_loss: id 7 out of range for W_in with 5 rows").
inline void check_ids(const std::vector<int64_t>& ids, int64_t rows, const char* op,
                      const char* table) {
  for (const int64_t id : ids) {
    if (id < 0 || id >= rows) {
      throw std::out_of_range(std::string(op) + ": id " + std::to_string(id) +
                              " out of range for " + table + " with " + std::to_string(rows) +
                              " rows");
    }
  }
}

// The loss of `in` (W_in (V, d) for TableInputs, h (R, d) for DenseInputs) against the output
// table `out` (·, d) over the batch's groups, a scalar whose backward gives `in` its gradient
// (row-sparse or dense, as Inputs says) and `out` a row-sparse one.
template <class Loss, class Inputs>
Var fused_op(const Var& in, const Var& out, std::shared_ptr<typename Loss::Batch> shared_batch) {
  using Batch = typename Loss::Batch;
  constexpr const char* op = Inputs::kReadsIds ? Loss::kTableOp : Loss::kRowsOp;
  Batch& batch = *shared_batch;
  Loss::template check<Inputs>(op, in, out, batch);
  const double loss =
      Loss::forward(Inputs::of(batch), in.value().data(), out.value().data(), in.size(1), batch);
  // The backward shares ownership of the batch rather than pointing into the caller's, so that a
  // caller may fill another batch before this backward runs.
  std::shared_ptr<const Batch> saved = std::move(shared_batch);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {in, out},
      [saved](Node& self) {
        Node& rows = *self.inputs[0];
        Node& table = *self.inputs[1];
        Loss::backward(Inputs::with_grad(*saved, rows), *saved, rows.value.data(),
                       table.value.data(), rows.value.size(1), self.grad[0],
                       table.sparse_grad_rows());
      },
      op);
}

}  // namespace gv
