#include "tools/vectors/vector_index.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

#include "autograd/simd/kernel_table.h"
#include "tools/vectors/parallel_for.h"
#include "tools/vectors/top_k.h"
#include "tools/vectors/vector_source.h"

namespace gv::tools {
namespace {

// A scan shorter than this many floats runs on one thread: starting threads would cost more
// than the scan.
constexpr int64_t kMinFloatsPerThread = int64_t{1} << 20;

constexpr int64_t min_rows_per_thread(int64_t dim) {
  return kMinFloatsPerThread / std::max<int64_t>(1, dim);
}

std::string unknown_word_message(const std::string& word,
                                 const std::vector<std::string>& suggestions) {
  std::string message = quoted(word) + " not in vocabulary";
  if (!suggestions.empty()) {
    message += " (did you mean: ";
    for (size_t i = 0; i < suggestions.size(); ++i) {
      message += (i ? ", " : "") + quoted(suggestions[i]);
    }
    message += "?)";
  }
  return message;
}

}  // namespace

UnknownWordError::UnknownWordError(std::string word, std::vector<std::string> suggestions)
    : QueryError(unknown_word_message(word, suggestions)),
      word_(std::move(word)),
      suggestions_(std::move(suggestions)) {}

float dot(const float* x, const float* y, int64_t n) {
  // Eight lanes: float addition is not associative, so without independent partial sums the
  // compiler may not reorder a single running sum into SIMD lanes.
  float lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    for (int l = 0; l < 8; ++l) lanes[l] += x[i + l] * y[i + l];
  }
  float sum = 0;
  for (; i < n; ++i) sum += x[i] * y[i];
  for (float lane : lanes) sum += lane;
  return sum;
}

void normalize_in_place(float* x, int64_t n) {
  double squares = 0;
  for (int64_t i = 0; i < n; ++i) squares += static_cast<double>(x[i]) * x[i];
  const double norm = std::sqrt(squares);
  if (!(norm > 0) || !std::isfinite(norm)) {
    std::fill(x, x + n, 0.0f);  // not x * 0: inf * 0 would be NaN
    return;
  }
  // In double: for a row of tiny (subnormal) floats 1 / norm overflows a float to inf.
  const double scale = 1.0 / norm;
  for (int64_t i = 0; i < n; ++i) x[i] = static_cast<float>(x[i] * scale);
}

bool is_zero(const float* x, int64_t n) {
  return std::all_of(x, x + n, [](float v) { return v == 0.0f; });
}

bool normalize_sum(float* x, int64_t n, double lengths) {
  double squares = 0;
  for (int64_t i = 0; i < n; ++i) squares += static_cast<double>(x[i]) * x[i];
  // Each term is off by at most FLT_EPSILON / 2 of its length after rounding, and each float
  // addition adds as much again.
  if (std::sqrt(squares) <= lengths * std::numeric_limits<float>::epsilon()) {
    std::fill(x, x + n, 0.0f);
    return false;
  }
  normalize_in_place(x, n);
  return true;
}

VectorIndex::VectorIndex(WordVectors vectors, int threads)
    : words_(std::move(vectors.words)),
      dim_(vectors.dim),
      unit_(std::move(vectors.values)),
      threads_(resolve_threads(threads)),
      subwords_(std::move(vectors.subwords)) {
  if (dim_ < 0 || static_cast<int64_t>(unit_.size()) != size() * dim_) {
    throw std::invalid_argument("word vectors: " + std::to_string(unit_.size()) +
                                " values do not fill (" + std::to_string(size()) + ", " +
                                std::to_string(dim_) + ")");
  }
  parallel_for(size(), threads_, min_rows_per_thread(dim_), [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) normalize_in_place(&unit_[i * dim_], dim_);
  });
  index_by_word_.reserve(words_.size());
  for (int64_t i = 0; i < size(); ++i) index_by_word_.emplace(words_[i], i);  // first one wins
}

std::optional<int64_t> VectorIndex::find(std::string_view word) const {
  const auto it = index_by_word_.find(word);
  if (it == index_by_word_.end()) return std::nullopt;
  return it->second;
}

QueryWord VectorIndex::resolve(std::string_view word) const {
  return resolve_query_word(word, words_,
                            [this](std::string_view w) { return find(w).has_value(); });
}

int64_t VectorIndex::index_of(std::string_view word) const {
  if (const auto index = find(word)) return *index;
  throw UnknownWordError(std::string(word), query_suggestions(word, words_));
}

bool VectorIndex::from_subwords(std::string_view word) const {
  return subwords_ != nullptr && !find(word) && subwords_->has_ngrams(word);
}

bool VectorIndex::unit_vector(std::string_view word, float* out) const {
  if (const auto index = find(word)) {
    std::copy_n(unit_row(*index), dim_, out);
    return true;
  }
  if (subwords_ == nullptr || !subwords_->ngram_vector(word, out)) return false;
  normalize_in_place(out, dim_);
  return true;
}

