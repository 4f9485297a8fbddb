// Analogy accuracy on a questions-words file (Mikolov et al. 2013), counted exactly as
// gensim's KeyedVectors.evaluate_word_analogies counts it (for a fastText model, see below):
//   - a question "a b c d" asks b - a + c ~ d; it is *seen* only when all four words are
//     in the restricted vocabulary (EvalWords: first N words, case folding), else it
//     is skipped and counted only in the total number of questions;
//   - the prediction is gensim's: among the 5 best candidates other than the rows of a, b
//     and c, the first whose (folded) form is not a, b or c — e.g. "PARIS" when asking
//     about "paris" is passed over; if all 5 are such variants, the 5th stands;
//   - a question whose a, b, c or d has a zero vector, or (3CosAdd) whose b - a + c
//     cancels out, has no answer (gensim's cosines would be NaN): it is not seen either,
//     but counted apart;
//   - sections report correct/seen; the total sums the sections.
// With a fastText model (.bin) a question is also seen when a, b or c lies outside the
// restricted vocabulary but has a vector from the model (EvalWords::unit_vector): its
// n-grams, or its row beyond --restrict. The expected word must still be a candidate. The
// report says how many seen questions needed such a vector.
// All questions are answered by one blocked product of the query matrix against the
// restricted vocabulary (tile_product.h), split over threads by blocks of questions.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "tools/vectors/vector_index.h"

namespace gv::tools {

struct AnalogyQuestion {
  std::string a, b, c, expected;
  int64_t line;  // 1-based, for messages
};

struct AnalogySection {
  std::string name;
  std::vector<AnalogyQuestion> questions;
};

// The questions-words format: ": name" starts a section; every other non-blank line is
// four whitespace-separated words. Throws std::runtime_error "<source>:<line>: ..." on a
// line with another word count or a question before the first section.
std::vector<AnalogySection> parse_analogy_questions(std::istream& in, const std::string& source);
// Throws std::runtime_error naming `path` if it cannot be read.
std::vector<AnalogySection> read_analogy_questions(const std::string& path);

struct AnalogyEvalOptions {
  int64_t restrict_to = 30000;  // as word2vec's compute-accuracy; 0: whole vocabulary
  AnalogyMethod method = AnalogyMethod::Add;
  bool case_insensitive = true;
};

struct AnalogyScore {
  std::string name;
  int64_t correct = 0;
  int64_t seen = 0;       // questions with all four words in the restricted vocabulary
  int64_t questions = 0;  // all questions
};

struct AnalogyEvalResult {
  std::vector<AnalogyScore> sections;  // file order
  AnalogyScore total;                  // name "total"
  bool subwords = false;               // the vectors came from a fastText model
  int64_t outside_vocabulary = 0;      // seen questions with a, b or c outside the vocabulary
  int64_t zero_vector = 0;             // left out, not seen: a word's vector or b - a + c is zero
};

AnalogyEvalResult evaluate_analogies(const VectorIndex& index,
                                     const std::vector<AnalogySection>& sections,
                                     const AnalogyEvalOptions& options);

// "name: C/S correct (P%)" per section, then "total: C/S correct (P%), S/N questions seen";
// P has two decimals and is 0.00 when nothing was seen. When Z > 0 questions were left out
// for a zero vector, then "left out: Z of the N questions, for a zero vector (a word's, or
// b - a + c)".
// For a fastText model, then "from subwords: K of the S seen questions had a, b or c outside
// the vocabulary".
std::string format_analogy_report(const AnalogyEvalResult& result);

}  // namespace gv::tools
