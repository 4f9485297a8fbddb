#include "word2vec/corpus_reader.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <stdexcept>

#include "autograd/machine.h"

namespace gv {

namespace {

// What a path that is not a regular file is, for the message that refuses it.
const char* file_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

}  // namespace

int64_t open_corpus(const std::string& path, std::ifstream& file) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) throw std::runtime_error(path + ": corpus not found");
    throw std::runtime_error(path + ": cannot read corpus: " + std::strerror(errno));
  }
  if (S_ISDIR(info.st_mode)) throw std::runtime_error(path + ": corpus is a directory, not a file");
  // Training reads a corpus once to count its words and again every epoch, from several
  // threads at once: a stream (a FIFO, a terminal, /dev/stdin) cannot be read so.
  if (!S_ISREG(info.st_mode)) {
    throw std::runtime_error(path + ": corpus is " + file_kind(info.st_mode) +
                             ", not a regular file (a corpus is read more than once)");
  }
  file.open(path, std::ios::binary);
  if (!file) throw std::runtime_error(path + ": cannot open corpus: " + std::strerror(errno));
  return static_cast<int64_t>(info.st_size);
}

namespace {

// The first offset b in (from, limit] whose preceding byte satisfies is_boundary, or -1.
template <class IsBoundary>
int64_t find_boundary(std::ifstream& file, int64_t from, int64_t limit, IsBoundary is_boundary) {
  constexpr int64_t kBlockBytes = 64 * 1024;
  char block[kBlockBytes];
  file.clear();
  file.seekg(from);
  for (int64_t offset = from; offset < limit;) {
    const int64_t n = std::min(kBlockBytes, limit - offset);
    if (!file.read(block, n)) return -1;  // the file shrank: no boundary to be found
    for (int64_t i = 0; i < n; ++i) {
      if (is_boundary(block[i])) return offset + i + 1;
    }
    offset += n;
  }
  return -1;
}

// Where split_corpus cuts near `target`: see its comment in the header.
int64_t cut_at_or_after(std::ifstream& file, int64_t target, int64_t size) {
  constexpr int64_t kLineSearchBytes = int64_t{1} << 20;
  if (target == 0) return 0;
  const int64_t line_start =
      find_boundary(file, target - 1, std::min(size, target + kLineSearchBytes),
                    [](char c) { return c == '\n'; });
  if (line_start >= 0) return line_start;
  const int64_t word_start = find_boundary(file, target - 1, size, [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  });
  return word_start >= 0 ? word_start : size;
}

}  // namespace

CorpusReader::CorpusReader(const std::string& path, TokenizerOptions options, int64_t chunk_bytes)
    : path_(path), chunk_bytes_(chunk_bytes), tokenizer_(options) {
  if (chunk_bytes < 1) {
    throw std::invalid_argument("CorpusReader: chunk_bytes must be positive, got " +
                                std::to_string(chunk_bytes));
  }
  file_size_ = open_corpus(path, file_);
  set_range({0, file_size_});
}

void CorpusReader::set_range(ByteRange range) {
  if (range.begin < 0 || range.begin > range.end || range.end > file_size_) {
    throw std::out_of_range("CorpusReader: range [" + std::to_string(range.begin) + ", " +
                            std::to_string(range.end) + ") is not within " + path_ + " (" +
                            std::to_string(file_size_) + " bytes)");
  }
  range_ = range;
  rewind();
}

void CorpusReader::rewind() {
  restart_at(range_.begin);
}

void CorpusReader::restart_at(int64_t byte_offset) {
  file_.clear();
  file_.seekg(byte_offset);
  tokenizer_.reset();
  buffer_offset_ = byte_offset;
  read_offset_ = byte_offset;
  input_finished_ = false;
  position_ = {byte_offset, 0};
}

void CorpusReader::seek(const CorpusPosition& position) {
  const int64_t offset = position.byte_offset;
  const std::string where =
      "CorpusReader: resume offset " + std::to_string(offset) + " of " + path_;
  if (offset < range_.begin || offset > range_.end || position.sentences_after < 0) {
    throw std::out_of_range(where + " (with " + std::to_string(position.sentences_after) +
                            " sentences after it) is not within the range [" +
                            std::to_string(range_.begin) + ", " + std::to_string(range_.end) + ")");
  }
  if (offset != range_.begin && offset != range_.end) {
    char previous = 0;
    file_.clear();
    file_.seekg(offset - 1);
    if (!file_.get(previous) || previous != '\n') {
      throw std::invalid_argument(where + " is not at a line start");
    }
  }
  restart_at(offset);
  for (int64_t skipped = 0; skipped < position.sentences_after; ++skipped) {
    if (!next_token_sentence([](std::string_view) {})) {
      throw std::out_of_range(where + ": the range ends " + std::to_string(skipped) +
                              " sentences after it, not " +
                              std::to_string(position.sentences_after));
    }
  }
}

