// MappedFile: a whole file in memory, read-only: mapped when it is a regular file with a size,
// read to its end when it is a stream. Gzip data (told by its magic number, gunzip_reader.h)
// is decompressed as it is read, as a stream is.
//
// A reader can parse the page cache in place instead of copying a 100+ MB file into a buffer
// first, and pages past the last byte it looks at are never even read. A pipe, a FIFO, a
// device or a /proc file (whose size reads 0) has nothing to map: it is opened once and read
// once into memory, so a FIFO's writer is read by the one open that it waits for.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace gv {

class MappedFile {
 public:
  // Called while a stream is read with all the bytes read so far, each time they have doubled
  // (from 64 KiB on). It throws to stop reading input that cannot be what the caller expects,
  // so a stream that never ends (/dev/zero) does not grow without bound, and returns true when
  // the bytes so far are all the caller needs: reading stops there, as `head` would.
  using StreamCheck = std::function<bool(std::string_view bytes_so_far)>;

  // `path` "-" is standard input. `prefault` asks the kernel to read every page of a mapped
  // file up front: cheaper than one page fault per 4 KB when the whole file will be scanned
  // anyway. Throws std::runtime_error "PATH: what" (PATH printable()) when the file is missing,
  // unreadable, a directory or gzip data that cannot be decompressed ("PATH: cannot decompress
  // gzip data: unexpected end of file"); an exception from `check` propagates.
  MappedFile(const std::string& path, bool prefault, const StreamCheck& check = nullptr);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view bytes() const { return {data_, size_}; }

 private:
  void read_stream(int fd, const std::string& path, const StreamCheck& check);

  const char* data_ = nullptr;  // the mapping, or buffer_; nullptr for an empty file
  size_t size_ = 0;
  bool mapped_ = false;
  // A stream's bytes. Grown by hand rather than as a std::string, whose resize would write
  // zeros over room a read may never fill.
  std::unique_ptr<char[]> buffer_;
};

}  // namespace gv
