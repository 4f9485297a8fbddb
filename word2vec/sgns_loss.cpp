#include "word2vec/sgns_loss.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/kernels.h"
#include "autograd/ops.h"

namespace gv {

void SgnsBatch::add_group(const int64_t* inputs, int64_t num_inputs, const int64_t* outputs) {
  input_ids.insert(input_ids.end(), inputs, inputs + num_inputs);
  input_offsets.push_back(static_cast<int64_t>(input_ids.size()));
  output_ids.insert(output_ids.end(), outputs, outputs + negatives + 1);
}

namespace {

void check_ids(const std::vector<int64_t>& ids, int64_t vocab, const char* table) {
  for (const int64_t id : ids) {
    if (id < 0 || id >= vocab) {
      throw std::out_of_range(std::string("sgns_loss: id ") + std::to_string(id) +
                              " out of range for " + table + " with " + std::to_string(vocab) +
                              " rows");
    }
  }
}

}  // namespace

Var sgns_loss(const Var& w_in, const Var& w_out, std::shared_ptr<SgnsBatch> shared_batch) {
  SgnsBatch& batch = *shared_batch;
  const int64_t d = w_in.size(1);
  if (w_out.value().ndim() != 2 || w_out.size(1) != d) {
    throw std::invalid_argument("sgns_loss: tables " + shape_str(w_in.shape()) + " and " +
                                shape_str(w_out.shape()) + " differ in width");
  }
  const int64_t outputs = batch.negatives + 1;
  if (static_cast<int64_t>(batch.output_ids.size()) != batch.groups() * outputs) {
    throw std::invalid_argument("sgns_loss: " + std::to_string(batch.output_ids.size()) +
                                " output ids for " + std::to_string(batch.groups()) +
                                " groups of " + std::to_string(outputs));
  }
  check_ids(batch.input_ids, w_in.size(0), "W_in");
  check_ids(batch.output_ids, w_out.size(0), "W_out");

  // Forward. Per pair with logit x and label y (1 for the positive, 0 for a negative):
  //   loss = softplus(-x) if y = 1, softplus(x) if y = 0;  dloss/dx = σ(x) - y.
  // softplus(z) = max(z, 0) + log(1 + e^{-|z|}); the logs of one input's K+1 pairs are
  // merged into one log of a product (each factor is in (1, 2], so it cannot overflow).
  const float* in = w_in.value().data();
  const float* out = w_out.value().data();
  batch.coefficients.resize(static_cast<size_t>(batch.pairs()));
  double loss = 0.0;
  int64_t pair = 0;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    const int64_t* group_outputs = batch.output_ids.data() + g * outputs;
    for (int64_t i = batch.input_offsets[g]; i < batch.input_offsets[g + 1]; ++i) {
      const float* v = in + batch.input_ids[i] * d;
      float product = 1.0f;
      float linear = 0.0f;
      for (int64_t j = 0; j < outputs; ++j, ++pair) {
        const float x = dot(v, out + group_outputs[j] * d, d);
        const float z = j == 0 ? -x : x;  // loss = softplus(z)
        const float e = std::exp(-std::abs(x));
        const float sigmoid_x = sigmoid_from_exp(x, e);
        linear += std::max(z, 0.0f);
        product *= 1.0f + e;
        batch.coefficients[pair] = sigmoid_x - (j == 0 ? 1.0f : 0.0f);
      }
      loss += linear + std::log(product);
    }
  }

  // Backward, pair by pair: dL/dv_i = Σ_j c_ij u_j and dL/du_j = Σ_i c_ij v_i, c = σ(x) - y.
  // Each group's rows are appended to the sparse gradients; repeated ids add up later.
  // The backward shares ownership of the batch rather than pointing into the caller's, so a
  // caller that starts its next step before this backward fills another batch (see header).
  std::shared_ptr<const SgnsBatch> saved = std::move(shared_batch);
  return make_result(
      Tensor::scalar(static_cast<float>(loss)), {w_in, w_out},
      [saved](Node& self) {
        const SgnsBatch& b = *saved;
        Node& table_in = *self.inputs[0];
        Node& table_out = *self.inputs[1];
        const int64_t width = table_in.value.size(1);
        const int64_t k1 = b.negatives + 1;
        const float upstream = self.grad[0];
        const float* vin = table_in.value.data();
        const float* vout = table_out.value.data();
        SparseRows* grad_in = table_in.sparse_grad_rows();
        SparseRows* grad_out = table_out.sparse_grad_rows();
        int64_t first_pair = 0;
        for (int64_t g = 0; g < b.groups(); ++g) {
          const int64_t* outs = b.output_ids.data() + g * k1;
          const int64_t begin = b.input_offsets[g], end = b.input_offsets[g + 1];
          if (grad_in) {
            for (int64_t i = begin; i < end; ++i) {
              float* row = grad_in->append_row(b.input_ids[i]);
              const float* c = b.coefficients.data() + first_pair + (i - begin) * k1;
              for (int64_t j = 0; j < k1; ++j)
                axpy(upstream * c[j], vout + outs[j] * width, row, width);
            }
          }
          if (grad_out) {
            for (int64_t j = 0; j < k1; ++j) {
              float* row = grad_out->append_row(outs[j]);
              for (int64_t i = begin; i < end; ++i) {
                const float c = b.coefficients[first_pair + (i - begin) * k1 + j];
                axpy(upstream * c, vin + b.input_ids[i] * width, row, width);
              }
            }
          }
          first_pair += (end - begin) * k1;
        }
      },
      "sgns_loss");
}

Var sgns_loss_composed(const Var& w_in, const Var& w_out, const SgnsBatch& batch) {
  // One row per (input, output) pair: (P) ids into each table and a ±1 sign per pair.
  std::vector<int64_t> pair_in, pair_out;
  Tensor signs({batch.pairs()});
  const int64_t outputs = batch.negatives + 1;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    for (int64_t i = batch.input_offsets[g]; i < batch.input_offsets[g + 1]; ++i) {
      for (int64_t j = 0; j < outputs; ++j) {
        signs[static_cast<int64_t>(pair_in.size())] = j == 0 ? 1.0f : -1.0f;
        pair_in.push_back(batch.input_ids[i]);
        pair_out.push_back(batch.output_ids[g * outputs + j]);
      }
    }
  }
  const Var v = gather_rows(w_in, pair_in);                 // (P, d)
  const Var u = gather_rows(w_out, pair_out);               // (P, d)
  const Var logits = sum(v * u, -1);                        // (P)
  return -sum(log_sigmoid(logits * Var::constant(signs)));  // -Σ log σ(±u·v)
}

}  // namespace gv
