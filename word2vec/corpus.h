// Corpus: the regular files a corpus is made of, read in order as one stream of bytes.
//
// Readers, their byte ranges, their positions and the checkpoints that store them all use
// offsets into the files' concatenation, so none of them needs a file index: file i holds the
// bytes [start(i), end(i)) with
//   start(0) = 0,  end(i) = start(i) + its size,  start(i + 1) = end(i),
// and the corpus is [0, size()). A file's end is a sentence end (CorpusReader finishes the
// tokenizer there): a file's last line never joins the next file's first, even without a final
// newline, and a file's start is a resume point just as a line start is.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace gv {

class Corpus {
 public:
  // One file, named by its path in messages. Implicit: a path is what every reader took before
  // corpora of several files, and still the common case.
  Corpus(const std::string& path);                         // NOLINT(google-explicit-constructor)
  Corpus(const char* path) : Corpus(std::string(path)) {}  // NOLINT(google-explicit-constructor)
  // `paths` in this order, named `name` in messages. Throws std::runtime_error naming the first
  // path that is not a readable regular file (open_corpus), or if `paths` is empty.
  Corpus(std::vector<std::string> paths, std::string name);

  // How messages and the train summary name the corpus: a file's path, "3 files in DIR".
  const std::string& name() const { return name_; }
  int64_t size() const { return files_.empty() ? 0 : files_.back().end; }
  size_t file_count() const { return files_.size(); }
  const std::string& path(size_t i) const { return files_[i].path; }
  int64_t start(size_t i) const { return i == 0 ? 0 : files_[i - 1].end; }
  int64_t end(size_t i) const { return files_[i].end; }
  // The file holding byte `offset` (empty files hold none), or file_count() from size() on.
  size_t file_at(int64_t offset) const;
  // Whether a file starts or ends at `offset` (0 and size() included): no sentence spans it.
  bool is_file_boundary(int64_t offset) const;

 private:
  struct File {
    std::string path;
    int64_t end = 0;  // the global offset just past its last byte
  };
  std::vector<File> files_;
  std::string name_;
};

// The corpus that --corpus's values name:
//   - a single file;
//   - a single directory: every regular file directly in it (no recursion into subdirectories,
//     and hidden files, named ".*", are skipped: editors' and systems' droppings, not text), in
//     byte-wise sorted name order, named "N files in DIR";
//   - several files, in the order given.
// Throws std::runtime_error naming the value: a directory without such files, a directory in a
// list of several, a path that is not a readable regular file, no value at all.
Corpus corpus_of(const std::vector<std::string>& values);

// Opens corpus file `path` into `file` and returns its size. Throws std::runtime_error naming the
// path and saying what is wrong: "corpus not found", "corpus is a directory", "corpus is a FIFO,
// not a regular file" (a corpus is read more than once, so a stream will not do), or why it
// cannot be opened. Every reader of a corpus opens its files through here.
int64_t open_corpus(const std::string& path, std::ifstream& file);

}  // namespace gv
