// A corpus's fingerprint: what a checkpoint records of the text it was trained on, so that
// --resume on another corpus is refused instead of silently training on it. Shared by the
// word2vec trainer (text/corpus/corpus_fingerprint.h, which reads its files and combines
// them) and the transformer (lm/, which fingerprints the text it read).
//
// The size alone misses a file of the same length: a rot13 of the corpus, its lines in another
// order. So the fingerprint also holds a 64-bit hash of every byte (XXH64, seed 0). Hashing
// every byte rather than sampled blocks is what catches two lines swapped inside a stretch the
// samples skip, and it is cheap: one sequential read, which XXH64 hashes as fast as the disk or
// page cache delivers it, against a training run that reads the same bytes at least once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gv {

struct CorpusFingerprint {
  int64_t bytes = 0;
  // A single file's: XXH64 of its bytes, seed 0. Several files': see fingerprint_corpus.
  uint64_t hash = 0;
  bool operator==(const CorpusFingerprint&) const = default;
};

// Of text already in memory.
CorpusFingerprint fingerprint_bytes(std::string_view bytes);

// Throws std::runtime_error naming `checkpoint` and `corpus` unless `found` (the corpus's) is
// `saved` (the checkpoint's): another size, or the same size with other contents.
void check_same_corpus(const std::string& checkpoint, const CorpusFingerprint& saved,
                       const std::string& corpus, const CorpusFingerprint& found);

}  // namespace gv
