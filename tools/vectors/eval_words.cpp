#include "tools/vectors/eval_words.h"

#include <algorithm>
#include <stdexcept>

namespace gv::tools {

std::string ascii_upper(std::string_view word) {
  std::string upper(word);
  for (char& c : upper) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return upper;
}

EvalWords::EvalWords(const VectorIndex& index, int64_t restrict_to, bool case_insensitive)
    : index_(index), case_insensitive_(case_insensitive) {
  if (restrict_to < 0) {
    throw std::invalid_argument("restrict must be >= 0 (0: whole vocabulary), got " +
                                std::to_string(restrict_to));
  }
  size_ = restrict_to == 0 ? index.size() : std::min(restrict_to, index.size());
  row_by_key_.reserve(static_cast<size_t>(size_));
  // emplace keeps an existing entry, so the first (most frequent) spelling of a key wins.
  for (int64_t i = 0; i < size_; ++i) row_by_key_.emplace(key(index.word(i)), i);
}

std::string EvalWords::key(std::string_view word) const {
  return case_insensitive_ ? ascii_upper(word) : std::string(word);
}

std::optional<int64_t> EvalWords::find(std::string_view word) const {
  const auto it = row_by_key_.find(key(word));
  if (it == row_by_key_.end()) return std::nullopt;
  return it->second;
}

const float* EvalWords::unit_vector(std::string_view word) {
  if (const auto row = find(word)) return index_.unit_row(*row);
  if (!has_subwords()) return nullptr;
  const auto [cached, inserted] = outside_by_word_.try_emplace(std::string(word), nullptr);
  if (!inserted) return cached->second;
  std::vector<float> vector(static_cast<size_t>(index_.dim()));
  if (!index_.unit_vector(word, vector.data())) return nullptr;
  cached->second = outside_vectors_.emplace_back(std::move(vector)).data();
  return cached->second;
}

}  // namespace gv::tools
