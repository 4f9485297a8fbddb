#include "autograd/io/gunzip_reader.h"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <new>

#include "autograd/io/printable.h"

namespace gv {

namespace {

// Raw bytes are read this much at a time.
constexpr int64_t kInputBytes = int64_t{64} << 10;

}  // namespace

ByteSource read_descriptor(int fd, const std::string& name) {
  return [fd, name](char* buffer, int64_t capacity) -> int64_t {
    while (true) {
      const ssize_t got = ::read(fd, buffer, static_cast<size_t>(capacity));
      if (got >= 0) return got;
      if (errno != EINTR) {
        throw std::runtime_error(printable(name) + ": cannot read: " + std::strerror(errno));
      }
    }
  };
}

bool starts_with_gzip_magic(std::string_view bytes) {
  return bytes.starts_with("\x1f\x8b");
}

struct GunzipReader::Inflater {
  z_stream stream{};
  bool member_ended = false;  // the last member's trailer has been read

  Inflater() {
    // 16 + MAX_WBITS: a gzip header and trailer (checked CRC and length) around deflate data.
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) throw std::bad_alloc();
  }
  ~Inflater() { inflateEnd(&stream); }
};

GunzipReader::GunzipReader(ByteSource source)
    : source_(std::move(source)), input_(std::make_unique_for_overwrite<char[]>(kInputBytes)) {}

GunzipReader::~GunzipReader() = default;

int64_t GunzipReader::fill_input() {
  if (next_ < end_) return end_ - next_;
  next_ = end_ = 0;
  if (source_ended_) return 0;
  end_ = source_(input_.get(), kInputBytes);
  source_ended_ = end_ == 0;
  return end_;
}

int64_t GunzipReader::read(char* buffer, int64_t capacity) {
  if (!started_) {
    // The magic number's two bytes may come in two reads from a pipe.
    while (end_ < 2 && !source_ended_) {
      const int64_t got = source_(input_.get() + end_, kInputBytes - end_);
      source_ended_ = got == 0;
      end_ += got;
    }
    started_ = true;
    if (starts_with_gzip_magic(std::string_view(input_.get(), static_cast<size_t>(end_)))) {
      inflater_ = std::make_unique<Inflater>();
    }
  }
  if (inflater_) return inflate_into(buffer, capacity);
  if (next_ < end_) {  // what the magic number check read first
    const int64_t taken = std::min(capacity, end_ - next_);
    std::memcpy(buffer, input_.get() + next_, static_cast<size_t>(taken));
    next_ += taken;
    return taken;
  }
  return source_ended_ ? 0 : source_(buffer, capacity);
}

int64_t GunzipReader::inflate_into(char* buffer, int64_t capacity) {
  z_stream& z = inflater_->stream;
  const auto room = static_cast<uInt>(std::min<int64_t>(capacity, UINT_MAX));
  z.next_out = reinterpret_cast<Bytef*>(buffer);
  z.avail_out = room;
  // Until some output is made: inflate may consume a header, or a whole input buffer, and
  // make none.
  while (z.avail_out == room) {
    const int64_t available = fill_input();
    if (inflater_->member_ended) {
      if (available == 0) return 0;  // the end of the last member is the end of the data
      inflateReset(&z);              // another member follows
      inflater_->member_ended = false;
    }
    if (available == 0) throw GzipDataError("unexpected end of file");
    z.next_in = reinterpret_cast<Bytef*>(input_.get() + next_);
    z.avail_in = static_cast<uInt>(available);
    const int status = inflate(&z, Z_NO_FLUSH);
    next_ = end_ - z.avail_in;
    if (status == Z_STREAM_END) {
      inflater_->member_ended = true;
    } else if (status == Z_MEM_ERROR) {
      throw std::bad_alloc();
    } else if (status != Z_OK) {  // Z_DATA_ERROR, or Z_NEED_DICT: no gzip member has one
      throw GzipDataError(z.msg != nullptr ? z.msg : "invalid gzip data");
    }
  }
  return room - z.avail_out;
}

}  // namespace gv
