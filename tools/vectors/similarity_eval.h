// Word-similarity benchmarks (WordSim-353, SimLex-999, MEN, ...): Spearman's rank
// correlation between human similarity scores and the vectors' cosines (and Pearson's, which
// gensim reports beside it).
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "tools/vectors/vector_index.h"

namespace gv::tools {

struct SimilarityPair {
  std::string a, b;
  double human_score;
  int64_t line;  // 1-based, for messages
};

// One "word1 word2 score" per line, separated by tabs or spaces; '#' starts a comment line;
// blank lines are skipped. Throws std::runtime_error "<source>:<line>: ..." otherwise.
std::vector<SimilarityPair> parse_similarity_pairs(std::istream& in, const std::string& source);
// Throws std::runtime_error naming `path` if it cannot be read.
std::vector<SimilarityPair> read_similarity_pairs(const std::string& path);

// Ranks 1..n of `values`, tied values sharing the average of the ranks they span
// (e.g. {10, 20, 20, 30} -> {1, 2.5, 2.5, 4}).
std::vector<double> average_ranks(const std::vector<double>& values);
// Pearson's r, as scipy.stats.pearsonr. Throws std::invalid_argument if the sizes differ,
// n < 2, or either side is constant (r undefined).
double pearson(const std::vector<double>& x, const std::vector<double>& y);
// Spearman's rho: the Pearson correlation of the average ranks (the tie-correct definition,
// as scipy.stats.spearmanr). Throws as pearson does.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

struct SimilarityEvalResult {
  double spearman = 0;
  double pearson = 0;  // of the human scores and the cosines themselves (gensim reports both)
  int64_t pairs_used = 0;
  int64_t pairs_skipped = 0;       // a word not in the (restricted) vocabulary
  int64_t zero_vector = 0;         // left out: a word's vector is zero, so it has no cosine
  bool subwords = false;           // the vectors came from a fastText model
  int64_t outside_vocabulary = 0;  // used pairs with a word outside the vocabulary
};

// Words are matched like the analogy evaluation (EvalWords): first `restrict_to`
// words (0: all), case-insensitive by default; with a fastText model a word outside them
// takes the model's vector for it. A pair with a zero vector has no cosine (gensim's would be
// NaN): it is left out and counted. Throws std::invalid_argument "<source>: ..." if fewer
// than two pairs are usable or either side is constant (rho undefined); `source` names the
// pairs file.
SimilarityEvalResult evaluate_similarity(const VectorIndex& index,
                                         const std::vector<SimilarityPair>& pairs,
                                         const std::string& source, int64_t restrict_to = 0,
                                         bool case_insensitive = true);

// "spearman: 0.xxxx (N pairs, K skipped)"; inside the brackets ", Z left out for a zero
// vector" when Z > 0, and for a fastText model ", M with a word from subwords".
std::string format_similarity_report(const SimilarityEvalResult& result);

}  // namespace gv::tools
