#include "tools/positional_table.h"

#include <stdexcept>

#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/rotary_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"

namespace gv::tools {

void check_positional_table(const PositionalTableOptions& options) {
  if (options.length < 1 || options.dim < 1) {  // pe's options refuse them before this
    throw std::invalid_argument("--len and --dim must be >= 1, got " +
                                std::to_string(options.length) + " and " +
                                std::to_string(options.dim));
  }
  if (options.interleaved && options.kind != "rope") {
    throw std::invalid_argument("--interleaved applies to --kind rope only, not " + options.kind);
  }
  // Checked here, by the option's name, before the library's own check names its class.
  if (options.kind != "learned" && options.dim % 2 != 0) {
    throw std::invalid_argument("--dim must be even for --kind " + options.kind +
                                " (its dimensions work in sin/cos pairs), got " +
                                std::to_string(options.dim));
  }
  // Each is at most kMaxPositionalNumbers: no overflow.
  if (options.length > kMaxPositionalNumbers / options.dim) {
    throw std::invalid_argument(
        "--len " + std::to_string(options.length) + " is too large for --dim " +
        std::to_string(options.dim) + ": " + std::to_string(options.length * options.dim) +
        " numbers, more than pe prints (" + std::to_string(kMaxPositionalNumbers) + ")");
  }
}

Tensor positional_table(const PositionalTableOptions& options) {
  check_positional_table(options);
  if (options.kind == "sinusoidal") {
    return SinusoidalPositionalEmbedding(options.length, options.dim).table();
  }
  if (options.kind == "learned") {
    Rng rng(options.seed);
    return LearnedPositionalEmbedding(options.length, options.dim, rng).weight().value();
  }
  RotaryOptions rope_options;
  rope_options.interleaved = options.interleaved;
  const RotaryEmbedding rope(options.length, options.dim, rope_options);
  return rope.forward(Var::constant(Tensor::ones({options.length, options.dim}))).value();
}

}  // namespace gv::tools