bool CorpusReader::next_sentence(const Vocabulary& vocab, std::vector<int64_t>& ids) {
  ids.clear();
  const auto add_known = [&](std::string_view token) {
    const int64_t id = vocab.id(token);
    if (id != Vocabulary::kUnknown) ids.push_back(id);
  };
  while (next_token_sentence(add_known)) {
    if (!ids.empty()) return true;
  }
  return false;
}

void CorpusReader::count_words(WordCounts& counts) {
  // A sentence's tokens are copied out of the tokenizer's buffer, which a refill may reuse, and
  // counted together (WordCounts::count of a span overlaps the table's cache misses).
  std::string bytes;
  std::vector<size_t> ends;  // of each token in `bytes`
  std::vector<std::string_view> words;
  const auto add = [&](std::string_view token) {
    bytes += token;
    ends.push_back(bytes.size());
  };
  while (next_token_sentence(add)) {
    words.clear();
    for (size_t t = 0, begin = 0; t < ends.size(); begin = ends[t++]) {
      words.emplace_back(bytes.data() + begin, ends[t] - begin);
    }
    counts.count(words);
    bytes.clear();
    ends.clear();
  }
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
  if (read_offset_ < range_.end) {
    const int64_t n = std::min(chunk_bytes_, range_.end - read_offset_);
    buffer_.resize(static_cast<size_t>(n));  // keeps its capacity: no allocation after the first
    if (!file_.read(buffer_.data(), n)) {
      throw std::runtime_error("cannot read " + path_ + " at byte " + std::to_string(read_offset_) +
                               " (was it truncated while being read?)");
    }
    buffer_offset_ = read_offset_;
    read_offset_ += n;
    tokenizer_.feed({buffer_.data(), buffer_.size()});
    return true;
  }
  if (input_finished_) return false;
  input_finished_ = true;
  tokenizer_.finish();
  return true;
}

std::vector<ByteRange> split_corpus(const std::string& path, int64_t parts) {
  if (parts < 1) {
    throw std::invalid_argument("split_corpus: parts must be positive, got " +
                                std::to_string(parts));
  }
  std::ifstream file;
  const int64_t size = open_corpus(path, file);
  std::vector<ByteRange> ranges;
  int64_t begin = 0;
  for (int64_t part = 1; part <= parts; ++part) {
    // size * part / parts without overflow, for files of any size.
    const auto target = static_cast<int64_t>(static_cast<__int128>(size) * part / parts);
    const int64_t end = part == parts ? size : std::max(begin, cut_at_or_after(file, target, size));
    ranges.push_back({begin, end});
    begin = end;
  }
  return ranges;
}

void read_ranges_in_parallel(const std::string& path, const TokenizerOptions& options,
                             std::span<const ByteRange> ranges,
                             const std::function<void(size_t, CorpusReader&)>& read) {
  run_on_threads(static_cast<int>(ranges.size()), [&](int t) {
    CorpusReader reader(path, options);
    reader.set_range(ranges[static_cast<size_t>(t)]);
    read(static_cast<size_t>(t), reader);
  });
}

WordCounts count_words(const std::string& path, const TokenizerOptions& options, int threads,
                       int64_t limit) {
  if (threads <= 1) {
    CorpusReader reader(path, options);
    WordCounts counts(limit);
    reader.count_words(counts);
    return counts;
  }
  // One reader per slice, as in training, each with its own table and an equal share of the
  // limit, so the slices together hold no more than one table would. Merged in file order, a
  // slice's token indices move on by the tokens before it, so `first` is the whole file's
  // index; without pruning the counts are the same for any number of threads.
  const std::vector<ByteRange> ranges = split_corpus(path, threads);
  const int64_t share =
      limit == WordCounts::kNoLimit ? limit : std::max<int64_t>(1, limit / threads);
  std::vector<WordCounts> partial(ranges.size(), WordCounts(share));
  read_ranges_in_parallel(path, options, ranges, [&partial](size_t t, CorpusReader& reader) {
    reader.count_words(partial[t]);
  });
  WordCounts counts = std::move(partial[0]);
  for (size_t t = 1; t < partial.size(); ++t) {
    counts.merge(partial[t]);
    partial[t] = WordCounts();  // its memory goes before the next slice grows the total
  }
  return counts;
}

}  // namespace gv