void VectorIndex::require_vector(std::string_view word) const {
  const auto row = find(word);
  if (!row && !from_subwords(word)) index_of(word);  // throws with close spellings
  std::vector<float> built;
  if (!row) {
    built.resize(static_cast<size_t>(dim_));
    unit_vector(word, built.data());
  }
  if (is_zero(row ? unit_row(*row) : built.data(), dim_)) {
    throw QueryError(quoted(word) + " has a zero vector, which has no direction to compare with");
  }
}

void VectorIndex::query_vector(const QueryTerm& term, float* out,
                               std::vector<int64_t>& excluded) const {
  if (!term.vector.empty()) {
    if (static_cast<int64_t>(term.vector.size()) != dim_) {
      throw QueryError("a query vector must have " + std::to_string(dim_) + " values, got " +
                       std::to_string(term.vector.size()));
    }
    std::copy(term.vector.begin(), term.vector.end(), out);
    return;
  }
  require_vector(term.word);
  unit_vector(term.word, out);
  if (const auto index = find(term.word)) excluded.push_back(*index);
}

float VectorIndex::cosine(int64_t a, int64_t b) const {
  return dot(unit_row(a), unit_row(b), dim_);
}

void VectorIndex::dot_block(const KernelTable& table, const float* query, int64_t first,
                            int64_t cols, float* out) const {
  const float* rows[kGradCols];
  for (int64_t j = 0; j < cols; ++j) rows[j] = unit_row(first + j);
  table.dot_rows(dim_, 1, cols, &query, rows, out, kGradCols);
}

void VectorIndex::dot_rows(const float* query, int64_t rows, float* scores) const {
  const KernelTable& table = kernels();
  parallel_for(rows, threads_, min_rows_per_thread(dim_), [&](int64_t begin, int64_t end) {
    for (int64_t first = begin; first < end; first += kGradCols) {
      dot_block(table, query, first, std::min<int64_t>(kGradCols, end - first), scores + first);
    }
  });
}

int64_t VectorIndex::candidate_count(int64_t restrict_to) const {
  if (restrict_to < 0) {
    throw std::invalid_argument("restrict must be >= 0 (0: whole vocabulary), got " +
                                std::to_string(restrict_to));
  }
  return restrict_to == 0 ? size() : std::min(restrict_to, size());
}

int64_t VectorIndex::kept_for(int64_t& k, int64_t rows, std::vector<int64_t>& excluded) const {
  if (k < 0) throw std::invalid_argument("k must be >= 0, got " + std::to_string(k));
  // More than every candidate is every candidate; the clamps also keep k + |excluded| from
  // overflowing and TopK from reserving for more than there is. A repl line can repeat a
  // word many times over, so the query rows are kept once each.
  k = std::min(k, rows);
  std::sort(excluded.begin(), excluded.end());
  excluded.erase(std::unique(excluded.begin(), excluded.end()), excluded.end());
  // Keep k + |excluded| and drop the query words afterwards, as gensim does: the scan
  // itself stays free of per-row membership tests.
  return std::min(rows, k + static_cast<int64_t>(excluded.size()));
}

std::vector<Neighbor> VectorIndex::first_not_excluded(TopK& best, int64_t k,
                                                      const std::vector<int64_t>& excluded) const {
  std::vector<Neighbor> result;
  for (const ScoredIndex& candidate : best.take_sorted()) {
    if (static_cast<int64_t>(result.size()) == k) break;
    if (std::binary_search(excluded.begin(), excluded.end(), candidate.index)) continue;
    result.push_back({candidate.index, word(candidate.index), candidate.score});
  }
  return result;
}

std::vector<Neighbor> VectorIndex::best_excluding(const std::vector<float>& scores, int64_t k,
                                                  std::vector<int64_t> excluded) const {
  const int64_t rows = static_cast<int64_t>(scores.size());
  TopK best(kept_for(k, rows, excluded));
  for (int64_t i = 0; i < rows; ++i) best.offer(i, scores[i]);
  return first_not_excluded(best, k, excluded);
}

std::vector<Neighbor> VectorIndex::nearest(const float* query, int64_t k, int64_t restrict_to,
                                           std::vector<int64_t> excluded) const {
  const int64_t rows = candidate_count(restrict_to);
  const int64_t kept = kept_for(k, rows, excluded);
  const KernelTable& table = kernels();
  // Each chunk keeps its own best as it scans, skipping what cannot enter them; the chunks'
  // best are merged after. TopK orders by score, then index, so the merge keeps what one
  // pass over every row would, however the rows were split.
  TopK best(kept);
  std::mutex merging;
  parallel_for(rows, threads_, min_rows_per_thread(dim_), [&](int64_t begin, int64_t end) {
    TopK chunk_best(kept);
    float scores[kGradCols];
    for (int64_t first = begin; first < end; first += kGradCols) {
      const int64_t cols = std::min<int64_t>(kGradCols, end - first);
      dot_block(table, query, first, cols, scores);
      const float floor = chunk_best.floor();
      for (int64_t j = 0; j < cols; ++j) {
        if (scores[j] > floor) chunk_best.offer(first + j, scores[j]);
      }
    }
    const std::lock_guard lock(merging);
    for (const ScoredIndex& candidate : chunk_best.take_sorted()) {
      best.offer(candidate.index, candidate.score);
    }
  });
  return first_not_excluded(best, k, excluded);
}

