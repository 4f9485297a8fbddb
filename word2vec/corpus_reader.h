// CorpusReader: streams a text file as sentences, in chunks, with memory independent of its size.
//
// The file is read chunk_bytes at a time into one reused buffer and fed to a Tokenizer, which
// carries a word cut by a chunk boundary over to the next chunk. A sentence is a line (or,
// with line_is_sentence = false, the whole text), cut every kMaxSentenceTokens tokens as in
// word2vec, so a corpus without newlines such as text8 streams too. Sentence boundaries
// depend only on the text and the tokenizer options, not on the vocabulary.
//
// Two passes over a corpus:
//   WordCounts counts = count_words(path);                    // 1. count, then
//   Vocabulary vocab = Vocabulary::build(counts, min_count);  //    keep frequent words
//   CorpusReader reader(path);                                // 2. read sentences of ids
//   while (reader.next_sentence(vocab, ids)) train(ids);
//
// Multithreaded training gives each thread its own reader restricted to one of the byte
// ranges of split_corpus(). Checkpoints store position() and resume with seek(), which
// yields exactly the sentences the original reader would have yielded next.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "word2vec/tokenizer.h"
#include "word2vec/vocabulary.h"
#include "word2vec/word_counts.h"

namespace gv {

// Bytes [begin, end) of a file.
struct ByteRange {
  int64_t begin = 0;
  int64_t end = 0;
  bool operator==(const ByteRange&) const = default;
};

// A reader's place in its range: replaying from byte_offset and skipping sentences_after
// sentences reproduces it. byte_offset is a point where no tokenizer state carries over: a
// line start after a sentence end, or the range's start or end. With line_is_sentence =
// false, sentences end only at the range's end, so resuming replays the range from its start.
struct CorpusPosition {
  int64_t byte_offset = 0;
  int64_t sentences_after = 0;
  bool operator==(const CorpusPosition&) const = default;
};

class CorpusReader {
 public:
  static constexpr int64_t kDefaultChunkBytes = int64_t{1} << 20;
  static constexpr int64_t kMaxSentenceTokens = 1000;  // word2vec's MAX_SENTENCE_LENGTH

  // Opens `path` for reading all of it. Throws std::runtime_error naming the path if it cannot
  // be opened or is not a regular file (see open_corpus), std::invalid_argument if
  // chunk_bytes < 1.
  explicit CorpusReader(const std::string& path, TokenizerOptions options = {},
                        int64_t chunk_bytes = kDefaultChunkBytes);

  const std::string& path() const { return path_; }
  int64_t file_size() const { return file_size_; }
  ByteRange range() const { return range_; }
  // Restricts reading to `range` and rewinds to its start. Throws std::out_of_range unless
  // 0 <= begin <= end <= file_size().
  void set_range(ByteRange range);
  // Back to the start of the range: the next epoch.
  void rewind();

  // The ids of the next sentence's words that are in `vocab`, in order; unknown words are
  // dropped and sentences left empty skipped. Returns false at the end of the range.
  // Allocates nothing once `ids` has grown to kMaxSentenceTokens.
  bool next_sentence(const Vocabulary& vocab, std::vector<int64_t>& ids);
  // Counts every token from here to the end of the range into `counts` (WordCounts::count:
  // a new word's `first` is its index among all the tokens counted into `counts`; from the
  // start of the range into an empty table, that is the index within the range).
  void count_words(WordCounts& counts);

  CorpusPosition position() const { return position_; }
  // Resumes at a position() taken from a reader of the same file, range and options.
  // Throws std::out_of_range if the offset lies outside the range or the range ends before
  // that many sentences, std::invalid_argument if the offset is not a line start.
  void seek(const CorpusPosition& position);

 private:
  // Calls on_token for each token of the next sentence; false at the end of the range.
  template <class OnToken>
  bool next_token_sentence(OnToken&& on_token);
  // Feeds the tokenizer the next chunk, or the end of input; false when both are done.
  bool refill();
  void restart_at(int64_t byte_offset);

  std::string path_;
  std::ifstream file_;
  int64_t file_size_ = 0;
  int64_t chunk_bytes_;
  ByteRange range_;
  Tokenizer tokenizer_;
  // The chunk the tokenizer is reading, reused. A vector, not a string: moving a vector
  // never moves its bytes (no small-buffer optimisation), so the tokenizer's view of them
  // survives a move of the reader.
  std::vector<char> buffer_;
  int64_t buffer_offset_ = 0;    // file offset of buffer_[0]
  int64_t read_offset_ = 0;      // file offset of the next chunk
  bool input_finished_ = false;  // the tokenizer has been told the range ended
  CorpusPosition position_;
};

// Opens corpus `path` into `file` and returns its size. Throws std::runtime_error naming the path
// and saying what is wrong: "corpus not found", "corpus is a directory", "corpus is a FIFO, not
// a regular file" (a corpus is read more than once, so a stream will not do), or why it cannot
// be opened. Every reader of a corpus opens it through here.
int64_t open_corpus(const std::string& path, std::ifstream& file);

// Splits a file into `parts` consecutive ranges of about equal size covering it, for one
// reader per thread. Each range after the first starts at a line start; if no line starts
// within 1 MiB of the ideal cut (a text without newlines), right after whitespace
// instead, so no word is cut. A file with fewer lines than parts gives some empty ranges.
// Throws std::invalid_argument if parts < 1, std::runtime_error if the file is unreadable.
std::vector<ByteRange> split_corpus(const std::string& path, int64_t parts);

// Reads each of `ranges` of `path` on a thread of its own, through a reader restricted to it:
// read(t, reader) for range t. Once every thread has finished, rethrows the first range's
// exception, if any.
void read_ranges_in_parallel(const std::string& path, const TokenizerOptions& options,
                             std::span<const ByteRange> ranges,
                             const std::function<void(size_t, CorpusReader&)>& read);

// The counting pass over a whole file, split across `threads` readers (1: a single pass). The
// slices' tables hold at most `limit` words together, and so does the merged one (WordCounts'
// pruning). Without
// pruning, counts and `first` indices (in tokens from the start of the file) do not depend on
// `threads`; with it, they depend on the input and `threads` only.
WordCounts count_words(const std::string& path, const TokenizerOptions& options = {},
                       int threads = 1, int64_t limit = WordCounts::kNoLimit);

}  // namespace gv
