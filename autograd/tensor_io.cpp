#include "autograd/tensor_io.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "io/finite_values.h"
#include "io/gunzip_reader.h"
#include "io/input_file.h"

namespace gv {

// Scalars and floats are written as they lie in memory: say so loudly on a big-endian
// machine rather than write files no other machine can read.
static_assert(std::endian::native == std::endian::little, "tensor files are little-endian");

namespace {

// No tensor gradvec saves has more; a larger count means a corrupt header, not a big tensor.
constexpr uint32_t kMaxDims = 8;
constexpr int64_t kFloatBytes = sizeof(float);

std::string version_mismatch(uint32_t found, const FileFormat& format) {
  const std::string versions = format.oldest_version == 0 || format.oldest_version == format.version
                                   ? " version " + std::to_string(format.version)
                                   : " versions " + std::to_string(format.oldest_version) + " to " +
                                         std::to_string(format.version);
  return "unsupported version " + std::to_string(found) + " (this build reads " +
         std::string(format.kind) + versions + ")";
}

}  // namespace

bool has_magic(std::string_view bytes, const FileFormat& format) {
  return bytes.starts_with(format.magic) ||
         (!format.unversioned_magic.empty() && bytes.starts_with(format.unversioned_magic));
}

TensorWriter::TensorWriter(std::ostream& out, const FileFormat& format) : out_(out) {
  bytes(format.magic.data(), static_cast<int64_t>(format.magic.size()));
  pod(format.version);
}

void TensorWriter::bytes(const void* data, int64_t n) {
  out_.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
}

void TensorWriter::count(int64_t n) {
  if (n < 0 || n > std::numeric_limits<uint32_t>::max()) {
    throw std::length_error("tensor file: count " + std::to_string(n) + " does not fit in 32 bits");
  }
  pod(static_cast<uint32_t>(n));
}

void TensorWriter::string(std::string_view s) {
  count(static_cast<int64_t>(s.size()));
  bytes(s.data(), static_cast<int64_t>(s.size()));
}

void TensorWriter::shape(const Shape& shape) {
  pod(static_cast<uint32_t>(shape.size()));
  for (int64_t d : shape) pod(d);
}

void TensorWriter::floats(const float* data, int64_t n) {
  bytes(data, n * kFloatBytes);
}

void TensorWriter::tensor(const Tensor& t) {
  shape(t.shape());
  floats(t.data(), t.numel());
}

TensorReader::TensorReader(std::string path, const FileFormat& format)
    : path_(std::move(path)), kind_(format.kind) {
  // A regular file only: a FIFO would block the open, and its size bounds every field.
  remaining_ = open_regular_file(path_, kind_, in_);
  refuse_gzip_file(in_, path_, kind_);
  check_header(format);
}

void TensorReader::check_header(const FileFormat& format) {
  std::string magic(format.magic.size(), '\0');
  bytes(magic.data(), static_cast<int64_t>(magic.size()), "magic");
  if (magic != format.magic) {
    if (!format.unversioned_magic.empty() && magic == format.unversioned_magic) {
      mismatch(version_mismatch(1, format));
    }
    fail("bad magic");
  }
  version_ = pod<uint32_t>("version");
  const uint32_t oldest = format.oldest_version == 0 ? format.version : format.oldest_version;
  if (version_ < oldest || version_ > format.version) mismatch(version_mismatch(version_, format));
}

void TensorReader::mismatch(const std::string& what) const {
  throw std::runtime_error(path_ + ": " + what);
}

void TensorReader::fail(const std::string& what) const {
  mismatch("not a valid gradvec " + kind_ + " (" + what + ")");
}

void TensorReader::bytes(void* data, int64_t n, const char* what) {
  if (n > remaining_) fail(std::string("truncated: file ends inside ") + what);
  errno = 0;
  in_.read(static_cast<char*>(data), static_cast<std::streamsize>(n));
  if (!in_) {
    fail(std::string("read error in ") + what +
         (errno != 0 ? ": " + std::string(std::strerror(errno)) : ""));
  }
  remaining_ -= n;
}

int64_t TensorReader::count(const char* what, int64_t min_item_bytes) {
  const int64_t n = pod<uint32_t>(what);
  if (n > remaining_ / min_item_bytes) {
    fail(std::string("truncated or corrupt: ") + what + " claims " + std::to_string(n) +
         " items, more than the " + std::to_string(remaining_) + " bytes left can hold");
  }
  return n;
}

std::string TensorReader::string(const char* what) {
  std::string s(static_cast<size_t>(count(what, 1)), '\0');
  bytes(s.data(), static_cast<int64_t>(s.size()), what);
  return s;
}

Shape TensorReader::shape(const char* what) {
  const auto ndim = pod<uint32_t>(what);
  if (ndim > kMaxDims) fail(std::string(what) + " claims " + std::to_string(ndim) + " dims");
  Shape shape(ndim);
  for (int64_t& d : shape) d = pod<int64_t>(what);
  if (std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d < 0; })) {
    fail(std::string(what) + " " + shape_str(shape) + " has a negative dim");
  }
  // A shape no tensor can hold is refused here, where the error can name the file.
  int64_t numel = 0;
  try {
    numel = shape_numel(shape);
  } catch (const std::length_error&) {
    fail(std::string("truncated or corrupt: ") + what + " " + shape_str(shape) +
         " has more elements than a tensor can hold");
  }
  if (numel > remaining_ / kFloatBytes) {
    fail(std::string("truncated or corrupt: ") + what + " " + shape_str(shape) +
         " needs more than the " + std::to_string(remaining_) + " bytes left");
  }
  return shape;
}

void TensorReader::floats(float* data, int64_t n, const char* what, int64_t row_width) {
  if (n > remaining_ / kFloatBytes) fail(std::string("truncated: file ends inside ") + what);
  bytes(data, n * kFloatBytes, what);
  const auto [row, problem] = first_non_finite_row(data, n, row_width > 0 ? row_width : n);
  if (row >= 0) {
    fail(std::string(what) + (row_width > 0 ? " row " + std::to_string(row) : std::string()) +
         ": " + problem);
  }
}

void TensorReader::floats(Tensor& t, const char* what) {
  // A row is a slice along the first dim: a table's row is a word's.
  const bool rows = t.shape().size() >= 2 && t.shape()[0] > 0;
  floats(t.data(), t.numel(), what, rows ? t.numel() / t.shape()[0] : 0);
}

Tensor TensorReader::tensor(const char* what) {
  Tensor t(shape(what));
  floats(t, what);
  return t;
}

void TensorReader::finish() const {
  if (remaining_ != 0) fail(std::to_string(remaining_) + " trailing bytes");
}

}  // namespace gv
