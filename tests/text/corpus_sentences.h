// What the corpus tests compare: a reader's sentences as words, and where each one started.
#pragma once

#include <string>
#include <vector>

#include "text/corpus/corpus_reader.h"

namespace gv::testing {

using Sentences = std::vector<std::vector<std::string>>;

// The rest of the reader's range as sentences of words (ids mapped back, for readable checks).
inline Sentences read_words(CorpusReader& reader, const Vocabulary& vocab) {
  Sentences sentences;
  std::vector<int64_t> ids;
  while (reader.next_sentence(vocab, ids)) {
    sentences.emplace_back();
    for (const int64_t id : ids) sentences.back().push_back(vocab.word(id));
  }
  return sentences;
}

// The rest of the range as sentences, and the reader's position() before each of them and at
// the end: resuming at positions[k] must read sentences k, k + 1, ...
struct PositionedSentences {
  std::vector<CorpusPosition> positions;
  Sentences sentences;
};

inline PositionedSentences read_with_positions(CorpusReader& reader, const Vocabulary& vocab) {
  PositionedSentences read;
  std::vector<int64_t> ids;
  do {
    read.positions.push_back(reader.position());
    if (!ids.empty()) read.sentences.emplace_back();
    for (const int64_t id : ids) read.sentences.back().push_back(vocab.word(id));
  } while (reader.next_sentence(vocab, ids));
  return read;
}

}  // namespace gv::testing
