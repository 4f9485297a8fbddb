// gradcheck: analytic gradients against central finite differences.
//
// For every element x of every input that requires a gradient, the numeric slope
// (f(x + eps) - f(x - eps)) / 2 eps is compared with what backward() produced
// (dense and row-sparse gradients alike). Values are float32, so tolerances are loose
// by double-precision standards; the worst element is reported so a failure says where.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "autograd/var.h"

namespace gv {

struct GradcheckOptions {
  float eps = 1e-2f;  // large enough that float32 rounding in f stays small against it
  double atol = 2e-3;
  double rtol = 2e-2;
};

struct GradcheckResult {
  bool ok = true;
  double worst_error = 0.0;  // max |analytic - numeric| - rtol |numeric| over all elements
  std::string worst;         // "input 1 element 7: analytic 0.1234, numeric 0.1301"
};

// `f` must build a scalar from `inputs` using ops only. The inputs' values are perturbed
// in place and restored; their gradients are cleared before and after.
GradcheckResult gradcheck(const std::function<Var(const std::vector<Var>&)>& f,
                          const std::vector<Var>& inputs, GradcheckOptions options = {});

}  // namespace gv
