#include "word2vec/losses/sgns/sgns_loss.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/kernels.h"
#include "autograd/simd/kernel_table.h"
#include "word2vec/losses/dot_blocks.h"
#include "word2vec/losses/fused_op.h"
#include "word2vec/losses/group_grads.h"

namespace gv {

void SgnsBatch::add_table_group(const int64_t* inputs, int64_t num_inputs, const int64_t* outputs) {
  input_ids.insert(input_ids.end(), inputs, inputs + num_inputs);
  input_offsets.push_back(static_cast<int64_t>(input_ids.size()));
  output_ids.insert(output_ids.end(), outputs, outputs + negatives + 1);
}

void SgnsBatch::add_rows_group(int64_t num_rows, const int64_t* outputs) {
  input_offsets.push_back(input_rows() + num_rows);
  output_ids.insert(output_ids.end(), outputs, outputs + negatives + 1);
}

namespace {

// Checks W_out and the batch's outputs.
void check_outputs(const char* op, const Var& inputs, const Var& w_out, const SgnsBatch& batch) {
  const int64_t d = inputs.size(1);
  if (w_out.value().ndim() != 2 || w_out.size(1) != d) {
    throw std::invalid_argument(std::string(op) + ": inputs " + shape_str(inputs.shape()) +
                                " and W_out " + shape_str(w_out.shape()) + " differ in width");
  }
  const int64_t outputs = batch.negatives + 1;
  if (static_cast<int64_t>(batch.output_ids.size()) != batch.groups() * outputs) {
    throw std::invalid_argument(std::string(op) + ": " + std::to_string(batch.output_ids.size()) +
                                " output ids for " + std::to_string(batch.groups()) +
                                " groups of " + std::to_string(outputs));
  }
  check_ids(batch.output_ids, w_out.size(0), op, "W_out");
}

// The ids TableInputs read must be the rows the groups span.
void require_table_inputs(const SgnsBatch& batch) {
  if (static_cast<int64_t>(batch.input_ids.size()) != batch.input_rows()) {
    throw std::invalid_argument("sgns_loss: " + std::to_string(batch.input_ids.size()) +
                                " input ids for groups of " + std::to_string(batch.input_rows()) +
                                " inputs (a batch for sgns_rows_loss?)");
  }
}

void require_input_rows(const Var& h, const SgnsBatch& batch) {
  if (h.value().ndim() != 2 || h.size(0) != batch.input_rows()) {
    throw std::invalid_argument("sgns_rows_loss: input rows " + shape_str(h.shape()) +
                                " for groups of " + std::to_string(batch.input_rows()) + " inputs");
  }
}

// The SGNS loss, as fused_op takes it.
struct Sgns {
  using Batch = SgnsBatch;
  static constexpr const char* kTableOp = "sgns_loss";
  static constexpr const char* kRowsOp = "sgns_rows_loss";

  template <class Inputs>
  static void check(const char* op, const Var& in, const Var& w_out, const SgnsBatch& batch) {
    if constexpr (Inputs::kReadsIds) {
      require_table_inputs(batch);
    } else {
      require_input_rows(in, batch);
    }
    check_outputs(op, in, w_out, batch);
    if constexpr (Inputs::kReadsIds) check_ids(batch.input_ids, in.size(0), op, "W_in");
  }

  // Forward: the summed loss, with each pair's coefficient σ(x) - y written to the batch for
  // backward: first every pair's logit x, then their losses in one vectorised pass
  // (logistic_losses) with label y = 1 for the positive, 0 for a negative:
  //   loss = softplus(-x) if y = 1, softplus(x) if y = 0;  dloss/dx = σ(x) - y.
  template <class Inputs>
  static double forward(const Inputs& inputs, const float* in, const float* out, int64_t d,
                        SgnsBatch& batch) {
    const int64_t outputs = batch.negatives + 1;
    batch.coefficients.resize(static_cast<size_t>(batch.pairs()));
    batch.labels.resize(static_cast<size_t>(batch.pairs()));
    float* logit = batch.coefficients.data();
    float* label = batch.labels.data();
    for (int64_t g = 0; g < batch.groups(); ++g) {
      const int64_t* group_outputs = batch.output_ids.data() + g * outputs;
      if (g + 1 < batch.groups()) {  // the next group's rows: random ones, mostly out of cache
        for (int64_t j = 0; j < outputs; ++j) prefetch_row(out + group_outputs[outputs + j] * d, d);
        for (int64_t i = batch.input_offsets[g + 1]; i < batch.input_offsets[g + 2]; ++i)
          prefetch_row(in + inputs.index(i) * d, d);
      }
      // The group's logits (inputs, K + 1) in blocks of 4 x 4 (dot_grid).
      const int64_t begin = batch.input_offsets[g], rows = batch.input_offsets[g + 1] - begin;
      dot_grid(
          d, rows, outputs, [&](int64_t i) { return in + inputs.index(begin + i) * d; },
          [&](int64_t j) { return out + group_outputs[j] * d; }, logit, outputs);
      for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < outputs; ++j) label[j] = j == 0 ? 1.0f : 0.0f;
        label += outputs;
      }
      logit += rows * outputs;
    }
    return kernels().logistic_losses(batch.coefficients.data(), batch.labels.data(), batch.pairs());
  }

  // Backward: dL/dv_i = Σ_j c_ij u_j and dL/du_j = Σ_i c_ij v_i, c = σ(x) - y, over each group's
  // inputs i and outputs j, one sparse entry per id and table (add_group_grads).
  template <class Inputs>
  static void backward(const Inputs& inputs, const SgnsBatch& b, const float* vin,
                       const float* vout, int64_t width, float upstream, SparseRows* grad_out) {
    const int64_t k1 = b.negatives + 1;
    const float* c = b.coefficients.data();  // the group's (inputs, k1) coefficients
    for (int64_t g = 0; g < b.groups(); ++g) {
      const int64_t* outs = b.output_ids.data() + g * k1;
      const int64_t begin = b.input_offsets[g], rows = b.input_offsets[g + 1] - begin;
      add_group_grads(
          inputs, begin, rows, vin, k1, [&](int64_t j) { return outs[j]; },
          /*outputs_distinct=*/false, vout, width, c, upstream, grad_out);
      c += rows * k1;
    }
  }
};

}  // namespace

template <class Inputs>
Var sgns_loss(const Var& in, const Var& w_out, std::shared_ptr<SgnsBatch> batch) {
  return fused_op<Sgns, Inputs>(in, w_out, std::move(batch));
}
template Var sgns_loss<TableInputs>(const Var&, const Var&, std::shared_ptr<SgnsBatch>);
template Var sgns_loss<DenseInputs>(const Var&, const Var&, std::shared_ptr<SgnsBatch>);

}  // namespace gv
