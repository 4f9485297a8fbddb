// Analogy questions files (questions-words.txt: ": section" lines, then "a b c d" lines).
#include <sstream>

#include "tests/fuzz/fuzz_support.h"
#include "tools/vectors/analogy_eval.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string source = "fuzz-questions.txt";
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    for (const gv::tools::AnalogySection& section :
         gv::tools::parse_analogy_questions(in, source)) {
      for (const gv::tools::AnalogyQuestion& q : section.questions) {
        if (q.a.empty() || q.b.empty() || q.c.empty() || q.expected.empty() || q.line < 1) {
          gv::fuzz::finding("a question with an empty word or no line");
        }
      }
    }
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, source);
  }
  return 0;
}
