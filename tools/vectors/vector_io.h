// Reading and writing word-vector files: GloVe text, word2vec text (also fastText .vec),
// word2vec binary, and reading fastText models (.bin). What sets the formats apart lives in
// their table, vector_formats.h.
//
//   GloVe text        word v1 ... vd\n                 (no header; d: see below)
//   word2vec text     V d\n  then lines like GloVe     (fastText .vec: lines may end in a space)
//   word2vec binary   V d\n  then per word: word, ' ', d little-endian float32, optional '\n'
//   fastText model    its dictionary and matrices (fasttext_model.h); read as each word's
//                     fastText vector, plus n-gram rows for every other word (`subwords`)
//
// Text fields are separated by spaces or tabs; "\r\n" line endings and trailing whitespace are
// accepted. A text record is read from the right: its last d fields are the values and the
// rest is the word, so words may hold spaces ("new york", glove.840B's ". . ."). d comes from
// the header, or in GloVe from the first line that is one word and numbers only (line 1 but
// in files that open with a spaced word). Words are kept byte for byte (UTF-8 or not); what
// a word may hold is word_problem()'s rule (vector_formats.h), the same for reader and writer.
// A leading UTF-8 byte order mark is dropped. Rows keep the file's order.
//
// A gzip'd file (told by its magic bytes, whatever its name) is decompressed as it is read,
// and read as a stream is (below), so its decompressed bytes meet the same limits.
//
// Format detection (VectorFormat::Auto) looks only at the content, never at the file name:
//   0. A file that starts with fastText's magic number (bytes ba 16 4f 2f, never text) is a
//      fastText model.
//   1. A first line that is not exactly two integers "V d" means GloVe.
//   2. If V >= 0 and 1 <= d <= kMaxDim: when the line after it is a valid text record of d
//      values (or there is no line after it), the file is word2vec text; when the 4*d bytes
//      after the first word hold a byte that no text vector line contains (a control byte,
//      or bytes that are not UTF-8), it is word2vec binary.
//   3. Otherwise: GloVe if the second line is just a word and one value (a one-dimensional
//      GloVe file whose first word is an integer), else word2vec text, whose reader reports
//      the bad header values ("dimension 0 is not >= 1") or the second line.
// The only GloVe files this misreads are one-dimensional ones whose first line is
// `<integer word> <integer value>`, e.g. "1999 3": that line is taken for a header, and the
// row count check then fails with a message naming line 1. Pass VectorFormat::Glove for them.
//
// Reading maps a regular file and parses the text body in parallel: the body is cut into byte
// ranges at line boundaries, each range is parsed by its own thread, and the pieces are
// merged in file order, so the result and every error message are the same for any thread
// count. With a limit only the first lines needed are touched. "-" (standard input), a pipe,
// a FIFO, a device or a /proc file is read once into memory; each time what was read doubles
// it is read as a file cut there would be, so a stream stops at the first problem that more
// bytes cannot mend (a NUL byte in a text line, a line or word over 16 MiB: kMaxLineBytes in
// vector_source.h) instead of filling memory, and stops early once a limit's words are in.
// Every count or dimension in a header is checked against the bytes there are before
// anything is sized by it; a stream's prefix sizes only what its bytes hold.
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
  int64_t bytes = 0;                         // bytes read (a stream has no size on disk)
};

// `path` "-" is standard input. Throws VectorFileError for anything wrong with the file,
// std::invalid_argument for bad options (negative limit or threads).
WordVectors read_vectors(const std::string& path, const ReadOptions& options = {},
                         ReadReport* report = nullptr);

// Writes atomically: into "path.tmp.<pid>" beside the target, then renamed over it, so a
// reader never sees half a file and a failed write leaves the old file untouched. Text
// values are printed in the shortest form that reads back to the same float32, so every
// format round-trips exactly. Throws std::invalid_argument, naming the file and the word, for
// vectors the format cannot hold (a word its reader would refuse, word_problem() in
// vector_formats.h: text formats keep spaces inside a word, binary ones cannot; a GloVe file
// whose first word holds a space; a NaN or infinite value; values.size() != size() * dim;
// Auto as the format; an empty GloVe file) and std::runtime_error when the file cannot be
// written. A fastText model is refused (std::invalid_argument): it needs n-gram
// rows that word vectors do not have, so it is written by write_fasttext_bin. `threads` format
// the rows (<= 0, or more than the cores: one per core); the file is the same for any number.
void write_vectors(const std::string& path, const WordVectorsView& vectors, VectorFormat format,
                   int threads = 1);

}  // namespace gv
