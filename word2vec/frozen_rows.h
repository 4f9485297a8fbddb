// FrozenRows: the rows of W_in that a continued run (train --init --freeze-known) leaves as they
// are, the model's words', kept by zeroing their gradient before each optimizer step.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/var.h"

namespace gv {

class FrozenRows {
 public:
  FrozenRows() = default;  // none
  // `ids`: vocabulary ids below `vocab_size`. Throws std::out_of_range for one that is not.
  FrozenRows(const std::vector<int64_t>& ids, int64_t vocab_size);

  // Zeroes the frozen rows' entries of `in_view`'s row-sparse gradient. A zero gradient leaves a
  // row as it is under every optimizer: SGD and Adagrad add lr x 0, and lazy Adam's moments of a
  // row that only ever sees zeros stay zero.
  void zero_gradients(Var& in_view) const;
  // Whether any row is frozen: the trainer's steps then leave every update to the optimizer's
  // step, after zero_gradients, rather than make any in the backward.
  bool any() const { return !frozen_.empty(); }

 private:
  std::vector<uint8_t> frozen_;  // by vocabulary id; empty when none is
};

}  // namespace gv
