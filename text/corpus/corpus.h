// Corpus: the regular files a corpus is made of, read in order as one stream of bytes.
//
// Readers, their byte ranges, their positions and the checkpoints that store them all use
// offsets into the files' concatenation, so none of them needs a file index: file i holds the
// bytes [start(i), end(i)) with
//   start(0) = 0,  end(i) = start(i) + its size,  start(i + 1) = end(i),
// and the corpus is [0, size()). A file's end is a sentence end (CorpusReader finishes the
// tokenizer there): a file's last line never joins the next file's first, even without a final
// newline, and a file's start is a resume point just as a line start is.
//
// A gzip'd file (one starting with gzip's magic bytes, whatever its name) and standard input are
// spooled (spool.h): decompressed or copied once into an unlinked temporary file, which the
// readers open instead, and which lives as long as any copy of the Corpus.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "text/corpus/spool.h"

namespace gv {

// Opens corpus file `path` into `file` and returns its size: the one check of what a corpus path
// is, through which every reader of a corpus (counting, training, fingerprinting, phrases) opens
// it, so a directory or a FIFO gets the same one-line error everywhere. Throws
// std::runtime_error naming the path and saying what is wrong: "corpus not found", "corpus is a
// directory, not a file", "corpus is a FIFO, not a regular file" (a corpus is read more than
// once: counted, trained on, resumed, so a stream will not do), or why it cannot be opened.
int64_t open_corpus(const std::string& path, std::ifstream& file);

// The files --corpus's values name, each checked to be a readable regular file but none read
// yet, so that a command can check its outputs before it waits for a gzip'd file to be
// decompressed: Corpus(files) reads them.
struct CorpusFiles {
  std::vector<std::string> paths;
  std::string name;
};

class Corpus {
 public:
  // One file, named by its path in messages. Implicit: a path is what every reader took before
  // corpora of several files, and still the common case.
  Corpus(const std::string& path);                         // NOLINT(google-explicit-constructor)
  Corpus(const char* path) : Corpus(std::string(path)) {}  // NOLINT(google-explicit-constructor)
  // `paths` in this order, named `name` in messages. Throws std::runtime_error naming the first
  // path that is not a readable regular file (open_corpus) or not valid gzip data though it
  // starts as such, or if `paths` is empty.
  Corpus(std::vector<std::string> paths, std::string name);
  explicit Corpus(CorpusFiles files) : Corpus(std::move(files.paths), std::move(files.name)) {}
  // Standard input, read to its end now (spooled), named "standard input".
  static Corpus standard_input();

  // How messages and the train summary name the corpus: a file's path, "3 files in DIR".
  const std::string& name() const { return name_; }
  int64_t size() const { return files_.empty() ? 0 : files_.back().end; }
  size_t file_count() const { return files_.size(); }
  // What to open for file i: its path, or its spool's.
  const std::string& path(size_t i) const {
    return files_[i].spool ? files_[i].spool->path() : files_[i].name;
  }
  // What messages call file i: the path it was given as, or "standard input".
  const std::string& file_name(size_t i) const { return files_[i].name; }
  int64_t start(size_t i) const { return i == 0 ? 0 : files_[i - 1].end; }
  int64_t end(size_t i) const { return files_[i].end; }
  // The file holding byte `offset` (empty files hold none), or file_count() from size() on.
  size_t file_at(int64_t offset) const;
  // Whether a file starts or ends at `offset` (0 and size() included): no sentence spans it.
  bool is_file_boundary(int64_t offset) const;

 private:
  Corpus() = default;
  // Appends file `name`, read from `spool` if not null.
  void add(std::string name, std::shared_ptr<const Spool> spool);

  struct File {
    std::string name;
    std::shared_ptr<const Spool> spool;
    int64_t end = 0;  // the global offset just past its last byte
  };
  std::vector<File> files_;
  std::string name_;
};

// The files --corpus's values name, checked but not read:
//   - a single file;
//   - a single directory: every regular file directly in it (no recursion into subdirectories,
//     and hidden files, named ".*", are skipped: editors' and systems' droppings, not text), in
//     byte-wise sorted name order, named "N files in DIR";
//   - several files, in the order given.
// "-" (standard input, Corpus::standard_input) is refused: it is not a file to check in advance.
// Throws std::runtime_error naming the value: a directory without such files, a directory or "-"
// in a list of several, a path that is not a readable regular file, no value at all.
CorpusFiles corpus_files(const std::vector<std::string>& values);

}  // namespace gv
