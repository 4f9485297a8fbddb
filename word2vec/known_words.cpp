#include "word2vec/known_words.h"

#include <stdexcept>

#include "word2vec/anchored_rows.h"

namespace gv {

KnownWords known_words_from_options(bool freeze, float anchor, float lr) {
  if (freeze && anchor != 0.0f)
    throw std::invalid_argument("train: --anchor-known is moot with --freeze-known: give one");
  check_anchor(anchor, lr);
  if (freeze) return {KnownWords::Rule::frozen};
  if (anchor > 0.0f) return {KnownWords::Rule::anchored, anchor};
  return {};
}

}  // namespace gv
