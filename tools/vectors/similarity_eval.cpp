#include "tools/vectors/similarity_eval.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <stdexcept>

#include "tools/vectors/eval_words.h"
#include "tools/vectors/text_file.h"
#include "tools/vectors/vector_source.h"

namespace gv::tools {
namespace {

// A finite number spanning the whole field, or nothing.
bool parse_score(std::string_view field, double* value) {
  const std::string text(field);
  char* end = nullptr;
  errno = 0;
  *value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && errno == 0 && std::isfinite(*value);
}

}  // namespace

std::vector<SimilarityPair> parse_similarity_pairs(std::istream& in, const std::string& source) {
  std::vector<SimilarityPair> pairs;
  LineReader reader(in, source);
  std::string line;
  while (reader.next(line)) {
    const std::string_view content = trim_whitespace(line);
    if (content.empty() || content[0] == '#') continue;
    const std::vector<std::string_view> fields = split_fields(content);
    if (fields.size() != 3) {
      throw std::runtime_error(reader.where() + "expected 'word1 word2 score', got " +
                               std::to_string(fields.size()) + " fields");
    }
    double score = 0;
    if (!parse_score(fields[2], &score)) {
      throw std::runtime_error(reader.where() + "score " + quoted(fields[2]) + " is not a number");
    }
    pairs.push_back({std::string(fields[0]), std::string(fields[1]), score, reader.line_number()});
  }
  return pairs;
}

std::vector<SimilarityPair> read_similarity_pairs(const std::string& path) {
  const std::unique_ptr<std::istream> in = open_text_file(path, "word pairs file");
  return parse_similarity_pairs(*in, path);
}

std::vector<double> average_ranks(const std::vector<double>& values) {
  const size_t n = values.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t i, size_t j) { return values[i] < values[j]; });
  std::vector<double> ranks(n);
  for (size_t start = 0; start < n;) {
    size_t end = start + 1;  // [start, end): one run of equal values
    while (end < n && values[order[end]] == values[order[start]]) ++end;
    const double shared = (static_cast<double>(start + 1) + static_cast<double>(end)) / 2;
    for (size_t i = start; i < end; ++i) ranks[order[i]] = shared;
    start = end;
  }
  return ranks;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size()) {
    throw std::invalid_argument("correlation: " + std::to_string(x.size()) + " vs " +
                                std::to_string(y.size()) + " values");
  }
  if (x.size() < 2) {
    throw std::invalid_argument("correlation: needs at least 2 pairs, got " +
                                std::to_string(x.size()));
  }
  const auto n = static_cast<double>(x.size());
  const double mean_x = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double mean_y = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mean_x) * (y[i] - mean_y);
    sxx += (x[i] - mean_x) * (x[i] - mean_x);
    syy += (y[i] - mean_y) * (y[i] - mean_y);
  }
  if (sxx == 0 || syy == 0) {
    throw std::invalid_argument("correlation: undefined when all values on one side are equal");
  }
  // Within [-1, 1] as a correlation is, where rounding could leave it a hair outside.
  return std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
}

double spearman(const std::vector<double>& x, const std::vector<double>& y) {
  return pearson(average_ranks(x), average_ranks(y));
}

SimilarityEvalResult evaluate_similarity(const VectorIndex& index,
                                         const std::vector<SimilarityPair>& pairs,
                                         const std::string& source, int64_t restrict_to,
                                         bool case_insensitive) {
  EvalWords vocabulary(index, restrict_to, case_insensitive);
  SimilarityEvalResult result;
  result.subwords = vocabulary.has_subwords();
  std::vector<double> human, cosine;
  for (const SimilarityPair& pair : pairs) {
    const float *a = vocabulary.unit_vector(pair.a), *b = vocabulary.unit_vector(pair.b);
    if (a == nullptr || b == nullptr) {
      ++result.pairs_skipped;
    } else if (is_zero(a, index.dim()) || is_zero(b, index.dim())) {
      ++result.zero_vector;
    } else {
      human.push_back(pair.human_score);
      cosine.push_back(dot(a, b, index.dim()));
      result.outside_vocabulary += !vocabulary.find(pair.a) || !vocabulary.find(pair.b);
    }
  }
  result.pairs_used = static_cast<int64_t>(human.size());
  if (result.pairs_used < 2) {
    throw std::invalid_argument(
        source + ": only " + std::to_string(result.pairs_used) + " of " +
        std::to_string(pairs.size()) + " pairs have both words in the vocabulary" +
        (result.zero_vector > 0 ? " and neither vector zero" : "") + "; need at least 2");
  }
  // spearman() would refuse these too, but only the caller knows what the values are.
  const auto constant = [](const std::vector<double>& values) {
    return std::adjacent_find(values.begin(), values.end(), std::not_equal_to<>()) == values.end();
  };
  if (constant(human) || constant(cosine)) {
    throw std::invalid_argument(
        source + ": the " + std::to_string(result.pairs_used) + " pairs used all have the same " +
        (constant(human) ? "human score" : "cosine") + ", so their rank correlation is undefined");
  }
  result.spearman = spearman(human, cosine);
  result.pearson = pearson(human, cosine);
  return result;
}

std::string format_similarity_report(const SimilarityEvalResult& result) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "spearman: %.4f (%lld pairs, %lld skipped", result.spearman,
                static_cast<long long>(result.pairs_used),
                static_cast<long long>(result.pairs_skipped));
  std::string report = buffer;
  if (result.zero_vector > 0) {
    report += ", " + std::to_string(result.zero_vector) + " left out for a zero vector";
  }
  if (result.subwords) {
    report += ", " + std::to_string(result.outside_vocabulary) + " with a word from subwords";
  }
  return report + ")\n";
}

}  // namespace gv::tools
