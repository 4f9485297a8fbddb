// A corpus's fingerprint: what a checkpoint records of the file it was trained on, so that
// --resume on another file is refused instead of silently training on it.
//
// The size alone misses a file of the same length: a rot13 of the corpus, its lines in another
// order. So the fingerprint also holds a 64-bit hash of every byte (XXH64, seed 0). Hashing
// every byte rather than sampled blocks is what catches two lines swapped inside a stretch the
// samples skip, and it is cheap: one sequential read at the speed of the disk or page cache
// (XXH64 itself hashes several GB/s), against a training run that tokenizes the same bytes
// once to count them and again every epoch.
#pragma once

#include <cstdint>
#include <string>

namespace gv {

struct CorpusFingerprint {
  int64_t bytes = 0;
  uint64_t hash = 0;  // XXH64 of the bytes, seed 0
  bool operator==(const CorpusFingerprint&) const = default;
};

// Reads all of corpus `path`. Throws std::runtime_error naming the path if it is not a readable
// regular file (open_corpus in corpus_reader.h) or cannot be read to its end.
CorpusFingerprint fingerprint_corpus(const std::string& path);

}  // namespace gv
