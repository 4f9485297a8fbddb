// GunzipReader: the bytes of a file or stream, decompressed as they are read when they start with
// gzip's magic number (1f 8b), passed through as they are otherwise. Gzip is told by content,
// never by a file name, and this is the one place gradvec decompresses: corpora, vector files,
// analogy questions and similarity pairs all read through it.
//
// It holds one fixed input buffer and decompresses straight into the caller's buffer, so reading
// takes bounded memory however much the data expands (a gzip bomb): a caller that checks the
// size of what it reads sees the decompressed bytes as it would a plain file's.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace gv {

// Fills `buffer` with up to `capacity` (> 0) bytes and returns how many, 0 at the end; throws
// std::runtime_error naming the source on a read error.
using ByteSource = std::function<int64_t(char* buffer, int64_t capacity)>;

// A ByteSource that reads descriptor `fd` (not closed by it), retrying on EINTR, and throws
// std::runtime_error "NAME: cannot read: reason" (NAME printable()) on a read error, or
// InputPassStopped("reading NAME") at a stop while it waits for bytes (wait_until_readable).
ByteSource read_descriptor(int fd, const std::string& name);

// Gzip data that cannot be decompressed: corrupt, or cut short ("unexpected end of file").
// what() is the reason alone, for the caller to put after the file's name.
class GzipDataError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether `bytes` start with gzip's magic number.
bool starts_with_gzip_magic(std::string_view bytes);

// For files gradvec reads only as they are (checkpoints, BPE files, vocabulary files, whose
// sizes bound what they may hold): throws std::runtime_error "PATH: a gzip'd WHAT; decompress
// it first: gunzip -k PATH" (PATH printable()) if `file`, just opened, starts with gzip's magic
// number, rather than reading its compressed bytes as a damaged file. Leaves `file` at its
// start.
void refuse_gzip_file(std::istream& file, const std::string& path, const std::string& what);

class GunzipReader {
 public:
  explicit GunzipReader(ByteSource source);
  ~GunzipReader();
  GunzipReader(const GunzipReader&) = delete;
  GunzipReader& operator=(const GunzipReader&) = delete;

  // Fills `buffer` with up to `capacity` (> 0) bytes of the content and returns how many, 0 at
  // the end. Gzip data is decompressed member after member (as gunzip does a concatenation of
  // .gz files); it throws GzipDataError when it is corrupt, ends inside a member or has other
  // bytes after the last one (naming their offset in the raw data), and passes
  // on the source's exceptions.
  int64_t read(char* buffer, int64_t capacity);

 private:
  struct Inflater;  // zlib's state, kept out of this header

  // Reads the source until at least `wanted` (<= kInputBytes) raw bytes are unread, or it ends;
  // returns how many are unread.
  int64_t fill_input(int64_t wanted);
  int64_t inflate_into(char* buffer, int64_t capacity);

  ByteSource source_;
  std::unique_ptr<char[]> input_;  // raw bytes read but not yet consumed: [next_, end_)
  int64_t next_ = 0, end_ = 0;
  int64_t read_before_ = 0;  // the source's bytes before input_[0], for offsets in messages
  bool source_ended_ = false;
  bool started_ = false;                // whether the first bytes have told gzip from plain
  std::unique_ptr<Inflater> inflater_;  // null for plain data
};

// The content of a ByteSource as a std::streambuf, for readers that take a std::istream: gzip
// data decompressed, plain data passed through (GunzipReader). Data that cannot be decompressed
// throws std::runtime_error "NAME: cannot decompress gzip data: reason" (NAME printable()). An
// istream over it passes its exceptions on only if exceptions(badbit) is set; otherwise they set
// badbit.
class GunzipBuffer : public std::streambuf {
 public:
  GunzipBuffer(ByteSource source, std::string name);

 protected:
  int_type underflow() override;

 private:
  GunzipReader reader_;
  std::string name_;
  std::vector<char> buffer_;
};

}  // namespace gv
