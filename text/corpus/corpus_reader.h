// CorpusReader: streams a corpus (one file or several, text/corpus/corpus.h) as sentences, in
// chunks, with memory independent of its size.
//
// The files are read chunk_bytes at a time into one reused buffer and fed to a Tokenizer, which
// carries a word cut by a chunk boundary over to the next chunk. A sentence is a line (or,
// with line_is_sentence = false, the whole text), cut every kMaxSentenceTokens tokens as in
// word2vec, so a corpus without newlines such as text8 streams too. Sentence boundaries
// depend only on the text and the tokenizer options, not on the vocabulary. A file's end ends
// a sentence. Offsets and ranges are the corpus's global ones (corpus.h).
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

#include <atomic>
#include <cstdint>
#include <fstream>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/input_pass_stop.h"
#include "text/corpus/corpus.h"
#include "text/tokenizer.h"
#include "text/vocabulary.h"
#include "text/word_counts.h"

namespace gv {

class SentenceCache;  // sentence_cache.h

// Bytes [begin, end) of a corpus.
struct ByteRange {
  int64_t begin = 0;
  int64_t end = 0;
  bool operator==(const ByteRange&) const = default;
};

// A reader's place in its range: replaying from byte_offset and skipping sentences_after
// sentences reproduces it. byte_offset is a point where no tokenizer state carries over: a
// line start after a sentence end, a file boundary, or the range's start or end. With
// line_is_sentence = false, sentences end only at file ends and the range's end, so resuming
// replays from the last of those.
struct CorpusPosition {
  int64_t byte_offset = 0;
  int64_t sentences_after = 0;
  bool operator==(const CorpusPosition&) const = default;
};

class CorpusReader {
 public:
  static constexpr int64_t kDefaultChunkBytes = int64_t{1} << 20;
  static constexpr int64_t kMaxSentenceTokens = 1000;  // word2vec's MAX_SENTENCE_LENGTH

  // Opens `corpus` for reading all of it (a path converts: one file). Throws std::runtime_error
  // naming a path that cannot be opened or is not a regular file (see open_corpus),
  // std::invalid_argument if chunk_bytes < 1.
  explicit CorpusReader(Corpus corpus, TokenizerOptions options = {},
                        int64_t chunk_bytes = kDefaultChunkBytes);

  const Corpus& corpus() const { return corpus_; }
  int64_t size() const { return corpus_.size(); }
  ByteRange range() const { return range_; }
  // Restricts reading to `range` and rewinds to its start. Throws std::out_of_range unless
  // 0 <= begin <= end <= size().
  void set_range(ByteRange range);
  // Back to the start of the range: the next epoch.
  void rewind();

  // The ids of the next sentence's words that are in `vocab`, in order; unknown words are
  // dropped and sentences left empty skipped. Returns false at the end of the range.
  // Allocates nothing once `ids` has grown to kMaxSentenceTokens.
  bool next_sentence(const Vocabulary& vocab, std::vector<int64_t>& ids);
  // Counts every token from here to the end of the range into `counts` (WordCounts::count:
  // a new word's `first` is its index among all the tokens counted into `counts`; from the
  // start of the range into an empty table, that is the index within the range). With
  // `sentences`, records each sentence there too, as the indices of its words in `counts`.
  // With `pruned`, sets it once `counts` has dropped words, and stops at the end of a sentence
  // once it is set (by this reader or another): the caller then counts again on one thread.
  // Throws InputPassStopped at a sentence end once stop_input_passes_when's flag is set.
  void count_words(WordCounts& counts, SentenceCache* sentences = nullptr,
                   std::atomic<bool>* pruned = nullptr);

  CorpusPosition position() const { return position_; }
  // Resumes at a position() taken from a reader of the same corpus, range and options.
  // Throws std::out_of_range if the offset lies outside the range or the range ends before
  // that many sentences, std::invalid_argument if the offset is not a line start.
  void seek(const CorpusPosition& position);

