#include "text/corpus/corpus_reader.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <optional>
#include <stdexcept>

#include "autograd/machine.h"
#include "text/corpus/sentence_cache.h"

namespace gv {

namespace {

// The first offset b in (from, limit] whose preceding byte satisfies is_boundary or which starts
// a file, or -1. `from` < corpus.size(). Only the file holding `from` is read: its end is a
// boundary.
template <class IsBoundary>
int64_t find_boundary(const Corpus& corpus, int64_t from, int64_t limit, IsBoundary is_boundary) {
  constexpr int64_t kBlockBytes = 64 * 1024;
  char block[kBlockBytes];
  const size_t index = corpus.file_at(from);
  const int64_t file_end = corpus.end(index);
  std::ifstream file;
  open_corpus(corpus.path(index), file);
  file.seekg(from - corpus.start(index));
  for (int64_t offset = from; offset < std::min(limit, file_end);) {
    const int64_t n = std::min(kBlockBytes, std::min(limit, file_end) - offset);
    if (!file.read(block, n)) return -1;  // the file shrank: no boundary to be found
    for (int64_t i = 0; i < n; ++i) {
      if (is_boundary(block[i])) return offset + i + 1;
    }
    offset += n;
  }
  // A file's end starts the next file; the corpus's end starts nothing, so it is no boundary.
  return file_end <= limit && file_end < corpus.size() ? file_end : -1;
}

// Where split_corpus cuts near `target`: see its comment in the header.
int64_t cut_at_or_after(const Corpus& corpus, int64_t target) {
  constexpr int64_t kLineSearchBytes = int64_t{1} << 20;
  const int64_t size = corpus.size();
  if (target == 0) return 0;
  const int64_t line_start =
      find_boundary(corpus, target - 1, std::min(size, target + kLineSearchBytes),
                    [](char c) { return c == '\n'; });
  if (line_start >= 0) return line_start;
  const int64_t word_start = find_boundary(corpus, target - 1, size, [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  });
  return word_start >= 0 ? word_start : size;
}

}  // namespace

CorpusReader::CorpusReader(Corpus corpus, TokenizerOptions options, int64_t chunk_bytes)
    : corpus_(std::move(corpus)),
      file_index_(corpus_.file_count()),
      chunk_bytes_(chunk_bytes),
      tokenizer_(options) {
  if (chunk_bytes < 1) {
    throw std::invalid_argument("CorpusReader: chunk_bytes must be positive, got " +
                                std::to_string(chunk_bytes));
  }
  set_range({0, corpus_.size()});
}

void CorpusReader::set_range(ByteRange range) {
  if (range.begin < 0 || range.begin > range.end || range.end > corpus_.size()) {
    throw std::out_of_range("CorpusReader: range [" + std::to_string(range.begin) + ", " +
                            std::to_string(range.end) + ") is not within " + corpus_.name() + " (" +
                            std::to_string(corpus_.size()) + " bytes)");
  }
  range_ = range;
  rewind();
}

void CorpusReader::rewind() {
  restart_at(range_.begin);
}

void CorpusReader::restart_at(int64_t byte_offset) {
  const size_t index = corpus_.file_at(byte_offset);
  if (index != file_index_) {
    file_.close();
    file_index_ = index;
    // The path was checked when the corpus was made; this names it again if it has gone since.
    if (index < corpus_.file_count()) open_corpus(corpus_.path(index), file_);
  }
  stretch_end_ = byte_offset;
  if (index < corpus_.file_count()) {
    file_.clear();
    file_.seekg(byte_offset - corpus_.start(index));
    stretch_end_ = std::min(range_.end, corpus_.end(index));
  }
  tokenizer_.reset();
  buffer_offset_ = byte_offset;
  read_offset_ = byte_offset;
  input_finished_ = false;
  position_ = {byte_offset, 0};
}

void CorpusReader::seek(const CorpusPosition& position) {
  const int64_t offset = position.byte_offset;
  const std::string where =
      "CorpusReader: resume offset " + std::to_string(offset) + " of " + corpus_.name();
  if (offset < range_.begin || offset > range_.end || position.sentences_after < 0) {
    throw std::out_of_range(where + " (with " + std::to_string(position.sentences_after) +
                            " sentences after it) is not within the range [" +
                            std::to_string(range_.begin) + ", " + std::to_string(range_.end) + ")");
  }
  restart_at(offset);
  if (offset != range_.begin && offset != range_.end && !corpus_.is_file_boundary(offset)) {
    // Not a file's first byte, so the byte before it is in the same file.
    char previous = 0;
    file_.seekg(offset - corpus_.start(file_index_) - 1);
    if (!file_.get(previous) || previous != '\n') {
      throw std::invalid_argument(where + " is not at a line start");
    }
    restart_at(offset);
  }
  for (int64_t skipped = 0; skipped < position.sentences_after; ++skipped) {
    if (!next_token_sentence([](std::string_view) {})) {
      throw std::out_of_range(where + ": the range ends " + std::to_string(skipped) +
                              " sentences after it, not " +
                              std::to_string(position.sentences_after));
    }
  }
}

bool CorpusReader::next_sentence(const Vocabulary& vocab, std::vector<int64_t>& ids) {
  while (next_sentence_words()) {
    ids.resize(sentence_words_.size());
    vocab.ids(sentence_words_, ids);
    std::erase(ids, Vocabulary::kUnknown);
    if (!ids.empty()) return true;
  }
  ids.clear();
  return false;
}

void CorpusReader::count_words(WordCounts& counts, SentenceCache* sentences,
                               std::atomic<bool>* pruned) {
  const std::string doing = "counting " + corpus_.name();
  while (next_counted_sentence(counts)) {
    throw_if_input_pass_stopped(doing);
    if (sentences != nullptr) sentences->add(word_indices_, position_);
    if (pruned == nullptr) continue;
    if (counts.dropped_up_to() > 0) pruned->store(true, std::memory_order_relaxed);
    if (pruned->load(std::memory_order_relaxed)) return;
  }
}

bool CorpusReader::next_counted_sentence(WordCounts& counts) {
  word_indices_.clear();
  if (counts.batches_pay()) {
    if (!next_sentence_words()) return false;
    word_indices_.resize(sentence_words_.size());
    counts.count(sentence_words_, word_indices_);
    return true;
  }
  return next_token_sentence(
      [&](std::string_view token) { word_indices_.push_back(counts.count(token)); });
}

bool CorpusReader::next_sentence_words() {
  sentence_bytes_.clear();
  sentence_ends_.clear();
  const auto add = [&](std::string_view token) {
    sentence_bytes_ += token;
    sentence_ends_.push_back(sentence_bytes_.size());
  };
  if (!next_token_sentence(add)) return false;
  sentence_words_.clear();
  for (size_t t = 0, begin = 0; t < sentence_ends_.size(); begin = sentence_ends_[t++]) {
    sentence_words_.emplace_back(sentence_bytes_.data() + begin, sentence_ends_[t] - begin);
  }
  return true;
}

template <class OnToken>
bool CorpusReader::next_token_sentence(OnToken&& on_token) {
  int64_t tokens = 0;
  while (true) {
    switch (tokenizer_.next()) {
      case Tokenizer::Event::kToken:
        on_token(tokenizer_.token());
        if (++tokens == kMaxSentenceTokens) {
          ++position_.sentences_after;
          return true;
        }
        break;
      case Tokenizer::Event::kSentenceEnd:
        // Just past a newline (or at the range's end) nothing carries over: a resume point.
        position_ = {buffer_offset_ + static_cast<int64_t>(tokenizer_.consumed_bytes()), 0};
        if (tokens > 0) return true;
        break;  // the cap already returned this line's tokens
      case Tokenizer::Event::kNeedInput:
        // The end of input always ends the sentence first, so no token is pending here.
        if (!refill()) return false;
        break;
    }
  }
}

bool CorpusReader::refill() {
  if (read_offset_ < stretch_end_) {
    const int64_t n = std::min(chunk_bytes_, stretch_end_ - read_offset_);
    buffer_.resize(static_cast<size_t>(n));  // keeps its capacity: no allocation after the first
    if (!file_.read(buffer_.data(), n)) {
      throw std::runtime_error("cannot read " + corpus_.file_name(file_index_) + " at byte " +
                               std::to_string(read_offset_ - corpus_.start(file_index_)) +
                               " (was it truncated while being read?)");
    }
    buffer_offset_ = read_offset_;
    read_offset_ += n;
    tokenizer_.feed({buffer_.data(), buffer_.size()});
    return true;
  }
  if (!input_finished_) {
    // A file's end ends its last sentence, as the range's end does.
    input_finished_ = true;
    tokenizer_.finish();
    return true;
  }
  if (stretch_end_ == range_.end) return false;
  restart_at(stretch_end_);  // the next file, in the same range
  return true;
}

std::vector<ByteRange> split_corpus(const Corpus& corpus, int64_t parts) {
  return split_corpus(corpus, parts, {0, corpus.size()});
}

std::vector<ByteRange> split_corpus(const Corpus& corpus, int64_t parts, ByteRange within) {
  if (parts < 1) {
    throw std::invalid_argument("split_corpus: parts must be positive, got " +
                                std::to_string(parts));
  }
  const int64_t size = within.end - within.begin;
  std::vector<ByteRange> ranges;
  int64_t begin = within.begin;
  for (int64_t part = 1; part <= parts; ++part) {
    // size * part / parts without overflow, for files of any size.
    const auto target =
        within.begin + static_cast<int64_t>(static_cast<__int128>(size) * part / parts);
    const int64_t end =
        part == parts ? within.end
                      : std::min(within.end, std::max(begin, cut_at_or_after(corpus, target)));
    ranges.push_back({begin, end});
    begin = end;
  }
  return ranges;
}

void read_ranges_in_parallel(const Corpus& corpus, const TokenizerOptions& options,
                             std::span<const ByteRange> ranges,
                             const std::function<void(size_t, CorpusReader&)>& read) {
  run_on_threads(static_cast<int>(ranges.size()), [&](int t) {
    CorpusReader reader(corpus, options);
    reader.set_range(ranges[static_cast<size_t>(t)]);
    read(static_cast<size_t>(t), reader);
  });
}

namespace {

// Counts `ranges` one after another on this thread into one table of `limit` words, each range
// recording into its cache: the tokens come in the corpus's order, so this is one pass over the
// whole corpus, and the caches hold the table's own indices.
WordCounts count_in_order(const Corpus& corpus, const TokenizerOptions& options,
                          std::span<const ByteRange> ranges, int64_t limit,
                          std::vector<SentenceCache>* sentences) {
  WordCounts counts(limit);
  CorpusReader reader(corpus, options);
  for (size_t t = 0; t < ranges.size(); ++t) {
    reader.set_range(ranges[t]);
    reader.count_words(counts, sentences ? &(*sentences)[t] : nullptr);
  }
  if (sentences && counts.dropped_up_to() > 0) {
    for (SentenceCache& cache : *sentences) cache.give_up();
  }
  return counts;
}

// Counts the slices on a thread each, then merges their tables in corpus order into one, which
// is then what count_in_order gives: the tokens are the same and none was dropped. Returns
// nullopt as soon as a slice's table or the merged one has to drop words, for a prune depends
// on every word before it.
std::optional<WordCounts> count_in_parallel(const Corpus& corpus, const TokenizerOptions& options,
                                            std::span<const ByteRange> ranges, int64_t limit,
                                            std::vector<SentenceCache>* sentences) {
  // An equal share of the limit each, so the slices together hold no more than one table would.
  const auto threads = static_cast<int64_t>(ranges.size());
  const int64_t share =
      limit == WordCounts::kNoLimit ? limit : std::max<int64_t>(1, limit / threads);
  std::vector<WordCounts> partial(ranges.size(), WordCounts(share));
  std::atomic<bool> pruned = false;
  read_ranges_in_parallel(corpus, options, ranges, [&](size_t t, CorpusReader& reader) {
    reader.count_words(partial[t], sentences ? &(*sentences)[t] : nullptr, &pruned);
  });
  if (pruned) return std::nullopt;
  // A slice's token indices move on by the tokens before it, so `first` is the whole corpus's
  // index, and its cache's words are renumbered as the merged table's.
  WordCounts counts(limit);
  std::vector<int32_t> merged_index;
  for (size_t t = 0; t < partial.size(); ++t) {
    merged_index.resize(sentences ? static_cast<size_t>(partial[t].size()) : 0);
    counts.merge(partial[t], merged_index);
    if (counts.dropped_up_to() > 0) return std::nullopt;
    if (sentences) (*sentences)[t].map(merged_index);
    partial[t] = WordCounts();  // its memory goes before the next slice grows the total
  }
  return counts;
}

}  // namespace

WordCounts count_words(const Corpus& corpus, const TokenizerOptions& options, int threads,
                       int64_t limit, std::vector<SentenceCache>* sentences, int64_t cache_bytes) {
  const std::vector<ByteRange> ranges =
      threads <= 1 ? std::vector<ByteRange>{{0, corpus.size()}} : split_corpus(corpus, threads);
  const auto start_caches = [&] {
    if (sentences == nullptr) return;
    sentences->clear();
    const auto share = cache_bytes / static_cast<int64_t>(ranges.size());
    for (const ByteRange& range : ranges) sentences->emplace_back(range, share);
  };
  start_caches();
  if (ranges.size() > 1) {
    if (std::optional<WordCounts> counts =
            count_in_parallel(corpus, options, ranges, limit, sentences)) {
      return std::move(*counts);
    }
    start_caches();  // what the abandoned pass recorded
  }
  return count_in_order(corpus, options, ranges, limit, sentences);
}

}  // namespace gv
