#include "word2vec/corpus_fingerprint.h"

#include <vector>

#include "autograd/io/xxh64.h"

namespace gv {

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
