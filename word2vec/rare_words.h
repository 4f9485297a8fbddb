// RareWords: the words a run counted but gave no row (under --min-count, or past --max-vocab),
// with their counts: what its checkpoints keep (rare_words_io.h) for a run continued from one to
// add to its corpus's counts.
//
// Nothing but a checkpoint reads them, and a run without --checkpoint writes one only when a
// signal stops it or its vectors cannot be written; yet a large corpus has millions of them, most
// seen once or twice (the 30 M-token Zipf corpus of bench/zipf_corpus.py: 1.67 M, whose table
// took 111 MiB, about half of its two tables' 216 MiB at dim 100). So they are kept on disk, not
// in memory: appended as they are made, in the order the run met them, to a temporary file in
// $TMPDIR (else /tmp) that is unlinked as soon as it is made (open_unlinked_temporary), so that no
// exit, not even SIGKILL, leaves it behind. A checkpoint reads them back a buffer at a time. A run
// with --checkpoint keeps them so too: it reads them once or a few times, which the file serves as
// well as memory. The file takes 16 bytes and the word's bytes a word (35 MB for that corpus); a
// run with none makes no file.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

#include "text/word_counts.h"

namespace gv {

class RareWords {
 public:
  // Writes the words one at a time; finish() hands them over.
  class Writer {
   public:
    Writer();
    ~Writer();
    // The first word makes the file. Throws std::runtime_error naming the directory when the
    // file cannot be made or written (a full disk).
    void add(std::string_view word, int64_t count);
    // Everything added, on disk. Throws as add().
    RareWords finish();

   private:
    struct Output;
    std::unique_ptr<Output> out_;  // null until the first word
    int64_t size_ = 0;
  };

  RareWords() = default;  // none
  // `words`, in their order, their `first`s left out. Throws as Writer::add.
  explicit RareWords(const WordCounts& words);

  int64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Calls each(word, count) for every word, in the order they were added: the file read from its
  // start with a buffer of 1 MiB, so any number of callers, one after another or at once. Throws
  // std::runtime_error naming the directory if it cannot be read back.
  void visit(const std::function<void(std::string_view word, int64_t count)>& each) const;

 private:
  struct File;
  std::shared_ptr<const File> file_;  // copies share it; null when there are none
  int64_t size_ = 0;
};

}  // namespace gv
