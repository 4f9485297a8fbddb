#include "text/vocabulary.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <stdexcept>

#include "autograd/require.h"
#include "io/atomic_file.h"
#include "io/count_limit.h"
#include "io/gunzip_reader.h"
#include "io/input_file.h"
#include "io/line_reader.h"
#include "io/printable.h"
#include "io/word_bytes.h"

namespace gv {

namespace {

// A line quoted in an error message, cut short (quoted_input) so that a binary file cannot
// flood the terminal, and its control bytes escaped so that they cannot drive it.
std::string excerpt(std::string_view line) {
  return "'" + quoted_input(line) + "'";
}

// Splits on runs of spaces and tabs; words never contain either.
std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t pos = 0;
  while (true) {
    pos = line.find_first_not_of(" \t", pos);
    if (pos == std::string_view::npos) return fields;
    const size_t end = std::min(line.find_first_of(" \t", pos), line.size());
    fields.push_back(line.substr(pos, end - pos));
    pos = end;
  }
}

}  // namespace

Vocabulary Vocabulary::build(const WordCounts& counts, int64_t min_count, int64_t max_size) {
  if (min_count < 1) {
    throw std::invalid_argument("Vocabulary: min_count must be at least 1, got " +
                                std::to_string(min_count));
  }
  if (max_size < 0) {
    throw std::invalid_argument("Vocabulary: max_size must be 0 (no limit) or positive, got " +
                                std::to_string(max_size));
  }
  std::vector<WordCounts::Entry> kept;
  int64_t highest_count = 0;
  for (const WordCounts::Entry entry : counts) {
    highest_count = std::max(highest_count, entry.seen.count);
    if (entry.seen.count >= min_count) kept.push_back(entry);
  }
  if (kept.empty()) {
    throw std::runtime_error(
        "Vocabulary: no word occurs at least " + std::to_string(min_count) + " times (" +
        std::to_string(counts.size()) + " distinct words, the most frequent occurs " +
        std::to_string(highest_count) + " times); lower min_count or use a larger corpus");
  }
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
    const auto& [word_a, seen_a] = a;
    const auto& [word_b, seen_b] = b;
    if (seen_a.count != seen_b.count) return seen_a.count > seen_b.count;
    if (seen_a.first != seen_b.first) return seen_a.first < seen_b.first;
    return word_a < word_b;
  });
  if (max_size > 0 && static_cast<int64_t>(kept.size()) > max_size) kept.resize(max_size);

  Vocabulary vocab;
  vocab.words_.reserve(kept.size());
  vocab.counts_.reserve(kept.size());
  for (const auto& [word, seen] : kept) {
    const int64_t count = seen.count;
    vocab.words_.emplace_back(word);
    vocab.counts_.push_back(count);
    // Counted input cannot reach this, but the sum of a model's counts and a corpus's can.
    if (!count_fits(count, vocab.total_count_)) {
      throw std::runtime_error("Vocabulary: the counts add up to more than 2^44 (" +
                               std::to_string(kMaxTotalCount) + ") tokens");
    }
    vocab.total_count_ += count;
  }
  vocab.index_ = WordIndex(vocab.words_);
  return vocab;
}

Vocabulary Vocabulary::load(const std::string& path, int64_t min_count, int64_t max_size) {
  std::ifstream in;
  open_regular_file(path, "vocabulary", in);
  refuse_gzip_file(in, path, "vocabulary file");
  LineReader lines(in, path);  // bounds a line: /dev/zero or a binary file is no vocabulary
  WordCounts counts;
  int64_t total = 0;
  for (std::string line; lines.next(line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::vector<std::string_view> fields = split_fields(line);
    if (fields.empty()) continue;
    if (fields.size() != 2) {
      throw std::runtime_error(lines.where() + "expected 'word count', got " + excerpt(line));
    }
    // The words a trainer writes end at a blank, as here: the rule of binary vector files.
    if (const std::string why = word_problem(fields[0], /*blanks_in_words=*/false); !why.empty()) {
      throw std::runtime_error(lines.where() + "the word " + excerpt(fields[0]) + " " + why);
    }
    int64_t count = 0;
    const char* end = fields[1].data() + fields[1].size();
    const auto [parsed_end, error] = std::from_chars(fields[1].data(), end, count);
    if (error != std::errc() || parsed_end != end || count < 1) {
      throw std::runtime_error(lines.where() + "count must be a positive integer, got " +
                               excerpt(fields[1]));
    }
    // Every line's, those under min_count too: the file's counts, not only the kept ones.
    if (!count_fits(count, total)) {
      throw std::runtime_error(lines.where() + "count " +
                               must_be(count_requirement(total), excerpt(fields[1])));
    }
    total += count;
    // The line's place among the words makes ties keep the file's order.
    if (!counts.insert(fields[0], {count, counts.size()})) {
      throw std::runtime_error(lines.where() + "duplicate word " + excerpt(fields[0]));
    }
  }
  if (counts.empty()) throw std::runtime_error(path + ": no words (expected 'word count' lines)");
  try {
    return build(counts, min_count, max_size);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

void Vocabulary::save(const std::string& path) const {
  write_file_atomically(path, [this](std::ostream& out) {
    for (int64_t id = 0; id < size(); ++id) out << words_[id] << ' ' << counts_[id] << '\n';
  });
}

int64_t Vocabulary::id(std::string_view word) const {
  const int64_t id = index_.find(word, words_);
  return id < 0 ? kUnknown : id;
}

void Vocabulary::ids(std::span<const std::string_view> words, std::span<int64_t> ids) const {
  static_assert(kUnknown == -1, "WordIndex marks an absent word -1, which must be kUnknown");
  index_.find(words, words_, ids);
}

const std::string& Vocabulary::word(int64_t id) const {
  check_id(id);
  return words_[id];
}

int64_t Vocabulary::count(int64_t id) const {
  check_id(id);
  return counts_[id];
}

void Vocabulary::check_id(int64_t id) const {
  if (id < 0 || id >= size()) {
    throw std::out_of_range("Vocabulary: id " + std::to_string(id) + " is out of range for " +
                            std::to_string(size()) + " words");
  }
}

}  // namespace gv
