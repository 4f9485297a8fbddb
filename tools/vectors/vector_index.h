// VectorIndex: unit-normalised word vectors and the queries asked of them — nearest
// neighbours and analogies with gensim's semantics (KeyedVectors.most_similar and
// most_similar_cosmul), by an exhaustive scan of the vocabulary.
//
// Every row is scaled to length 1 once, so a cosine is a dot product and a query is one
// matrix-vector product (size, dim) x (dim) followed by a top-k selection.
//
// Vectors from a fastText model (.bin) come with its n-gram rows: a query word outside the
// vocabulary then stands for the unit mean of its n-gram rows. It is no candidate itself, so
// nothing is excluded for it.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tools/vectors/query_word.h"
#include "tools/vectors/subword_vectors.h"
#include "tools/vectors/word_vectors.h"

namespace gv {
struct KernelTable;  // autograd/simd/kernel_table.h
}  // namespace gv

namespace gv::tools {

class TopK;  // top_k.h

// How an analogy a : b :: c : ? is scored (Levy & Goldberg 2014).
enum class AnalogyMethod {
  Add,  // 3CosAdd: cos(x, b - a + c) on unit vectors
  Mul,  // 3CosMul: cos'(x, b) cos'(x, c) / (cos'(x, a) + 1e-6), cos' = (1 + cos) / 2
};

// A query the vectors cannot answer: a word without a vector, a word whose vector is zero, or
// query words that cancel out. Nothing about it is wrong with the file, so the repl reports it
// and reads on; the one-shot commands stop with it.
class QueryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "xyz" not in vocabulary (did you mean: "xy", "xyzz"?): thrown for any unknown query word.
class UnknownWordError : public QueryError {
 public:
  UnknownWordError(std::string word, std::vector<std::string> suggestions);
  const std::string& word() const { return word_; }
  const std::vector<std::string>& suggestions() const { return suggestions_; }

 private:
  std::string word_;
  std::vector<std::string> suggestions_;
};

// One term of a query: a word, standing for its unit vector, or `vector` as given (gensim takes
// a query vector unnormalised), scaled by `weight`.
struct QueryTerm {
  std::string word;           // used when `vector` is empty
  std::vector<float> vector;  // (dim), or empty
  float weight = 1.0f;
};

struct Neighbor {
  int64_t index;
  std::string word;
  float score;
};

class VectorIndex {
 public:
  // Normalises `vectors` (pass an rvalue to normalise in place rather than copy a big file).
  // Rows of zero (or non-finite) length become all-zero, so their cosine with anything is
  // 0, never NaN. `threads <= 0`: all hardware threads.
  explicit VectorIndex(WordVectors vectors, int threads = 0);
  // The lookup table holds views into words_, which a copy would leave dangling; a move
  // keeps the strings' storage in place.
  VectorIndex(const VectorIndex&) = delete;
  VectorIndex& operator=(const VectorIndex&) = delete;
  VectorIndex(VectorIndex&&) = default;
  VectorIndex& operator=(VectorIndex&&) = default;

  int64_t size() const { return static_cast<int64_t>(words_.size()); }
  int64_t dim() const { return dim_; }
  int threads() const { return threads_; }
  const std::vector<std::string>& words() const { return words_; }
  const std::string& word(int64_t index) const { return words_[static_cast<size_t>(index)]; }
  const float* unit_row(int64_t index) const { return unit_.data() + index * dim_; }  // (dim)

  // Exact lookup; a word listed twice resolves to its first row.
  std::optional<int64_t> find(std::string_view word) const;
  // The word a query for `word` uses (query_word.h).
  QueryWord resolve(std::string_view word) const;
  // Like find(), but throws UnknownWordError with up to 3 close spellings, ignoring case.
  int64_t index_of(std::string_view word) const;

  // The n-gram rows of a fastText model, or null.
  const SubwordVectors* subwords() const { return subwords_.get(); }
  // Whether `word` is outside the vocabulary and gets a vector from its n-grams: the words the
  // commands mark "(from subwords)".
  bool from_subwords(std::string_view word) const;
  // out (dim) = word's unit vector: its row, or its normalised n-gram mean; false when it has
  // neither (out is then unspecified).
  bool unit_vector(std::string_view word, float* out) const;
  // Throws UnknownWordError (with close spellings) unless unit_vector would find a vector, and
  // QueryError if that vector is zero: it has no direction, so every cosine with it is 0.
  void require_vector(std::string_view word) const;

  float cosine(int64_t a, int64_t b) const;

