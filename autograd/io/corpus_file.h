// Opening a text corpus: one check of what the path is, shared by every library that trains on
// text (word2vec's counting and training passes, the character model), so a directory or a FIFO
// given as a corpus gets the same one-line error everywhere.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace gv {

// Opens corpus `path` into `file` and returns its size. Throws std::runtime_error naming the path
// and saying what is wrong: "corpus not found", "corpus is a directory, not a file", "corpus is a
// FIFO, not a regular file" (a corpus is read more than once: counted, trained on, resumed, so a
// stream will not do), or why it cannot be opened.
int64_t open_corpus(const std::string& path, std::ifstream& file);

}  // namespace gv
