// Module: what every trainable building block answers, whatever its forward looks like.
//
// Forwards differ (ids -> rows, a length -> a table, x -> rotated x), so they are not part
// of this interface and stay plain calls; what is shared is the question an optimizer, a
// parameter file or a checkpoint asks of a model: which tensors are trained, in which order.
// It is virtual, asked once per model, never per row.
#pragma once

#include <vector>

#include "autograd/var.h"

namespace gv {

class Module {
 public:
  virtual ~Module() = default;

  // The trainable tensors, as handles into the module: none for a fixed encoding.
  virtual std::vector<Var> parameters() const { return {}; }

 protected:
  Module() = default;
  // Copyable and movable by subclasses only: a Module on its own is not a value.
  Module(const Module&) = default;
  Module(Module&&) = default;
  Module& operator=(const Module&) = default;
  Module& operator=(Module&&) = default;
};

}  // namespace gv