namespace {

// Query words as terms, each of `weight`.
std::vector<QueryTerm> word_terms(const std::vector<std::string>& words, float weight) {
  std::vector<QueryTerm> terms;
  for (const std::string& word : words) terms.push_back({word, {}, weight});
  return terms;
}

}  // namespace

std::vector<float> VectorIndex::query_direction(const std::vector<QueryTerm>& terms,
                                                std::vector<int64_t>& excluded) const {
  if (terms.empty()) throw std::invalid_argument("most_similar needs at least one query word");
  std::vector<float> query(static_cast<size_t>(dim_), 0.0f), vector(query.size());  // (dim)
  double lengths = 0;
  for (const QueryTerm& term : terms) {
    query_vector(term, vector.data(), excluded);
    for (int64_t d = 0; d < dim_; ++d) query[d] += term.weight * vector[d];
    lengths += std::abs(term.weight) * std::sqrt(dot(vector.data(), vector.data(), dim_));
  }
  // gensim divides by the total weight before normalising; the direction is the same.
  if (!normalize_sum(query.data(), dim_, lengths)) {
    throw QueryError("the query words' vectors cancel out to zero, which has no direction");
  }
  return query;
}

std::vector<Neighbor> VectorIndex::most_similar(const std::vector<std::string>& positive,
                                                const std::vector<std::string>& negative, int64_t k,
                                                int64_t restrict_to) const {
  std::vector<QueryTerm> terms = word_terms(positive, 1.0f);
  for (QueryTerm& term : word_terms(negative, -1.0f)) terms.push_back(std::move(term));
  std::vector<int64_t> excluded;
  const std::vector<float> query = query_direction(terms, excluded);
  return nearest(query.data(), k, restrict_to, std::move(excluded));
}

std::vector<float> VectorIndex::cosmul_scores(const std::vector<QueryTerm>& positive,
                                              const std::vector<QueryTerm>& negative,
                                              int64_t restrict_to,
                                              std::vector<int64_t>& excluded) const {
  if (positive.empty()) {
    throw std::invalid_argument("most_similar_cosmul needs at least one positive word");
  }
  const int64_t rows = candidate_count(restrict_to);
  for (const std::vector<QueryTerm>* terms : {&positive, &negative}) {
    for (const QueryTerm& term : *terms) {  // all known before any scan
      if (term.vector.empty()) require_vector(term.word);
    }
  }
  // numerator, denominator: (rows); one scan per query term, each cosine shifted to [0, 1].
  std::vector<float> numerator(static_cast<size_t>(rows), 1.0f);
  std::vector<float> denominator(static_cast<size_t>(rows), 1.0f);
  std::vector<float> cosines(static_cast<size_t>(rows)), vector(static_cast<size_t>(dim_));
  for (const std::vector<QueryTerm>* terms : {&positive, &negative}) {
    std::vector<float>& product = terms == &positive ? numerator : denominator;
    for (const QueryTerm& term : *terms) {
      query_vector(term, vector.data(), excluded);
      dot_rows(vector.data(), rows, cosines.data());
      for (int64_t i = 0; i < rows; ++i) product[i] *= (1.0f + cosines[i]) * 0.5f;
    }
  }
  // With no negative words the denominator is the empty product 1, as in numpy.
  for (int64_t i = 0; i < rows; ++i) numerator[i] /= denominator[i] + 1e-6f;
  return numerator;
}

std::vector<Neighbor> VectorIndex::most_similar_cosmul(const std::vector<std::string>& positive,
                                                       const std::vector<std::string>& negative,
                                                       int64_t k, int64_t restrict_to) const {
  std::vector<int64_t> excluded;
  const std::vector<float> scores =
      cosmul_scores(word_terms(positive, 1.0f), word_terms(negative, 1.0f), restrict_to, excluded);
  return best_excluding(scores, k, std::move(excluded));
}

std::vector<Neighbor> VectorIndex::analogy(const std::string& a, const std::string& b,
                                           const std::string& c, int64_t k, AnalogyMethod method,
                                           int64_t restrict_to) const {
  if (method == AnalogyMethod::Mul) return most_similar_cosmul({b, c}, {a}, k, restrict_to);
  return most_similar({b, c}, {a}, k, restrict_to);
}

}  // namespace gv::tools
