// VectorSource: the bytes of one vector file, its name, and the errors that point into it.
//
// The format detector and the readers share it so that every message has the same shape:
// "FILE:LINE: what" for text lines, "FILE: word index I ("word"): what" for binary records,
// with the file name and every word printable() (control bytes and bytes that are not UTF-8
// written as \xNN).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "io/mapped_file.h"
#include "tools/vectors/vector_io.h"

namespace gv {

// The longest line of a text vector file and the longest word of any vector file. Caps are
// what let a stream that never ends (/dev/zero, `yes`) be refused before it fills memory.
inline constexpr size_t kMaxLineBytes = size_t{16} << 20;
inline constexpr std::string_view kMaxLineText = "16 MiB";  // for messages
// The largest dimension: a record's values fit in kMaxLineBytes even as binary float32s.
inline constexpr int64_t kMaxDim = static_cast<int64_t>(kMaxLineBytes / sizeof(float));

// How many rows (lines, records) a reader reads between two looks at a stop (throw_if_stopped):
// some milliseconds' work even at the widest rows.
inline constexpr int64_t kRowsBetweenStopChecks = 1024;

// "no END ends the word within 16 MiB, ...": a binary record's word that runs past the cap.
std::string word_too_long(std::string_view end);

// What a reader throws when the bytes end before the file does (a record cut short, fewer
// words than the header says). Reading a stream, the prefix read so far is checked by the
// readers themselves, and this one error means only that more bytes are needed.
class TruncatedVectorFile : public VectorFileError {
 public:
  explicit TruncatedVectorFile(const VectorFileError& error) : VectorFileError(error) {}
};

struct VectorSource {
  std::string_view path;
  std::string_view bytes;  // without a leading UTF-8 byte order mark
  // Owns `bytes`: a reader whose result keeps reading them (a fastText model's n-gram rows)
  // holds on to it.
  std::shared_ptr<const MappedFile> file;
  // False while a stream is still being read: `bytes` is a prefix of the file, and readers
  // judge only what more bytes cannot change. They drop a text line that has no '\n' yet,
  // throw TruncatedVectorFile where the bytes end too soon, and skip the checks of header
  // counts against the file's size, which is not known yet.
  bool complete = true;

  // Throws InputPassStopped("reading PATH") once a stop was asked for (io/input_pass_stop.h): a
  // reader looks every kRowsBetweenStopChecks rows, so that a signal does not wait for the whole
  // of a file of gigabytes.
  void throw_if_stopped() const;
  VectorFileError error(std::string_view what) const;
  VectorFileError error_at_line(int64_t line, std::string_view what) const;
  VectorFileError error_at_word(int64_t index, std::string_view word, std::string_view what) const;
};

// Checks a stream's prefix (complete == false) and says whether it holds all the caller
// will read, so that reading may stop; throws VectorFileError when no more bytes can make a
// vector file of it.
using PrefixCheck = std::function<bool(const VectorSource& prefix)>;

// `path` in memory as a whole VectorSource: mapped, or for "-" (standard input), a pipe, a
// FIFO, a device or a /proc file, read once to its end or until `check` says enough, with
// `check` run on the prefix each time it doubles (MappedFile); a TruncatedVectorFile from it
// only asks for more. A leading UTF-8 byte order mark is dropped. A file that cannot be read
// is a VectorFileError "PATH: what". `path` must outlive the result.
VectorSource load_vector_source(const std::string& path, bool prefault, const PrefixCheck& check);

// A token from the file as it should appear in a message: in double quotes, as quoted_input
// cuts and escapes it, so that a binary record cannot break the one-line message.
std::string quoted(std::string_view token);

}  // namespace gv
