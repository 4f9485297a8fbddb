#include "io/gunzip_reader.h"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <new>
#include <utility>

#include "io/input_pass_stop.h"
#include "io/printable.h"

namespace gv {

namespace {

// Raw bytes are read this much at a time.
constexpr int64_t kInputBytes = int64_t{64} << 10;

}  // namespace

ByteSource read_descriptor(int fd, const std::string& name) {
  return [fd, name](char* buffer, int64_t capacity) -> int64_t {
    while (true) {
      wait_until_readable(fd, "reading " + printable(name));
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

void refuse_gzip_file(std::istream& file, const std::string& path, const std::string& what) {
  char magic[2] = {};
  file.read(magic, sizeof magic);
  const auto got = static_cast<size_t>(file.gcount());
  file.clear();
  file.seekg(0);
  if (starts_with_gzip_magic({magic, got})) {
    throw std::runtime_error(printable(path) + ": a gzip'd " + what +
                             "; decompress it first: gunzip -k " + printable(path));
  }
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

int64_t GunzipReader::fill_input(int64_t wanted) {
  if (end_ - next_ >= wanted || source_ended_) return end_ - next_;
  // The unread bytes move to the buffer's start, and the source fills the room after them.
  read_before_ += next_;
  std::memmove(input_.get(), input_.get() + next_, static_cast<size_t>(end_ - next_));
  end_ -= next_;
  next_ = 0;
  while (end_ < wanted && !source_ended_) {
    const int64_t got = source_(input_.get() + end_, kInputBytes - end_);
    source_ended_ = got == 0;
    end_ += got;
  }
  return end_;
}

int64_t GunzipReader::read(char* buffer, int64_t capacity) {
  if (!started_) {
    fill_input(2);  // the magic number's two bytes may come in two reads from a pipe
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
    int64_t available = fill_input(1);
    if (inflater_->member_ended) {
      if (available == 0) return 0;  // the end of the last member is the end of the data
      // Another member follows, or bytes that are not gzip data: gzip(1) warns of "trailing
      // garbage" and zlib's gzread stops there silently, but a file with something appended
      // (or a cut-off member) should not read as if it were whole.
      available = fill_input(2);
      if (!starts_with_gzip_magic(
              std::string_view(input_.get() + next_, static_cast<size_t>(available)))) {
        throw GzipDataError(
            "bytes that are not gzip data follow its last member, from byte offset " +
            std::to_string(read_before_ + next_));
      }
      inflateReset(&z);
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

GunzipBuffer::GunzipBuffer(ByteSource source, std::string name)
    : reader_(std::move(source)),
      name_(std::move(name)),
      buffer_(static_cast<size_t>(kInputBytes)) {}

GunzipBuffer::int_type GunzipBuffer::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  int64_t got = 0;
  try {
    got = reader_.read(buffer_.data(), static_cast<int64_t>(buffer_.size()));
  } catch (const GzipDataError& e) {
    throw std::runtime_error(printable(name_) + ": cannot decompress gzip data: " + e.what());
  }
  if (got == 0) return traits_type::eof();
  setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
  return traits_type::to_int_type(*gptr());
}

}  // namespace gv
