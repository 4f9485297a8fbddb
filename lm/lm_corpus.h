// The text a language model trains on, split once: the first 90% of its bytes for training, the
// last 10% for validation (nanoGPT's split of TinyShakespeare). The text is split before it is
// encoded, each part on its own, so that models over characters and over BPE tokens hold out the
// same text and their losses per character compare.
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/fingerprint.h"
#include "lm/lm_tokenizer.h"

namespace gv {

// The files a corpus is read from, in order, as one text (each file's bytes after the last's),
// and what messages call them: one file's path, or "3 files in DIR".
struct LmCorpusFiles {
  LmCorpusFiles() = default;
  // One file, named by its path: what every reader took before corpora of several files.
  LmCorpusFiles(const std::string& path)  // NOLINT(google-explicit-constructor)
      : paths{path}, name(path) {}
  LmCorpusFiles(const char* path) : LmCorpusFiles(std::string(path)) {}  // NOLINT
  LmCorpusFiles(std::vector<std::string> paths, std::string name)
      : paths(std::move(paths)), name(std::move(name)) {}

  std::vector<std::string> paths;
  std::string name;
};

struct LmCorpus {
  LmTokenizer vocab;
  std::vector<int64_t> train;       // ids of the first 90% of the bytes
  std::vector<int64_t> validation;  // ids of the last 10%
  CorpusFingerprint fingerprint;    // the text's size and hash, which a resumed run checks
  LmCorpusFiles files;              // where it was read, each path absolute: lm eval's default
};

// Opens corpus `path` into `file` and returns its size. Throws std::runtime_error naming the path
// unless it is a readable regular file: the corpus is read more than once (checked before a run
// starts, read, read again on resume), and its size bounds the memory checked before it is read.
int64_t open_lm_corpus(const std::string& path, std::ifstream& file);

// Reads `files` whole (gzip'd ones decompressed), with the vocabulary of its own characters, or
// with `vocab` (a BPE tokenizer's, or a trained model's) when given. Throws std::runtime_error
// naming the file if it cannot be read, the corpus if it is empty, holds a character `vocab`
// lacks, or is too short to give both splits `length` + 1 tokens (a window and the token after
// it).
LmCorpus read_lm_corpus(const LmCorpusFiles& files, int64_t length,
                        const LmTokenizer* vocab = nullptr);

// The bytes read_lm_corpus would read from `files`, told before reading them: their sizes' sum,
// or nullopt if one is gzip'd (its text's size is known only once decompressed) or cannot be
// opened (read_lm_corpus names it).
std::optional<int64_t> plain_lm_corpus_size(const LmCorpusFiles& files);

}  // namespace gv
