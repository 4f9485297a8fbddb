// Var: a node of the computation graph — a value, its gradient, and the op that made it.
//
// Every op (see ops.h) computes its output Tensor eagerly and, when gradients are wanted,
// records a Node holding its inputs and a backward function written right beside the
// forward code. `loss.backward()` then visits the graph in reverse topological order,
// iteratively, so a 100,000-op chain needs no deep C++ stack.
//
// Gradients come in two kinds: a dense Tensor of the value's shape, and for (V, d) tables
// read through `gather_rows`, a row-sparse SparseRows holding only the rows looked up.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "autograd/sparse_rows.h"
#include "autograd/tensor.h"

namespace gv {

struct Node;
// A node's dense gradient as Node::grad_buffer hands it out.
struct GradBuffer {
  float* data = nullptr;
  bool fresh = false;  // data's floats are unset: store, don't add
  explicit operator bool() const { return data != nullptr; }
  // Elements [0, n) get value(i): stored when fresh, added otherwise (never read when fresh).
  template <class Value>
  void accumulate(int64_t n, Value value) const {
    if (fresh) {
      for (int64_t i = 0; i < n; ++i) data[i] = value(i);
    } else {
      for (int64_t i = 0; i < n; ++i) data[i] += value(i);
    }
  }
};
// Propagates `self.grad` into the gradients of `self.inputs`.
using BackwardFn = std::function<void(Node& self)>;

struct Node {
  Tensor value;
  Tensor grad;             // dense gradient, empty until something flows into it
  SparseRows sparse_grad;  // row-sparse gradient, only ever filled on leaves by gather_rows
  bool requires_grad = false;
  // Optimizer-in-backward (Optimizer::update_in_backward sets it; 0 is off): a leaf table's
  // plain SGD step at this learning rate, value -= lr * gradient, which an op whose backward
  // supports it (logistic_loss, embedding_bag) applies to each row as it makes the row's gradient, writing the
  // table in place instead of sparse_grad. Other ops still fill sparse_grad for step(). Its
  // readers then see rows already updated, as word2vec.c's do: for a graph whose only reader
  // of the table is that op (a word2vec step), never for gradcheck.
  float sgd_lr_in_backward = 0.0f;
  const char* op = "leaf";
  std::vector<std::shared_ptr<Node>> inputs;
  BackwardFn backward;  // empty for leaves

  Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  // Releases the chain of inputs iteratively: a recursive shared_ptr teardown of a long
  // graph would overflow the stack just like a recursive backward would.
  ~Node();

  bool is_leaf() const { return !backward; }
  // The dense gradient buffer to accumulate into (zero-filled on first use), or nullptr
  // when this node does not require a gradient — backward functions skip those inputs.
  float* grad_data();
  // The same buffer for a backward that writes every one of its elements: `fresh` when this call
  // made it, its floats unset, so the caller stores its contribution instead of adding it (a
  // node's first contribution then costs no zero-fill and no read of zeros); otherwise it holds
  // earlier ones, to add to. Data nullptr when no gradient is required.
  GradBuffer grad_buffer();
  // The row-sparse gradient to append to, or nullptr when no gradient is required.
  SparseRows* sparse_grad_rows();
};

class Var {
 public:
  Var() = default;  // undefined: holds no node
  explicit Var(Tensor value, bool requires_grad = false);
  static Var parameter(Tensor value) { return Var(std::move(value), true); }
  static Var constant(Tensor value) { return Var(std::move(value), false); }
  // A new leaf that shares `param`'s storage but owns its gradient. Hogwild training gives
  // each thread such a view of the shared tables, so backward passes never race on a
  // gradient buffer (updates of the shared values are lock-free by design).
  static Var view_of(const Var& param);

  bool defined() const { return node_ != nullptr; }
  const Tensor& value() const { return node_->value; }
  Tensor& value() { return node_->value; }
  const Shape& shape() const { return node_->value.shape(); }
  int64_t size(int64_t dim) const { return node_->value.size(dim); }
  int64_t numel() const { return node_->value.numel(); }
  float item() const { return node_->value.item(); }
  bool requires_grad() const { return node_->requires_grad; }
  const char* op() const { return node_->op; }

  bool has_grad() const { return !node_->grad.empty(); }
  const Tensor& grad() const { return node_->grad; }
  bool has_sparse_grad() const { return !node_->sparse_grad.empty(); }
  const SparseRows& sparse_grad() const { return node_->sparse_grad; }
  SparseRows& sparse_grad() { return node_->sparse_grad; }
  // Dense and sparse gradients summed into one tensor of the value's shape (zeros if none):
  // for tests, gradcheck and printing — never for a training loop.
  Tensor total_grad() const;

  // Seeds d(self)/d(self) = 1 and accumulates gradients into every leaf that requires one.
  // Throws std::invalid_argument unless the value has exactly one element.
  void backward() const;
  // Clears the dense and sparse gradients (keeping the sparse buffer's capacity).
  void zero_grad() const;
  // A leaf with the same storage, cut from the graph.
  Var detach() const;

  Node* node() const { return node_.get(); }
  const std::shared_ptr<Node>& node_ptr() const { return node_; }

 private:
  explicit Var(std::shared_ptr<Node> node) : node_(std::move(node)) {}
  friend Var make_result(Tensor, std::vector<Var>, BackwardFn, const char*);
  std::shared_ptr<Node> node_;
};

// Wraps an op's output. A graph node is recorded only when gradients are enabled and some
// input requires one; otherwise the result is a plain constant and `backward` is dropped.
Var make_result(Tensor value, std::vector<Var> inputs, BackwardFn backward, const char* op);

// While alive, ops on this thread record nothing (evaluation, optimizer updates).
class NoGradGuard {
 public:
  NoGradGuard();
  ~NoGradGuard();
  NoGradGuard(const NoGradGuard&) = delete;
  NoGradGuard& operator=(const NoGradGuard&) = delete;

 private:
  bool previous_;
};
bool grad_enabled();

}  // namespace gv
