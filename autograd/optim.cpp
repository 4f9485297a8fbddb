#include "autograd/optim.h"

#include "autograd/kernels.h"
#include "autograd/require.h"
#include "autograd/simd/kernel_table.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gv {

namespace {
std::string describe(size_t index, const Var& param) {
  return "parameter " + std::to_string(index) + " (shape " + shape_str(param.shape()) + ")";
}

// One zero-filled state tensor per parameter, shaped like it.
std::vector<Tensor> zeros_like(const std::vector<Var>& params) {
  std::vector<Tensor> state;
  for (const Var& p : params) state.emplace_back(p.shape());
  return state;
}
}  // namespace

Optimizer::Optimizer(std::vector<Var> params, float lr) : params_(std::move(params)), lr_(lr) {
  for (size_t i = 0; i < params_.size(); ++i) {
    if (!params_[i].defined() || !params_[i].requires_grad()) {
      throw std::invalid_argument(
          "optimizer: " +
          (params_[i].defined() ? describe(i, params_[i]) : "parameter " + std::to_string(i)) +
          " does not require a gradient");
    }
  }
}

void Optimizer::step() {
  for (size_t i = 0; i < params_.size(); ++i) apply(i, params_[i], lr_);
}

void Optimizer::check_views(std::span<const Var> views) const {
  if (views.size() != params_.size()) {
    throw std::invalid_argument("optimizer: " + std::to_string(views.size()) +
                                " gradient views for " + std::to_string(params_.size()) +
                                " parameters");
  }
  for (size_t i = 0; i < params_.size(); ++i) {
    if (views[i].value().data() != params_[i].value().data()) {
      throw std::invalid_argument("optimizer: view " + std::to_string(i) +
                                  " does not share storage with " + describe(i, params_[i]));
    }
  }
}

void Optimizer::step(std::span<const Var> views, float lr) {
  check_views(views);
  for (size_t i = 0; i < params_.size(); ++i) apply(i, const_cast<Var&>(views[i]), lr);
}

bool Optimizer::update_in_backward(std::span<const Var>, float) {
  return false;
}

void Optimizer::apply(size_t index, Var& holder, float lr) {
  Node& node = *holder.node();
  const bool dense = !node.grad.empty();
  const bool sparse = node.sparse_grad.stored_rows() > 0;
  if (!dense && !sparse) {
    // A table whose lookup happened but touched nothing has an empty-but-shaped SparseRows.
    if (node.sparse_grad.num_rows() > 0) return;
    throw std::invalid_argument("optimizer: " + describe(index, holder) +
                                " has no gradient; call backward() first");
  }
  Tensor& value = node.value;
  if (dense) {
    if (sparse) {  // rare: a table read both densely and by lookup — fold rows into the dense grad
      const SparseRows& rows = node.sparse_grad;
      const int64_t d = rows.row_dim();
      for (int64_t k = 0; k < rows.stored_rows(); ++k) {
        float* g = node.grad.data() + rows.index(k) * d;
        const float* r = rows.row(k);
        for (int64_t j = 0; j < d; ++j) g[j] += r[j];
      }
      node.sparse_grad.clear();
    }
    update_dense(index, value.data(), node.grad.data(), value.numel(), lr);
    return;
  }
  if (needs_coalesced_rows()) node.sparse_grad.coalesce();
  update_rows(index, value, node.sparse_grad, lr);
}

void Optimizer::load_state(const State& state) {
  restore(state, {}, nullptr);
}

void Optimizer::restore(const State& state, std::vector<Tensor*> tensors,
                        std::vector<int64_t>* counters) {
  const size_t expected_counters = counters ? counters->size() : 0;
  if (state.tensors.size() != tensors.size() || state.counters.size() != expected_counters) {
    throw std::invalid_argument("optimizer state: expected " + std::to_string(tensors.size()) +
                                " tensors and " + std::to_string(expected_counters) +
                                " counters, got " + std::to_string(state.tensors.size()) + " and " +
                                std::to_string(state.counters.size()));
  }
  for (size_t i = 0; i < tensors.size(); ++i) {
    state.tensors[i].check_shape(tensors[i]->shape(), "optimizer state tensor");
  }
  for (size_t i = 0; i < tensors.size(); ++i) *tensors[i] = state.tensors[i];
  if (counters) *counters = state.counters;
}

void Optimizer::zero_grad() {
  for (Var& p : params_) p.zero_grad();
}

// ---- SGD ----

void Sgd::update_dense(size_t, float* value, const float* grad, int64_t n, float lr) {
  kernels().sgd_update(value, grad, n, lr);
}

void Sgd::update_rows(size_t, Tensor& value, const SparseRows& grad, float lr) {
  const int64_t d = grad.row_dim();
  const KernelTable& table = kernels();
  for (int64_t k = 0; k < grad.stored_rows(); ++k) {
    if (k + 1 < grad.stored_rows()) prefetch_row(value.data() + grad.index(k + 1) * d, d);
    table.sgd_update(value.data() + grad.index(k) * d, grad.row(k), d, lr);
  }
}

