#include "autograd/gradcheck.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace gv {

namespace {

// f at the inputs' current values, without recording a graph.
double evaluate(const std::function<Var(const std::vector<Var>&)>& f,
                const std::vector<Var>& inputs) {
  NoGradGuard no_grad;
  const Var out = f(inputs);
  if (out.numel() != 1) {
    throw std::invalid_argument("gradcheck: f must return a scalar, got shape " +
                                shape_str(out.shape()));
  }
  return out.item();
}

void clear_grads(const std::vector<Var>& inputs) {
  for (const Var& input : inputs) input.zero_grad();
}

// Puts a perturbed element back even when f throws halfway.
class RestoreOnExit {
 public:
  explicit RestoreOnExit(float& slot) : slot_(slot), original_(slot) {}
  ~RestoreOnExit() { slot_ = original_; }
  RestoreOnExit(const RestoreOnExit&) = delete;
  RestoreOnExit& operator=(const RestoreOnExit&) = delete;
  float original() const { return original_; }

 private:
  float& slot_;
  float original_;
};

}  // namespace

GradcheckResult gradcheck(const std::function<Var(const std::vector<Var>&)>& f,
                          const std::vector<Var>& inputs, GradcheckOptions options) {
  clear_grads(inputs);
  f(inputs).backward();
  GradcheckResult result;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Var input = inputs[i];
    if (!input.requires_grad()) continue;
    const Tensor analytic = input.total_grad();  // dense and row-sparse parts merged
    Tensor& value = input.value();
    for (int64_t e = 0; e < value.numel(); ++e) {
      const RestoreOnExit restore(value[e]);
      const float original = restore.original();
      // The slope is taken over the perturbation actually stored in float32, not the
      // nominal 2 eps, so rounding of x +- eps does not bias it.
      const float plus = original + options.eps;
      const float minus = original - options.eps;
      value[e] = plus;
      const double f_plus = evaluate(f, inputs);
      value[e] = minus;
      const double f_minus = evaluate(f, inputs);
      const double numeric = (f_plus - f_minus) / (static_cast<double>(plus) - minus);
      double error = std::fabs(analytic[e] - numeric) - options.rtol * std::fabs(numeric);
      // A NaN gradient must never pass as a small error.
      if (std::isnan(error)) error = std::numeric_limits<double>::infinity();
      if (result.worst.empty() || error > result.worst_error) {
        result.worst_error = error;
        std::ostringstream where;
        where << "input " << i << " element " << e << ": analytic " << analytic[e] << ", numeric "
              << numeric;
        result.worst = where.str();
      }
    }
  }
  result.ok = result.worst_error <= options.atol;
  clear_grads(inputs);
  return result;
}

}  // namespace gv
