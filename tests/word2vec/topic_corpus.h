// two_topic_corpus(): a corpus whose words skip-gram must sort into two topics, shared by the
// trainer's tests.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

#include "autograd/rng.h"

namespace gv::testing {

// Two topics that never share a line: words a0..a11 co-occur only with each other, likewise
// b0..b11, eight random words a line, the topics alternating. `extra` (if not empty) ends every
// line of topic a: one more word of that topic, which a model trained without it lacks.
inline std::string two_topic_corpus(int lines, uint64_t seed, const std::string& extra = "") {
  Rng rng(seed);
  std::ostringstream text;
  for (int line = 0; line < lines; ++line) {
    const char topic = (line % 2) ? 'a' : 'b';
    for (int w = 0; w < 8; ++w) text << (w ? " " : "") << topic << rng.below(12);
    if (topic == 'a' && !extra.empty()) text << ' ' << extra;
    text << '\n';
  }
  return text.str();
}

}  // namespace gv::testing