bool Sgd::update_in_backward(std::span<const Var> views, float lr) {
  check_views(views);
  for (const Var& view : views) view.node()->sgd_lr_in_backward = lr;
  return true;
}

// ---- Adagrad ----

Adagrad::Adagrad(std::vector<Var> params, float lr, float eps)
    : Optimizer(std::move(params), lr), eps_(eps), sum_sq_(zeros_like(this->params())) {}

void Adagrad::update_dense(size_t index, float* value, const float* grad, int64_t n, float lr) {
  kernels().adagrad_update(value, sum_sq_[index].data(), grad, n, lr, eps_);
}

void Adagrad::update_rows(size_t index, Tensor& value, const SparseRows& grad, float lr) {
  // Exact: a row with zero gradient keeps both its value and its sum of squares.
  const int64_t d = grad.row_dim();
  const KernelTable& table = kernels();
  for (int64_t k = 0; k < grad.stored_rows(); ++k) {
    const int64_t offset = grad.index(k) * d;
    table.adagrad_update(value.data() + offset, sum_sq_[index].data() + offset, grad.row(k), d, lr,
                         eps_);
  }
}

void Adagrad::load_state(const State& state) {
  std::vector<Tensor*> tensors;
  for (Tensor& t : sum_sq_) tensors.push_back(&t);
  restore(state, tensors, nullptr);
}

// ---- Adam ----

Adam::Adam(std::vector<Var> params, float lr, AdamOptions options)
    : Optimizer(std::move(params), lr),
      options_(options),
      m_(zeros_like(this->params())),
      v_(zeros_like(this->params())),
      steps_(this->params().size()) {}

std::pair<float, float> Adam::next_step(size_t index, float lr) {
  // lr / bc1 * m / (sqrt(v) / bc2 + eps) = (lr bc2 / bc1) * m / (sqrt(v) + eps bc2):
  // folding the corrections into two constants keeps the element loop free of them.
  const double t = static_cast<double>(steps_[index].fetch_add(1, std::memory_order_relaxed) + 1);
  const double bc1 = 1.0 - std::pow(double{options_.beta1}, t);
  const double bc2 = std::sqrt(1.0 - std::pow(double{options_.beta2}, t));
  return {static_cast<float>(lr * bc2 / bc1), static_cast<float>(options_.eps * bc2)};
}

void Adam::update_span(size_t index, int64_t offset, float* value, const float* grad, int64_t n,
                       std::pair<float, float> step) {
  const auto [step_size, eps] = step;
  kernels().adam_update(value, m_[index].data() + offset, v_[index].data() + offset, grad, n,
                        options_.beta1, options_.beta2, step_size, eps);
}

void Adam::update_dense(size_t index, float* value, const float* grad, int64_t n, float lr) {
  update_span(index, 0, value, grad, n, next_step(index, lr));
}

void Adam::update_rows(size_t index, Tensor& value, const SparseRows& grad, float lr) {
  // Dense semantics: every row's moments decay, so materialise the full gradient.
  const Tensor dense = grad.to_dense();
  update_dense(index, value.data(), dense.data(), value.numel(), lr);
}

Optimizer::State Adam::state() const {
  State state{m_, {}};
  for (const std::atomic<int64_t>& steps : steps_) state.counters.push_back(steps.load());
  state.tensors.insert(state.tensors.end(), v_.begin(), v_.end());
  return state;
}

void Adam::load_state(const State& state) {
  std::vector<Tensor*> tensors;
  for (Tensor& t : m_) tensors.push_back(&t);
  for (Tensor& t : v_) tensors.push_back(&t);
  std::vector<int64_t> steps(steps_.size());
  restore(state, tensors, &steps);
  for (size_t i = 0; i < steps.size(); ++i) steps_[i] = steps[i];
}

AdamW::AdamW(std::vector<Var> params, float lr, float weight_decay, AdamOptions options)
    : Adam(std::move(params), lr, options), weight_decay_(weight_decay) {
  require_non_negative("AdamW: weight_decay", weight_decay);
}

void AdamW::update_dense(size_t index, float* value, const float* grad, int64_t n, float lr) {
  const float keep = 1.0f - lr * weight_decay_;
  for (int64_t i = 0; i < n; ++i) value[i] *= keep;
  Adam::update_dense(index, value, grad, n, lr);
}

void SparseAdam::update_rows(size_t index, Tensor& value, const SparseRows& grad, float lr) {
  const auto step = next_step(index, lr);
  const int64_t d = grad.row_dim();
  for (int64_t k = 0; k < grad.stored_rows(); ++k) {
    const int64_t offset = grad.index(k) * d;
    update_span(index, offset, value.data() + offset, grad.row(k), d, step);
  }
}

// ---- schedule ----

float LinearDecay::at(double progress) const {
  const double lr = start_ * (1.0 - std::clamp(progress, 0.0, 1.0));
  return std::max(static_cast<float>(lr), floor_);
}

}  // namespace gv
