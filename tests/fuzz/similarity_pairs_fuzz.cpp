// Word-similarity pairs files (WordSim-353, SimLex-999: "word1 word2 score" lines).
#include <cmath>
#include <sstream>

#include "tests/fuzz/fuzz_support.h"
#include "tools/vectors/similarity_eval.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string source = "fuzz-pairs.txt";
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    for (const gv::tools::SimilarityPair& pair : gv::tools::parse_similarity_pairs(in, source)) {
      if (pair.a.empty() || pair.b.empty() || !std::isfinite(pair.human_score) || pair.line < 1) {
        gv::fuzz::finding("a pair with an empty word, a non-finite score or no line");
      }
    }
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, source);
  }
  return 0;
}
