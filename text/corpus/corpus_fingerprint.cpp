#include "text/corpus/corpus_fingerprint.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/xxh64.h"
#include "text/corpus/corpus.h"

namespace gv {

namespace {

// Reads all of file `path`, named `name` in messages, in blocks of a whole number of XXH64's
// stripes. Throws std::runtime_error naming it if it is not a readable regular file
// (open_corpus) or cannot be read to its end.
CorpusFingerprint fingerprint_file(const std::string& path, const std::string& name) {
  constexpr int64_t kBlockBytes = int64_t{1} << 20;  // a whole number of stripes
  static_assert(kBlockBytes % Xxh64::kStripeBytes == 0);
  std::ifstream file;
  CorpusFingerprint fingerprint;
  fingerprint.bytes = open_corpus(path, file);
  std::vector<char> block(static_cast<size_t>(kBlockBytes));
  Xxh64 hash;
  for (int64_t offset = 0;;) {
    const int64_t n = std::min(kBlockBytes, fingerprint.bytes - offset);
    if (!file.read(block.data(), n)) {
      throw std::runtime_error("cannot read " + name + " at byte " + std::to_string(offset) +
                               " (was it truncated while being read?)");
    }
    offset += n;
    if (offset == fingerprint.bytes) {
      fingerprint.hash = hash.finish_with(block.data(), n);
      return fingerprint;
    }
    hash.stripes(block.data(), n);
  }
}

}  // namespace

CorpusFingerprint fingerprint_corpus(const Corpus& corpus) {
  if (corpus.file_count() == 1) return fingerprint_file(corpus.path(0), corpus.file_name(0));
  std::vector<uint64_t> files;  // (bytes, hash) of each file
  CorpusFingerprint fingerprint;
  for (size_t i = 0; i < corpus.file_count(); ++i) {
    const CorpusFingerprint file = fingerprint_file(corpus.path(i), corpus.file_name(i));
    fingerprint.bytes += file.bytes;
    files.push_back(static_cast<uint64_t>(file.bytes));
    files.push_back(file.hash);
  }
  fingerprint.hash = Xxh64().finish_with(reinterpret_cast<const char*>(files.data()),
                                         static_cast<int64_t>(files.size() * sizeof(uint64_t)));
  return fingerprint;
}

}  // namespace gv
