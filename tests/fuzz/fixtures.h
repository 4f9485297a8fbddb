// What the seed generator (make_seeds.cpp) and the harnesses must agree on: the corpus a
// checkpoint is resumed on, and the module a parameter file is loaded into.
#pragma once

#include <memory>
#include <string_view>

#include "autograd/rng.h"
#include "embeddings/embedding.h"
#include "embeddings/input_embedding.h"
#include "embeddings/learned_positional_embedding.h"

namespace gv::fuzz {

// A checkpoint names its corpus by size: every seed checkpoint was written training on this.
inline constexpr std::string_view kCorpus =
    "the king and the queen walk in the garden\n"
    "the queen speaks to the king of the war\n"
    "a fool and his gold are soon parted\n"
    "the king's fool sings of gold and war\n"
    "now is the winter of our discontent\n";

// Token rows (6, 3) and learned positions (4, 3).
inline InputEmbedding parameter_module() {
  Rng rng(7);
  Embedding tokens(6, 3, rng);
  return InputEmbedding(std::move(tokens), std::make_unique<LearnedPositionalEmbedding>(4, 3, rng));
}

}  // namespace gv::fuzz
