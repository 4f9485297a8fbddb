// A corpus's fingerprint: what a checkpoint records of the files it was trained on, so that
// --resume on another corpus is refused instead of silently training on it.
//
// The size alone misses a file of the same length: a rot13 of the corpus, its lines in another
// order. So the fingerprint also holds a 64-bit hash of every byte (XXH64, seed 0). Hashing
// every byte rather than sampled blocks is what catches two lines swapped inside a stretch the
// samples skip, and it is cheap: one sequential read at the speed of the disk or page cache
// (XXH64 itself hashes several GB/s), against a training run that tokenizes the same bytes
// at least once, to count them.
#pragma once

#include <cstdint>
#include <string>

#include "word2vec/corpus.h"

namespace gv {

struct CorpusFingerprint {
  int64_t bytes = 0;
  // A single file's: XXH64 of its bytes, seed 0. Several files': XXH64 of each file's (bytes,
  // hash) in order, so that the same bytes cut into files elsewhere, or the files in another
  // order, fingerprint differently: their sentences differ.
  uint64_t hash = 0;
  bool operator==(const CorpusFingerprint&) const = default;
};

// Reads all of `corpus`. Throws std::runtime_error naming a path that is not a readable regular
// file (open_corpus in corpus.h) or cannot be read to its end.
CorpusFingerprint fingerprint_corpus(const Corpus& corpus);

}  // namespace gv
