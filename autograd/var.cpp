#include "autograd/var.h"

#include <stdexcept>
#include <unordered_set>
#include <utility>

namespace gv {

namespace {
thread_local bool g_grad_enabled = true;
}

bool grad_enabled() {
  return g_grad_enabled;
}
NoGradGuard::NoGradGuard() : previous_(g_grad_enabled) {
  g_grad_enabled = false;
}
NoGradGuard::~NoGradGuard() {
  g_grad_enabled = previous_;
}

Node::~Node() {
  std::vector<std::shared_ptr<Node>> pending = std::move(inputs);
  while (!pending.empty()) {
    std::shared_ptr<Node> node = std::move(pending.back());
    pending.pop_back();
    // Last owner: adopt its inputs before it dies, so its destructor has nothing to recurse on.
    if (node && node.use_count() == 1) {
      for (auto& input : node->inputs) pending.push_back(std::move(input));
      node->inputs.clear();
    }
  }
}

float* Node::grad_data() {
  if (!requires_grad) return nullptr;
  if (grad.empty() && value.numel() > 0) grad = Tensor(value.shape());
  return grad.data();
}

GradBuffer Node::grad_buffer() {
  if (!requires_grad) return {};
  if (!grad.empty() || value.numel() == 0) return {grad_data(), false};
  grad = Tensor::uninitialized(value.shape());
  return {grad.data(), true};
}

SparseRows* Node::sparse_grad_rows() {
  if (!requires_grad) return nullptr;
  if (sparse_grad.num_rows() == 0) {
    if (value.ndim() != 2) {
      throw std::invalid_argument("row-sparse gradient needs a 2-D table, got shape " +
                                  shape_str(value.shape()));
    }
    sparse_grad = SparseRows(value.size(0), value.size(1));
  }
  return &sparse_grad;
}

Var::Var(Tensor value, bool requires_grad) : node_(std::make_shared<Node>()) {
  node_->value = std::move(value);
  node_->requires_grad = requires_grad;
}

Var Var::view_of(const Var& param) {
  return Var(param.value().alias(), param.requires_grad());
}

Var Var::detach() const {
  return Var(value().alias(), false);
}

Tensor Var::total_grad() const {
  Tensor total = has_grad() ? grad() : Tensor(shape());
  if (node_->sparse_grad.stored_rows() > 0) {
    const Tensor dense = node_->sparse_grad.to_dense();
    for (int64_t i = 0; i < total.numel(); ++i) total[i] += dense[i];
  }
  return total;
}

void Var::zero_grad() const {
  node_->grad = Tensor();
  node_->sparse_grad.clear();
}

Var make_result(Tensor value, std::vector<Var> inputs, BackwardFn backward, const char* op) {
  auto node = std::make_shared<Node>();
  node->value = std::move(value);
  node->op = op;
  bool needs_grad = false;
  if (g_grad_enabled) {
    for (const Var& in : inputs) needs_grad = needs_grad || in.requires_grad();
  }
  if (needs_grad) {
    node->requires_grad = true;
    node->backward = std::move(backward);
    node->inputs.reserve(inputs.size());
    for (Var& in : inputs) node->inputs.push_back(std::move(in.node_));
  }
  return Var(std::move(node));
}

void Var::backward() const {
  if (numel() != 1) {
    throw std::invalid_argument("backward() needs a scalar (one-element) output, got shape " +
                                shape_str(shape()));
  }
  if (!requires_grad()) {
    throw std::invalid_argument("backward() on a value that does not require a gradient");
  }
  // Iterative depth-first search; a node is emitted after all of its inputs (post-order),
  // so the reversed list is a topological order from the output back to the leaves.
  std::vector<Node*> order;
  std::unordered_set<Node*> visited;
  std::vector<std::pair<Node*, size_t>> stack{{node_.get(), 0}};
  visited.insert(node_.get());
  while (!stack.empty()) {
    auto& [node, next_input] = stack.back();
    if (next_input < node->inputs.size()) {
      Node* input = node->inputs[next_input++].get();
      if (input->requires_grad && visited.insert(input).second) stack.push_back({input, 0});
    } else {
      order.push_back(node);
      stack.pop_back();
    }
  }
  // Interior gradients are per-pass scratch; leaf gradients accumulate across passes.
  for (Node* node : order) {
    if (!node->is_leaf()) node->grad = Tensor();
  }
  node_->grad_data()[0] += 1.0f;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    Node* node = *it;
    if (!node->is_leaf() && !node->grad.empty()) node->backward(*node);
  }
}

}  // namespace gv
