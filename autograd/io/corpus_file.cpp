#include "autograd/io/corpus_file.h"

#include "autograd/io/input_file.h"

namespace gv {

int64_t open_corpus(const std::string& path, std::ifstream& file) {
  // Training reads a corpus once to count its words and again every epoch, from several
  // threads at once: a stream (a FIFO, a terminal, /dev/stdin) cannot be read so.
  return open_regular_file(path, "corpus", file, "a corpus is read more than once");
}

}  // namespace gv
