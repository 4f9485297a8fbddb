// Tensor files: the one binary format for what gradvec saves in order to resume later
// (parameter files, trainer checkpoints).
//
// A file is a header, then whatever its writer wrote, read back in the same order:
//   magic    8 bytes                          which kind of file: "GVPARAMS", "GVCHKPNT"
//   version  uint32                           the layout of what follows
//   then any sequence of
//     scalars  native bytes (little-endian)
//     counts   uint32
//     strings  uint32 length, bytes
//     shapes   uint32 ndim, ndim × int64 dims
//     floats   float32, row-major
//     tensors  shape, then its floats
//
// The stream has no type tags: a reader asks for exactly what its writer wrote. What keeps a
// foreign, truncated or corrupt file harmless is that every read is checked against the
// bytes left in the file, and every size handed back (count, string length, shape) fits in
// them — so a bad file fails with a std::runtime_error naming it, before any allocation
// that a corrupt size field could have made huge. Floats are checked as read too: a NaN or an
// infinity is refused by the row that holds it.
#pragma once

#include <cstdint>
#include <fstream>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

#include "autograd/require.h"
#include "autograd/tensor.h"

namespace gv {

struct FileFormat {
  std::string_view kind;   // names the file in errors: "checkpoint", "parameter file"
  std::string_view magic;  // 8 bytes
  uint32_t version;        // bumped whenever the layout after the header changes
  // What files of this kind began with before the header had a version field: such a file
  // is refused as version 1 rather than as a foreign file. Empty if there never were any.
  std::string_view unversioned_magic = {};
  // The oldest version still read, when a newer layout only added to an older one (the reader
  // asks TensorReader::version() which it holds); 0: `version` only.
  uint32_t oldest_version = 0;
};

// Whether `bytes`, a file's first, start with `format`'s magic or its unversioned one: a file of
// that kind, of any version, told apart from other files before it is read.
bool has_magic(std::string_view bytes, const FileFormat& format);

class TensorWriter {
 public:
  // Writes the header of `format`.
  TensorWriter(std::ostream& out, const FileFormat& format);

  template <class T>
  void pod(T value) {
    static_assert(std::is_arithmetic_v<T>, "scalars are plain numbers; use the typed writers");
    bytes(&value, sizeof value);
  }
  // Throws std::length_error for n < 0 or n > UINT32_MAX.
  void count(int64_t n);
  void string(std::string_view s);
  void shape(const Shape& shape);
  void floats(const float* data, int64_t n);
  void tensor(const Tensor& t);

 private:
  void bytes(const void* data, int64_t n);

  std::ostream& out_;
};

class TensorReader {
 public:
  // Opens `path` and checks its magic and version against `format` (a version in
  // [format.oldest_version, format.version]). Throws std::runtime_error
  // naming the path and what is wrong, before opening it, unless it is a regular file
  // (require_regular_file in io/input_file.h: "<path>: checkpoint is a FIFO, ...").
  TensorReader(std::string path, const FileFormat& format);

  // `what` names the field in errors: "file ends inside <what>".
  template <class T>
  T pod(const char* what) {
    static_assert(std::is_arithmetic_v<T>, "scalars are plain numbers; use the typed readers");
    T value;
    bytes(&value, sizeof value, what);
    return value;
  }
  // A count of items that take at least `min_item_bytes` each in the file: one that could
  // not fit in the rest of the file is refused.
  int64_t count(const char* what, int64_t min_item_bytes);
  std::string string(const char* what);
  // At most 8 dims, none negative, and the float data of that shape fits in the rest of the
  // file.
  Shape shape(const char* what);
  // n floats, each finite (finite_values.h): a NaN or an infinity is refused, naming `what`,
  // and for rows of `row_width` floats (0: all n are one) the row, "<what> row R: value K is NaN
  // or infinite". No file of gradvec's holds one that a run could go on from.
  void floats(float* data, int64_t n, const char* what, int64_t row_width = 0);
  // The floats of `t`, whose shape the caller knows, as floats(): rows along its first dim.
  void floats(Tensor& t, const char* what);
  Tensor tensor(const char* what);
  // The version of the file, in [oldest_version, version] of its format.
  uint32_t version() const { return version_; }
  // Throws unless every byte has been read: trailing bytes mean writer and reader disagree.
  void finish() const;

  // Throws std::runtime_error "<path>: not a valid gradvec <kind> (<what>)": for a file
  // that does not hold what its kind promises.
  [[noreturn]] void fail(const std::string& what) const;
  // Fails the file unless `ok`: "<path>: not a valid gradvec <kind> (<field> must be
  // <requirement>, got <value>)".
  template <class T>
  void require_field(bool ok, const std::string& field, std::string_view requirement,
                     T value) const {
    if (!ok) fail(field + " " + must_be(requirement, value_str(value)));
  }
  // "in [lo, hi]": require_field's requirement of a bounded field.
  static std::string in_range(int64_t lo, int64_t hi) {
    return "in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  }
  // Throws std::runtime_error "<path>: <what>": for a well-formed file that does not fit
  // here (another version, another model's shapes).
  [[noreturn]] void mismatch(const std::string& what) const;

 private:
  void bytes(void* data, int64_t n, const char* what);
  void check_header(const FileFormat& format);

  std::string path_;
  std::string kind_;
  std::ifstream in_;
  int64_t remaining_ = 0;  // bytes not yet read
  uint32_t version_ = 0;
};

}  // namespace gv
