// SliceReader: a training worker's sentences of ids, from its slice of the corpus: replayed from
// the counting pass's SentenceCache when that kept the slice, else read and tokenized by a
// CorpusReader. Either way the same sentences at the same positions (sentence_cache.h), so the
// trainer and its checkpoints never ask which.
#pragma once

#include <cstdint>
#include <vector>

#include "text/corpus/corpus_reader.h"
#include "text/corpus/sentence_cache.h"

namespace gv {

class SliceReader {
 public:
  // Reads `range` of `corpus`; `cache`, when not null, must be a usable cache of that range
  // whose words are ids of the vocabulary that next_sentence() is given, and outlive the reader.
  SliceReader(const Corpus& corpus, const TokenizerOptions& options, ByteRange range,
              const SentenceCache* cache);

  // As CorpusReader's.
  bool next_sentence(const Vocabulary& vocab, std::vector<int64_t>& ids) {
    return cache_ ? cache_->next(cursor_, ids) : reader_.next_sentence(vocab, ids);
  }
  CorpusPosition position() const { return cache_ ? cursor_.position : reader_.position(); }
  void rewind();
  void seek(const CorpusPosition& position);

 private:
  CorpusReader reader_;
  const SentenceCache* cache_;
  SentenceCache::Cursor cursor_;
};

}  // namespace gv