 private:
  // Calls on_token for each token of the next sentence; false at the end of the range.
  template <class OnToken>
  bool next_token_sentence(OnToken&& on_token);
  // The next sentence's tokens into sentence_words_; false at the end of the range. They are
  // copied out of the tokenizer's buffer, which a refill may reuse, so that the sentence can
  // be looked up or counted at once (the lookups' cache misses then overlap).
  bool next_sentence_words();
  // Counts the next sentence's tokens into `counts` and their indices there into word_indices_;
  // false at the end of the range. Into a table that fits in the cache, each token as the
  // tokenizer hands it out, uncopied; into a larger one, the sentence at once, as above.
  bool next_counted_sentence(WordCounts& counts);
  // Feeds the tokenizer the next chunk, the end of a file's input, or moves on to the next
  // file; false at the end of the range.
  bool refill();
  // Reads on from `byte_offset` with no tokenizer state: opens the file holding it, to be read
  // up to its end or the range's, whichever comes first.
  void restart_at(int64_t byte_offset);

  Corpus corpus_;
  std::ifstream file_;       // corpus_.path(file_index_), when that is a file
  size_t file_index_ = 0;    // corpus_.file_count(): none open
  int64_t stretch_end_ = 0;  // where the tokenizer is told the input ends: a file's or range's end
  int64_t chunk_bytes_;
  ByteRange range_;
  Tokenizer tokenizer_;
  // The chunk the tokenizer is reading, reused. A vector, not a string: moving a vector
  // never moves its bytes (no small-buffer optimisation), so the tokenizer's view of them
  // survives a move of the reader.
  std::vector<char> buffer_;
  int64_t buffer_offset_ = 0;    // corpus offset of buffer_[0]
  int64_t read_offset_ = 0;      // corpus offset of the next chunk
  bool input_finished_ = false;  // the tokenizer has been told the stretch ended
  CorpusPosition position_;
  std::string sentence_bytes_;                    // the sentence's tokens, one after another
  std::vector<size_t> sentence_ends_;             // where each ends in sentence_bytes_
  std::vector<std::string_view> sentence_words_;  // each token, viewing sentence_bytes_
  std::vector<int32_t> word_indices_;             // each counted token's index in the counts
};

// Splits a corpus into `parts` consecutive ranges of about equal size covering it, for one
// reader per thread. Each range after the first starts at a line start; if no line starts
// within 1 MiB of the ideal cut (a text without newlines), right after whitespace
// instead, so no word is cut; a file boundary counts as both. A corpus with fewer lines than
// parts gives some empty ranges. `within` (the whole corpus if not given; else a range of this
// split's kind, as a process's share of a corpus that several train) is split the same way.
// Throws std::invalid_argument if parts < 1, std::runtime_error if a file is unreadable.
std::vector<ByteRange> split_corpus(const Corpus& corpus, int64_t parts);
std::vector<ByteRange> split_corpus(const Corpus& corpus, int64_t parts, ByteRange within);

// Reads each of `ranges` of `corpus` on a thread of its own, through a reader restricted to it:
// read(t, reader) for range t. Once every thread has finished, rethrows the first range's
// exception, if any.
void read_ranges_in_parallel(const Corpus& corpus, const TokenizerOptions& options,
                             std::span<const ByteRange> ranges,
                             const std::function<void(size_t, CorpusReader&)>& read);

// The counting pass over a whole corpus, split across `threads` readers (1: a single pass),
// holding at most `limit` words (WordCounts' pruning). Its counts and `first` indices (in tokens
// from the start of the corpus) are those of one pass on one thread whatever `threads`: a prune
// drops words by what was counted before it, which a slice does not know, so the slices count
// each into an equal share of the limit, and if one of them or their merge has to prune, the
// corpus is counted again on one thread (as word2vec.c and gensim always count it).
// With `sentences`, the pass also keeps each slice's sentences, split_corpus(corpus, threads)[t]
// in (*sentences)[t], the slices sharing `cache_bytes` equally (SentenceCache), each word the
// index of its word in the returned table. A prune renumbers the table, so then none is usable.
WordCounts count_words(const Corpus& corpus, const TokenizerOptions& options = {}, int threads = 1,
                       int64_t limit = WordCounts::kNoLimit,
                       std::vector<SentenceCache>* sentences = nullptr, int64_t cache_bytes = 0);

}  // namespace gv
