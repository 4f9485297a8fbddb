#include "autograd/io/fingerprint.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "autograd/io/corpus_file.h"
#include "autograd/io/xxh64.h"

namespace gv {

CorpusFingerprint fingerprint_bytes(std::string_view bytes) {
  const auto n = static_cast<int64_t>(bytes.size());
  return {n, Xxh64().finish_with(bytes.data(), n)};
}

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

void check_same_corpus(const std::string& checkpoint, const CorpusFingerprint& saved,
                       const std::string& corpus, const CorpusFingerprint& found) {
  if (found.bytes != saved.bytes) {
    throw std::runtime_error(checkpoint + ": was written for a corpus of " +
                             std::to_string(saved.bytes) + " bytes, but " + corpus + " has " +
                             std::to_string(found.bytes));
  }
  if (found.hash != saved.hash) {
    throw std::runtime_error(
        checkpoint + ": was written for another corpus: " + corpus + " has the same size (" +
        std::to_string(found.bytes) +
        " bytes) but other contents; resume with the corpus it was trained on");
  }
}

}  // namespace gv