  // The k words whose cosine with unit(mean(unit(positive)) - mean(unit(negative))) is
  // highest, excluding the query words themselves (gensim most_similar). Only the first
  // `restrict_to` words are candidates (0: all); a k beyond them means all of them. Needs at
  // least one query word; each must have a vector (require_vector). Throws QueryError when a
  // query word's vector is zero or the query vector sums to zero: every cosine with it would
  // be 0, and the "neighbours" an arbitrary k words.
  std::vector<Neighbor> most_similar(const std::vector<std::string>& positive,
                                     const std::vector<std::string>& negative, int64_t k,
                                     int64_t restrict_to = 0) const;
  // prod((1 + cos(x, p)) / 2) / (prod((1 + cos(x, n)) / 2) + 1e-6), best first, query words
  // excluded (gensim most_similar_cosmul). Needs at least one positive word; refuses a zero
  // vector as most_similar does.
  std::vector<Neighbor> most_similar_cosmul(const std::vector<std::string>& positive,
                                            const std::vector<std::string>& negative, int64_t k,
                                            int64_t restrict_to = 0) const;
  // The pieces of those two queries, with terms in place of words (a word term is a query
  // word), for callers that pass vectors and weights or want every score (gensim's API):
  // query_direction: unit(sum of weight x term) (dim), gensim's weighted most_similar query,
  // and the rows of its words in `excluded`. nearest: the k rows (of the first `restrict_to`,
  // 0: all) whose cosine with unit `query` (dim) is highest, `excluded` left out, best first.
  // cosmul_scores: every candidate's 3CosMul score (the weights unused, a vector term's dot
  // products shifted as a cosine's, as gensim's) and the query words' rows in `excluded`;
  // best_excluding: the k best of `scores` but the `excluded`. They throw as the queries do.
  std::vector<float> query_direction(const std::vector<QueryTerm>& terms,
                                     std::vector<int64_t>& excluded) const;
  std::vector<Neighbor> nearest(const float* query, int64_t k, int64_t restrict_to,
                                std::vector<int64_t> excluded) const;
  std::vector<float> cosmul_scores(const std::vector<QueryTerm>& positive,
                                   const std::vector<QueryTerm>& negative, int64_t restrict_to,
                                   std::vector<int64_t>& excluded) const;
  std::vector<Neighbor> best_excluding(const std::vector<float>& scores, int64_t k,
                                       std::vector<int64_t> excluded) const;
  // The rows a query restricted to `restrict_to` (0: all) considers; throws if it is negative.
  int64_t candidate_count(int64_t restrict_to) const;

  // a : b :: c : ? — most_similar(_cosmul)(positive = {b, c}, negative = {a}).
  std::vector<Neighbor> analogy(const std::string& a, const std::string& b, const std::string& c,
                                int64_t k, AnalogyMethod method, int64_t restrict_to = 0) const;

  // scores[i] = unit_row(i) . query for i < rows: the one scan every query is built on.
  // query: (dim); scores: (rows).
  void dot_rows(const float* query, int64_t rows, float* scores) const;

 private:
  // out[j] = unit_row(first + j) . query for j < cols <= kGradCols: one call of `table`'s dot
  // kernel (the trainer's, in the widest instructions the machine has, where this library is
  // built for SSE2 alone).
  void dot_block(const KernelTable& table, const float* query, int64_t first, int64_t cols,
                 float* out) const;
  // How many best rows a query keeps to answer k of `rows` without `excluded`: k clamped to the
  // rows, `excluded` sorted and made unique.
  int64_t kept_for(int64_t& k, int64_t rows, std::vector<int64_t>& excluded) const;
  // The first k of `best` (emptied) that are not `excluded` (sorted), as neighbours.
  std::vector<Neighbor> first_not_excluded(TopK& best, int64_t k,
                                           const std::vector<int64_t>& excluded) const;
  // out (dim) = the vector of `term` before its weight: a word's unit vector, whose row, if it
  // has one, is appended to `excluded` (throws as require_vector does), or the vector given.
  void query_vector(const QueryTerm& term, float* out, std::vector<int64_t>& excluded) const;

  std::vector<std::string> words_;
  int64_t dim_ = 0;
  std::vector<float> unit_;  // (size, dim), rows of length 1 or 0
  std::unordered_map<std::string_view, int64_t> index_by_word_;  // views into words_
  int threads_ = 1;
  std::shared_ptr<const SubwordVectors> subwords_;
};

// x *= 1 / |x| in place (x: (n)); a zero or non-finite x becomes all-zero.
void normalize_in_place(float* x, int64_t n);
// Whether x (n) is all zero: a row normalize_in_place could not scale, which has no direction.
bool is_zero(const float* x, int64_t n);
// x (n), a sum of vectors (some negated) whose lengths add up to `lengths` (unit vectors: their
// count), scaled to length 1 in place. False, and x all zero, when its length is within float
// rounding of zero (lengths * FLT_EPSILON): the terms cancel out, and what is left is rounding
// noise, not a direction.
bool normalize_sum(float* x, int64_t n, double lengths);
// Sum of x[i] * y[i] with eight independent partial sums so the compiler can vectorise it.
float dot(const float* x, const float* y, int64_t n);

}  // namespace gv::tools
