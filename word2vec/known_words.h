// KnownWords: what a continued run (train --init) does with the W_in rows of the words its model
// brings, one policy where a flag and a number were:
//   free      they train as every other row (the default);
//   frozen    they stay as they are (--freeze-known): their rows' gradient is dropped before each
//             step (frozen_rows.h), as a row that is no parameter;
//   anchored  they train, pulled toward their old values with strength lambda
//             (--anchor-known LAMBDA): a loss term beside the objective's (anchored_rows.h).
#pragma once

namespace gv {

struct KnownWords {
  enum class Rule { free, frozen, anchored };
  Rule rule = Rule::free;
  float lambda = 0.0f;  // anchored only: > 0, and lr x lambda at most kMaxAnchorStep

  bool frozen() const { return rule == Rule::frozen; }
  bool anchored() const { return rule == Rule::anchored; }
};

// The policy --freeze-known and --anchor-known LAMBDA ask for: frozen, anchored for LAMBDA > 0,
// else free. Throws std::invalid_argument naming the options for both at once, and for a LAMBDA
// check_anchor refuses at `lr`.
KnownWords known_words_from_options(bool freeze, float anchor, float lr);

}  // namespace gv
