// SentenceCache: one corpus range's sentences as the counting pass read them, kept as numbers so
// that training does not tokenize the text again.
//
// Counting already turns every token into a word of its table (WordCounts); keeping that word's
// index costs 4 bytes a token. Once the vocabulary is built, map() turns the indices into
// vocabulary ids and drops the words it left out, and a worker replays its range from memory
// instead of reading and tokenizing the file once more every epoch. The replay yields exactly the
// sentences CorpusReader::next_sentence would, at the same positions, so the vectors, the
// checkpoints and their resumes are those of a run that reads the file.
//
//   SentenceCache cache(range, budget);
//   reader.count_words(counts, &cache);       // counting records the range's sentences
//   cache.map(vocabulary_ids_of_every_word);  // after Vocabulary::build
//   SentenceCache::Cursor at = cache.begin();
//   while (cache.next(at, ids)) train(ids);
//
// Memory is bounded: a cache about to pass its byte budget frees what it holds and stops
// (usable() turns false), and its worker reads the file as before. So only corpora of up to
// about budget / 4 tokens are tokenized once.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "text/corpus/corpus_reader.h"

namespace gv {

class SentenceCache {
 public:
  // A cache of the sentences of `range`, to hold at most `budget_bytes`; 0 records nothing.
  SentenceCache(ByteRange range, int64_t budget_bytes);

  // Recording, by the counting pass: the next sentence's words as indices, and the reader's
  // position() right after it. Gives up (usable() false) past the budget, or on a position that
  // does not follow the last (which a CorpusReader never gives).
  void add(std::span<const int32_t> words, const CorpusPosition& after);
  // Frees everything: replaying is no longer possible (a prune moved the indices, say).
  void give_up();
  bool usable() const { return usable_; }
  ByteRange range() const { return range_; }
  // Bytes held: 4 a token, 8 a sentence.
  int64_t bytes() const;

  // Renumbers every word w as to[w] and drops those with to[w] < 0; sentences left without words
  // stay, as lines of unknown words stay in the file, for the positions after them. Throws
  // std::out_of_range for a word that `to` does not cover, and gives up.
  void map(std::span<const int32_t> to);

  // Replaying. A cursor is a place in the cache and the reader position() it stands for.
  struct Cursor {
    size_t sentence = 0;  // the next to read
    CorpusPosition position;
  };
  Cursor begin() const { return {0, {range_.begin, 0}}; }
  // The next sentence with words into `ids`, as CorpusReader::next_sentence: false (and `ids`
  // empty) at the range's end.
  bool next(Cursor& at, std::vector<int64_t>& ids) const;
  // Where a reader that reported `position` is, or nullopt if no sentence ends there.
  std::optional<Cursor> find(const CorpusPosition& position) const;

 private:
  // Where a sentence's words end in words_, and how the position after it follows the one
  // before: `advance` bytes on (then no sentences after the offset), or with advance 0 one
  // more sentence after the same offset (a line cut at kMaxSentenceTokens).
  struct Sentence {
    uint32_t end;
    uint32_t advance;
  };
  static CorpusPosition after(const CorpusPosition& before, const Sentence& sentence);

  ByteRange range_;
  int64_t budget_bytes_;
  bool usable_;
  CorpusPosition last_;  // recording: the position after the last sentence added
  std::vector<int32_t> words_;
  std::vector<Sentence> sentences_;
};

}  // namespace gv
