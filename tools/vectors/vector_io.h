// Reading and writing word-vector files: GloVe text, word2vec text (also fastText .vec),
// word2vec binary, and reading fastText models (.bin). What sets the formats apart lives in
// their table, vector_formats.h.
//
//   GloVe text        word v1 ... vd\n                 (no header; d = fields on line 1, minus 1)
//   word2vec text     V d\n  then lines like GloVe     (fastText .vec: lines may end in a space)
//   word2vec binary   V d\n  then per word: word, ' ', d little-endian float32, optional '\n'
//   fastText model    its dictionary and matrices (fasttext_model.h); read as each word's
//                     fastText vector, plus n-gram rows for every other word (`subwords`)
//
// Text fields are separated by spaces or tabs; "\r\n" line endings and trailing whitespace are
// accepted. Words are kept byte for byte (UTF-8 or not). Rows keep the file's order.
//
// Format detection (VectorFormat::Auto) looks only at the content, never at the file name:
//   0. A file that starts with fastText's magic number (bytes ba 16 4f 2f, never text) is a
//      fastText model.
//   1. A first line that is not exactly two integers "V d" (V >= 0, d >= 1) means GloVe.
//   2. Otherwise, if the line after it is a valid text record of 1 + d fields (or there is
//      no line after it), the file is word2vec text.
//   3. Otherwise, if the 4*d bytes after the first word hold a byte that no text vector
//      line contains (a control byte, or bytes that are not UTF-8), it is word2vec binary.
//   4. Otherwise: word2vec text if the second line still has 1 + d fields (so its bad value
//      is reported as such), else GloVe.
// The only GloVe files this misreads are one-dimensional ones whose first line is
// `<integer word> <integer value>`, e.g. "1999 3": that line is taken for a header, and the
// row count check then fails with a message naming line 1. Pass VectorFormat::Glove for them.
//
// Reading maps the file and parses the text body in parallel: the body is cut into byte
// ranges at line boundaries, each range is parsed by its own thread, and the pieces are
// merged in file order, so the result and every error message are the same for any thread
// count. With a limit only the first lines needed are touched.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tools/vectors/vector_formats.h"
#include "tools/vectors/word_vectors.h"

namespace gv {

// A vector file that cannot be read (missing, empty, malformed) or whose header disagrees
// with its body. The message is one line: "FILE:LINE: what" for text, "FILE: word index I
// ("word"): what" for binary, "FILE: what" for whole-file problems.
class VectorFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ReadOptions {
  VectorFormat format = VectorFormat::Auto;
  int64_t limit = 0;      // keep only the first `limit` distinct words; 0 = all
  bool skip_bad = false;  // skip malformed lines/records (not header problems) and count them
  int threads = 0;        // parser threads; 0 = one per hardware thread
};

struct ReadReport {
  VectorFormat format = VectorFormat::Auto;  // the format actually read (never Auto)
  int64_t skipped_lines = 0;                 // malformed lines/records skipped by skip_bad
  int64_t duplicates = 0;                    // repeated words dropped (the first row is kept)
};

// Throws VectorFileError for anything wrong with the file, std::invalid_argument for bad
// options (negative limit or threads).
WordVectors read_vectors(const std::string& path, const ReadOptions& options = {},
                         ReadReport* report = nullptr);

// Writes atomically: into "path.tmp.<pid>" beside the target, then renamed over it, so a
// reader never sees half a file and a failed write leaves the old file untouched. Text
// values are printed in the shortest form that reads back to the same float32, so every
// format round-trips exactly. Throws std::invalid_argument for vectors no format can hold
// (a word that is empty or contains whitespace, a NaN or infinite value, values.size() !=
// size() * dim, Auto as the format, an empty GloVe file) and std::runtime_error when the
// file cannot be written. A fastText model is refused (std::invalid_argument): it needs n-gram
// rows that word vectors do not have, so it is written by write_fasttext_bin.
void write_vectors(const std::string& path, const WordVectors& vectors, VectorFormat format);

}  // namespace gv
