// Optimizers: turn the gradients that backward() left on parameters into updates.
//
// Each parameter's gradient is either dense or row-sparse (from gather_rows). Dense
// gradients get the textbook update of every element. Row-sparse ones touch only the stored
// rows: SGD and Adagrad are exact there (untouched rows have zero gradient), and SparseAdam
// is *lazy* like torch.optim.SparseAdam — moments and step counts advance only for rows
// that were looked up. A parameter holding both kinds has them summed into a dense update.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "autograd/var.h"

namespace gv {

class Optimizer {
 public:
  // Throws std::invalid_argument naming the parameter if one does not require a gradient.
  Optimizer(std::vector<Var> params, float lr);
  virtual ~Optimizer() = default;

  // Applies the gradients held by the parameters themselves at the current lr().
  // Throws std::invalid_argument naming the parameter if one has no gradient at all.
  void step();
  // Hogwild: applies gradients held by `views[i]` (a Var::view_of params[i], owned by
  // one worker thread) to the shared storage at `lr`. Optimizer state is shared too;
  // concurrent updates race on purpose, as in word2vec and Hogwild! (Niu et al., 2011).
  void step(std::span<const Var> views, float lr);
  // Optimizer-in-backward, as PyTorch's register_post_accumulate_grad_hook does it: lets the next
  // backward apply this optimizer's update at `lr` to `views` (as step(views, lr) takes them) row
  // by row, as each row's gradient is made (Node::sgd_lr_in_backward), which saves the pass that
  // writes the gradient rows and the one that reads them back in step(). step() must still
  // follow, for the gradients of ops that do not apply it. Only a rule that is linear in one
  // row's gradient can (Sgd); the others return false and set nothing.
  virtual bool update_in_backward(std::span<const Var> views, float lr);
  void zero_grad();

  float lr() const { return lr_; }
  void set_lr(float lr) { lr_ = lr; }
  const std::vector<Var>& params() const { return params_; }

  // What step() has accumulated (moments, sums of squares, step counts): checkpoints save it
  // so that resumed training continues exactly. SGD has none.
  struct State {
    std::vector<Tensor> tensors;
    std::vector<int64_t> counters;
  };
  virtual State state() const { return {}; }
  // Throws std::invalid_argument naming the expected and found shapes on a mismatch.
  virtual void load_state(const State& state);

 protected:
  // Checks `state` against `expected` (the optimizer's own), then copies it in.
  static void restore(const State& state, std::vector<Tensor*> tensors,
                      std::vector<int64_t>* counters);
  // Throws std::invalid_argument unless views[i] shares params[i]'s storage, for every i.
  void check_views(std::span<const Var> views) const;

  // value (n) with dense gradient (n); `index` identifies the parameter's state.
  virtual void update_dense(size_t index, float* value, const float* grad, int64_t n, float lr) = 0;
  // value (V, d); grad holds the touched rows (coalesced when the optimizer asked for it).
  virtual void update_rows(size_t index, Tensor& value, const SparseRows& grad, float lr) = 0;
  // Non-linear rules (Adagrad, Adam) need each row's gradient summed first.
  virtual bool needs_coalesced_rows() const { return true; }

 private:
  void apply(size_t index, Var& gradient_holder, float lr);
  std::vector<Var> params_;
  float lr_;
};

// value -= lr * grad. Linear, so duplicate sparse rows are applied one by one, unmerged.
class Sgd final : public Optimizer {
 public:
  Sgd(std::vector<Var> params, float lr) : Optimizer(std::move(params), lr) {}
  bool update_in_backward(std::span<const Var> views, float lr) override;

 protected:
  void update_dense(size_t, float* value, const float* grad, int64_t n, float lr) override;
  void update_rows(size_t, Tensor& value, const SparseRows& grad, float lr) override;
  bool needs_coalesced_rows() const override { return false; }
};

// sum_sq += grad²; value -= lr * grad / (sqrt(sum_sq) + eps). Per-element state (V, d).
class Adagrad final : public Optimizer {
 public:
  Adagrad(std::vector<Var> params, float lr, float eps = 1e-10f);
  State state() const override { return {sum_sq_, {}}; }
  void load_state(const State& state) override;

 protected:
  void update_dense(size_t index, float* value, const float* grad, int64_t n, float lr) override;
  void update_rows(size_t index, Tensor& value, const SparseRows& grad, float lr) override;

 private:
  float eps_;
  std::vector<Tensor> sum_sq_;
};

struct AdamOptions {
  float beta1 = 0.9f;
  float beta2 = 0.999f;
  float eps = 1e-8f;
};

// Adam (Kingma & Ba) with bias correction, eps added to sqrt(v̂) as in torch.optim.Adam.
// Given a row-sparse gradient it still updates every element (untouched rows see a zero
// gradient, so their moments decay): the dense semantics, exact but O(V d) per step.
// Use SparseAdam for tables.
class Adam : public Optimizer {
 public:
  Adam(std::vector<Var> params, float lr, AdamOptions options = {});
  State state() const override;
  void load_state(const State& state) override;

 protected:
  void update_dense(size_t index, float* value, const float* grad, int64_t n, float lr) override;
  void update_rows(size_t index, Tensor& value, const SparseRows& grad, float lr) override;
  // Advances parameter `index`'s step count; returns the bias-corrected step size and eps.
  std::pair<float, float> next_step(size_t index, float lr);
  // One Adam update of n contiguous elements starting at `offset` of parameter `index`.
  void update_span(size_t index, int64_t offset, float* value, const float* grad, int64_t n,
                   std::pair<float, float> step);

 private:
  AdamOptions options_;
  std::vector<Tensor> m_, v_;
  // Atomic, unlike the moments: Hogwild workers stepping the same parameter must each count
  // (a lost increment would make the bias correction depend on thread timing).
  std::vector<std::atomic<int64_t>> steps_;
};

// AdamW (Loshchilov & Hutter, "Decoupled weight decay regularization"): Adam on the gradient,
// and the weights shrunk apart from it, value *= 1 - lr * weight_decay, before each step (the
// order of torch.optim.AdamW). Folded into the gradient instead (Adam's L2 penalty), the decay
// would be divided by √v̂ like the gradient and barely reach the weights with large gradients.
// For dense parameters, the layers' weights; a row-sparse gradient gets Adam's dense semantics,
// so every row decays. Throws std::invalid_argument unless weight_decay is >= 0.
class AdamW final : public Adam {
 public:
  AdamW(std::vector<Var> params, float lr, float weight_decay, AdamOptions options = {});

 protected:
  void update_dense(size_t index, float* value, const float* grad, int64_t n, float lr) override;

 private:
  float weight_decay_;
};

// Lazy Adam: only rows present in the gradient have their moments and values updated; the
// bias correction uses the parameter's global step count (torch.optim.SparseAdam's rule).
// On a dense gradient it is plain Adam.
class SparseAdam final : public Adam {
 public:
  using Adam::Adam;

 protected:
  void update_rows(size_t index, Tensor& value, const SparseRows& grad, float lr) override;
};

// word2vec's schedule: lr falls linearly from `start` at progress 0 to start * floor_ratio,
// and stays there; progress is the fraction of training done, in [0, 1].
class LinearDecay {
 public:
  explicit LinearDecay(float start, float floor_ratio = 1e-4f)
      : start_(start), floor_(start * floor_ratio) {}
  float at(double progress) const;

 private:
  float start_, floor_;
};

}  // namespace gv
