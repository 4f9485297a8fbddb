// Module: what every trainable building block answers, whatever its forward looks like.
//
// Forwards differ (ids -> rows, a length -> a table, x -> rotated x), so they are not part
// of this interface and stay plain calls; what is shared is the once-per-model questions
// an optimizer, a parameter file or a training loop asks: which tensors are trained, and
// whether the model is training or evaluating. Those are virtual, called per model, never
// per row.
//
// The mode is a flag for modules whose forward differs between training and evaluation
// (dropout, say); none of today's modules does, so for them it is only bookkeeping.
#pragma once

#include <vector>

#include "autograd/var.h"

namespace gv {

class Module {
 public:
  virtual ~Module() = default;

  // The trainable tensors, as handles into the module: none for a fixed encoding.
  virtual std::vector<Var> parameters() const { return {}; }
  // Switches training mode on or off, for this module and the modules it holds.
  virtual void train(bool on) { training_ = on; }
  void eval() { train(false); }
  bool training() const { return training_; }

 protected:
  Module() = default;
  // Copyable and movable by subclasses only: a Module on its own is not a value.
  Module(const Module&) = default;
  Module(Module&&) = default;
  Module& operator=(const Module&) = default;
  Module& operator=(Module&&) = default;

 private:
  bool training_ = true;
};

}  // namespace gv
