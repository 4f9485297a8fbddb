// The options of a continued run (docs/training.md, "Continued training"):
//   --init MODEL  --freeze-known  --anchor-known LAMBDA
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace gv::tools {

struct ContinueOptions {
  std::string init;           // continue this model (checkpoint, .bin or vector file); empty: none
  bool freeze_known = false;  // the model's words' rows of W_in stay as they are
  float anchor_known = 0.0f;  // the pull of those rows toward the model's values (0: none)

  void add_to(CLI::App& command);
};

}  // namespace gv::tools
