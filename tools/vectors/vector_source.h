// VectorSource: the bytes of one vector file, its name, and the errors that point into it.
//
// The format detector and the readers share it so that every message has the same shape:
// "FILE:LINE: what" for text lines, "FILE: word index I ("word"): what" for binary records.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "autograd/io/mapped_file.h"
#include "tools/vectors/vector_io.h"

namespace gv {

struct VectorSource {
  std::string_view path;
  std::string_view bytes;
  // Owns `bytes`: a reader whose result keeps reading them (a fastText model's n-gram rows)
  // holds on to it.
  std::shared_ptr<const MappedFile> file;

  VectorFileError error(std::string_view what) const;
  VectorFileError error_at_line(int64_t line, std::string_view what) const;
  VectorFileError error_at_word(int64_t index, std::string_view word, std::string_view what) const;
};

// Maps `path` for reading; a file that cannot be mapped is a VectorFileError "PATH: what".
std::shared_ptr<const MappedFile> map_vector_file(const std::string& path, bool prefault);

// A token from the file as it should appear in a message: in double quotes, cut after 40
// bytes, control bytes as \xNN so a binary record cannot break the one-line message.
std::string quoted(std::string_view token);

}  // namespace gv
