// one_hot: the dense reference for a row lookup, shared by the autograd and embedding tests.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/var.h"

namespace gv::testing {

// (N, V) constant with a 1 at (n, ids[n]): one_hot(ids, V) @ W is gather_rows(W, ids) by
// definition, computed with a dense matmul and therefore with a dense gradient.
inline Var one_hot(const std::vector<int64_t>& ids, int64_t vocab) {
  Tensor t({static_cast<int64_t>(ids.size()), vocab});
  for (size_t n = 0; n < ids.size(); ++n) t[static_cast<int64_t>(n) * vocab + ids[n]] = 1.0f;
  return Var::constant(std::move(t));
}

}  // namespace gv::testing
