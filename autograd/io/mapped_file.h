// MappedFile: a whole file mapped read-only into memory, unmapped on destruction.
//
// A reader can parse the page cache in place instead of copying a 100+ MB file into a buffer
// first, and pages past the last byte it looks at are never even read.
#pragma once

#include <string>
#include <string_view>

namespace gv {

class MappedFile {
 public:
  // `prefault` asks the kernel to read every page up front: cheaper than one page fault
  // per 4 KB when the whole file will be scanned anyway. Throws std::runtime_error
  // "PATH: what" when the file is missing, unreadable or not a regular file.
  MappedFile(const std::string& path, bool prefault);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view bytes() const { return {data_, size_}; }

 private:
  const char* data_ = nullptr;  // nullptr for an empty file: mmap cannot map 0 bytes
  size_t size_ = 0;
};

}  // namespace gv
