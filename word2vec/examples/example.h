// Example: one training example, a centre word and the context words around it.
//
// Example builders (ContextExamples) make them from a sentence; objectives (Objective) turn
// them into a loss. The contexts are rows of the input table W_in and the centre is the word
// they predict, the orientation of word2vec.c, which lets one centre's contexts share its
// output rows.
#pragma once

#include <cstdint>
#include <span>

namespace gv {

struct Example {
  int64_t centre;                     // word id: the word to predict
  std::span<const int64_t> contexts;  // (m) word ids: the inputs; valid until the next example
};

}  // namespace gv
