#include "word2vec/example_inputs.h"

#include "autograd/ops.h"

namespace gv {

int64_t ExampleInputs::add(std::span<const int64_t> contexts) {
  ids_.insert(ids_.end(), contexts.begin(), contexts.end());
  if (!bagged_) return static_cast<int64_t>(contexts.size());
  offsets_.push_back(static_cast<int64_t>(ids_.size()));
  return 1;
}

int64_t ExampleInputs::rows() const {
  return bagged_ ? static_cast<int64_t>(offsets_.size()) - 1 : static_cast<int64_t>(ids_.size());
}

Var ExampleInputs::rows_of(const Var& w_in) const {
  return bagged_ ? embedding_bag(w_in, ids_, offsets_, BagGradient::undivided)
                 : gather_rows(w_in, ids_);
}

void ExampleInputs::clear() {
  ids_.clear();
  offsets_.assign(1, 0);
}

}  // namespace gv
