// The words a run counted but gave no row, as a checkpoint (checkpoint.h) holds them: count N,
// then N × (string word, int64 count), in the order the run met them. A later run continued
// from the checkpoint (train --init) adds these counts to its corpus's before --min-count.
#pragma once

#include <cstdint>

#include "autograd/tensor_io.h"
#include "text/vocabulary.h"
#include "text/word_counts.h"
#include "word2vec/rare_words.h"

namespace gv {

// The first checkpoint version that holds them.
inline constexpr uint32_t kFirstRareWordsVersion = 12;

// The fewest bytes a (string word, int64 count) entry takes, the vocabulary's as these: its
// length field and its count.
inline constexpr int64_t kMinWordEntryBytes = sizeof(uint32_t) + sizeof(int64_t);

void write_rare_words(TensorWriter& w, const RareWords& rare);

// Reads them, each field checked before anything is allocated from it: the count against the
// bytes left, each word as a vocabulary word is (word_problem) and neither in `vocab` nor
// repeated, each count >= 1, and their sum with the vocabulary's within kMaxTotalCount
// (io/count_limit.h). Throws as TensorReader::fail, naming the field.
WordCounts read_rare_words(TensorReader& r, const Vocabulary& vocab);

}  // namespace gv
