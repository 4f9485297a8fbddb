// AdamW against steps computed by hand from its definition (torch.optim.AdamW's order: decay the
// weights, then take Adam's bias-corrected step).
#include <catch2/catch.hpp>

#include <cmath>

#include "autograd/ops.h"
#include "autograd/optim.h"

using gv::Tensor;
using gv::Var;

TEST_CASE("AdamW decays the weights apart from the gradient, step by step", "[optim][adamw]") {
  // loss = p², so g = 2p; lr 0.1, weight decay 0.5, betas 0.9 and 0.999, eps 1e-8.
  Var p = Var::parameter(Tensor::scalar(2.0f));
  gv::AdamW adamw({p}, 0.1f, 0.5f);
  double value = 2.0, m = 0.0, v = 0.0;
  for (int step = 1; step <= 3; ++step) {
    INFO("step " << step);
    const double g = 2.0 * value;
    adamw.zero_grad();
    (p * p).backward();
    adamw.step();
    value *= 1.0 - 0.1 * 0.5;
    m = 0.9 * m + 0.1 * g;
    v = 0.999 * v + 0.001 * g * g;
    const double m_hat = m / (1.0 - std::pow(0.9, step));
    const double v_hat = v / (1.0 - std::pow(0.999, step));
    value -= 0.1 * m_hat / (std::sqrt(v_hat) + 1e-8);
    CHECK(p.item() == Approx(value).epsilon(1e-5));
  }
  // By hand, the first two: 2 * 0.95 - 0.1 = 1.8; 1.8 * 0.95 - 0.1 * 3.78947 / 3.80516 = 1.61041.
}

TEST_CASE("AdamW with no gradient signal only decays, and refuses a negative decay",
          "[optim][adamw]") {
  Var p = Var::parameter(Tensor::from({2}, {1.0f, -4.0f}));
  gv::AdamW adamw({p}, 0.01f, 0.1f);
  gv::sum(p * Var::constant(Tensor::zeros({2}))).backward();  // a zero gradient
  adamw.step();
  CHECK(p.value()[0] == Approx(1.0 * (1 - 0.001)));
  CHECK(p.value()[1] == Approx(-4.0 * (1 - 0.001)));
  CHECK_THROWS_WITH(gv::AdamW({p}, 0.01f, -0.1f),
                    Catch::Contains("weight_decay must be >= 0, got -0.1"));
}
