#include "word2vec/rare_words.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/descriptor_stream.h"
#include "io/temporary_files.h"

namespace gv {

namespace {

// What precedes a word's bytes in the file.
struct Header {
  int64_t count;
  int64_t size;  // bytes
};

// The most memory reading them back takes: one buffer of this many bytes, whatever their number.
constexpr size_t kReadBytes = size_t{1} << 20;

}  // namespace

// The unlinked file: closing it gives its space back.
struct RareWords::File {
  int fd = -1;
  std::string directory;  // for messages
  ~File() {
    if (fd >= 0) ::close(fd);
  }

  std::runtime_error cannot_write(const std::string& why) const {
    return std::runtime_error(
        "cannot write the rare words' counts (kept for a checkpoint) to a "
        "temporary file in " +
        directory + ": " + why + "; set TMPDIR to a directory with room");
  }
  std::runtime_error cannot_read(const std::string& why) const {
    return std::runtime_error("cannot read the rare words' counts back from a temporary file in " +
                              directory + ": " + why);
  }
};

struct RareWords::Writer::Output {
  std::shared_ptr<File> file;
  DescriptorStream stream;
  explicit Output(std::shared_ptr<File> made) : file(std::move(made)), stream(file->fd) {}
};

RareWords::Writer::Writer() = default;
RareWords::Writer::~Writer() = default;

void RareWords::Writer::add(std::string_view word, int64_t count) {
  if (!out_) {
    const UnlinkedTemporary made = open_unlinked_temporary("gradvec-rare-");
    auto file = std::make_shared<File>();
    file->directory = made.directory.string();
    if (made.fd < 0) throw file->cannot_write(std::strerror(made.error));
    file->fd = made.fd;
    out_ = std::make_unique<Output>(std::move(file));
  }
  const Header header{count, static_cast<int64_t>(word.size())};
  out_->stream.write(reinterpret_cast<const char*>(&header), sizeof header);
  out_->stream.write(word.data(), static_cast<std::streamsize>(word.size()));
  ++size_;
}

RareWords RareWords::Writer::finish() {
  RareWords rare;
  if (!out_) return rare;
  if (!out_->stream.flush()) throw out_->file->cannot_write(write_failed(out_->stream.error()));
  rare.file_ = out_->file;
  rare.size_ = size_;
  return rare;
}

RareWords::RareWords(const WordCounts& words) {
  Writer writer;
  for (const auto& [word, seen] : words) writer.add(word, seen.count);
  *this = writer.finish();
}

void RareWords::visit(const std::function<void(std::string_view, int64_t)>& each) const {
  if (!file_) return;
  // pread, from an offset of its own: callers never move each other's place in the file.
  std::vector<char> buffer(kReadBytes);
  int64_t offset = 0;
  size_t at = 0, end = 0;
  const auto read = [&](char* into, size_t bytes) {
    while (bytes > 0) {
      if (at == end) {
        const ssize_t got = ::pread(file_->fd, buffer.data(), buffer.size(), offset);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw file_->cannot_read(std::strerror(errno));
        if (got == 0) throw file_->cannot_read("the file ends early");
        offset += got;
        at = 0;
        end = static_cast<size_t>(got);
      }
      const size_t taken = std::min(bytes, end - at);
      std::memcpy(into, buffer.data() + at, taken);
      into += taken;
      bytes -= taken;
      at += taken;
    }
  };
  std::string word;
  for (int64_t i = 0; i < size_; ++i) {
    Header header{};
    read(reinterpret_cast<char*>(&header), sizeof header);
    word.resize(static_cast<size_t>(header.size));
    read(word.data(), word.size());
    each(word, header.count);
  }
}

}  // namespace gv
