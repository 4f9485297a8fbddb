#include "io/fingerprint.h"

#include <stdexcept>
#include <string>

#include "io/xxh64.h"

namespace gv {

CorpusFingerprint fingerprint_bytes(std::string_view bytes) {
  const auto n = static_cast<int64_t>(bytes.size());
  return {n, Xxh64().finish_with(bytes.data(), n)};
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
