// A --min-count that leaves a corpus too few words to learn anything from: the run goes on (a
// test or a toy corpus may mean it), after one line saying how few and what left the rest out.
#pragma once

#include <cstdint>
#include <cstdio>

#include "word2vec/trainer.h"

namespace gv::tools {

// Below 2 x 5 + 1 words, each word's five nearest neighbours (what train's --show and nearest
// print by default) are more than half of the other words, so they tell nothing of it.
inline constexpr int64_t kFewestUsefulWords = 11;

// Prints "gradvec: warning: ..." on `out` when --min-count left `trainer` fewer than
// kFewestUsefulWords words of those it counted, naming --min-count and the distinct words seen.
void warn_if_vocabulary_tiny(const Trainer& trainer, std::FILE* out);

}  // namespace gv::tools
