#include "word2vec/sgns_loss.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/dot_blocks.h"
#include "autograd/kernels.h"
#include "autograd/ops.h"
#include "word2vec/fused_inputs.h"

namespace gv {

void SgnsBatch::add_group(const int64_t* inputs, int64_t num_inputs, const int64_t* outputs) {
  input_ids.insert(input_ids.end(), inputs, inputs + num_inputs);
  input_offsets.push_back(static_cast<int64_t>(input_ids.size()));
  output_ids.insert(output_ids.end(), outputs, outputs + negatives + 1);
}

void SgnsBatch::add_rows_group(int64_t num_rows, const int64_t* outputs) {
  input_offsets.push_back(input_rows() + num_rows);
  output_ids.insert(output_ids.end(), outputs, outputs + negatives + 1);
}

namespace {

// The width both sides of every pair share; checks W_out and the batch's outputs.
int64_t check_outputs(const char* op, const Var& inputs, const Var& w_out, const SgnsBatch& batch) {
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
  return d;
}

// Forward: the summed loss, with each pair's coefficient σ(x) - y written to the batch for
// backward: first every pair's logit x, then their losses in one vectorised pass
// (logistic_losses) with label y = 1 for the positive, 0 for a negative:
//   loss = softplus(-x) if y = 1, softplus(x) if y = 0;  dloss/dx = σ(x) - y.
template <class Inputs>
double forward(const Inputs& inputs, const float* in, const float* out, int64_t d,
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
  return logistic_losses(batch.coefficients.data(), batch.labels.data(), batch.pairs());
}

// Backward: dL/dv_i = Σ_j c_ij u_j and dL/du_j = Σ_i c_ij v_i, c = σ(x) - y, over each group's
// inputs i and outputs j, one sparse entry per id and table (add_group_grads).
template <class Inputs>
void backward(const Inputs& inputs, const SgnsBatch& b, const float* vin, const float* vout,
              int64_t width, float upstream, SparseRows* grad_out) {
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

// The loss spelled out from primitive ops, one row per (input, output) pair: row index(i) of
// `rows` against each output of i's group, signed +1 for the positive and -1 for a negative.
template <class Inputs>
Var composed(const Inputs& inputs, const Var& rows, const Var& w_out, const SgnsBatch& batch) {
  std::vector<int64_t> pair_in, pair_out;
  Tensor signs({batch.pairs()});
  const int64_t outputs = batch.negatives + 1;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    for (int64_t i = batch.input_offsets[g]; i < batch.input_offsets[g + 1]; ++i) {
      for (int64_t j = 0; j < outputs; ++j) {
        signs[static_cast<int64_t>(pair_in.size())] = j == 0 ? 1.0f : -1.0f;
        pair_in.push_back(inputs.index(i));
        pair_out.push_back(batch.output_ids[g * outputs + j]);
      }
    }
  }
  const Var v = gather_rows(rows, pair_in);                 // (P, d)
  const Var u = gather_rows(w_out, pair_out);               // (P, d)
  const Var logits = sum(v * u, -1);                        // (P)
  return -sum(log_sigmoid(logits * Var::constant(signs)));  // -Σ log σ(±u·v)
}

// The ids sgns_loss reads must be the rows its groups span.
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

}  // namespace

Var sgns_loss(const Var& w_in, const Var& w_out, std::shared_ptr<SgnsBatch> shared_batch) {
  SgnsBatch& batch = *shared_batch;
  require_table_inputs(batch);
  const int64_t d = check_outputs("sgns_loss", w_in, w_out, batch);
  check_ids(batch.input_ids, w_in.size(0), "sgns_loss", "W_in");
  const double loss =
      forward(TableInputs{batch.input_ids}, w_in.value().data(), w_out.value().data(), d, batch);
  // The backward shares ownership of the batch rather than pointing into the caller's, so a
  // caller that starts its next step before this backward fills another batch (see header).
  std::shared_ptr<const SgnsBatch> saved = std::move(shared_batch);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {w_in, w_out},
      [saved](Node& self) {
        Node& table_in = *self.inputs[0];
        Node& table_out = *self.inputs[1];
        backward(TableInputs{saved->input_ids, table_in.sparse_grad_rows()}, *saved,
                 table_in.value.data(), table_out.value.data(), table_in.value.size(1),
                 self.grad[0], table_out.sparse_grad_rows());
      },
      "sgns_loss");
}

Var sgns_rows_loss(const Var& h, const Var& w_out, std::shared_ptr<SgnsBatch> shared_batch) {
  SgnsBatch& batch = *shared_batch;
  require_input_rows(h, batch);
  const int64_t d = check_outputs("sgns_rows_loss", h, w_out, batch);
  const double loss = forward(DenseInputs{}, h.value().data(), w_out.value().data(), d, batch);
  std::shared_ptr<const SgnsBatch> saved = std::move(shared_batch);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {h, w_out},
      [saved](Node& self) {
        Node& rows = *self.inputs[0];
        Node& table_out = *self.inputs[1];
        const int64_t width = rows.value.size(1);
        backward(DenseInputs{rows.grad_data(), width}, *saved, rows.value.data(),
                 table_out.value.data(), width, self.grad[0], table_out.sparse_grad_rows());
      },
      "sgns_rows_loss");
}

Var sgns_loss_composed(const Var& w_in, const Var& w_out, const SgnsBatch& batch) {
  require_table_inputs(batch);
  return composed(TableInputs{batch.input_ids}, w_in, w_out, batch);
}

Var sgns_rows_loss_composed(const Var& h, const Var& w_out, const SgnsBatch& batch) {
  require_input_rows(h, batch);
  return composed(DenseInputs{}, h, w_out, batch);
}

}  // namespace gv
