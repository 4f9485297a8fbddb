// Vector files that cannot be mapped: FIFOs, /proc files, devices. Each is opened once and
// read once, and input that never ends stops at the first bytes that no vector file has.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "tests/vectors/tiny_fasttext_model.h"
#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/fasttext_model.h"
#include "tools/vectors/vector_io.h"

namespace gv::test {

namespace {

// A FIFO in `dir` with a thread writing `piece` into it `times` times, then closing it. The
// thread stops early when the reader closes its end; written() says how far it got, so a
// test can tell a reader that stopped from one that read everything.
class FifoWriter {
 public:
  FifoWriter(const ScratchDir& dir, std::string piece, int64_t times,
             const std::string& name = "fifo")
      : path_(dir.file(name)), piece_(std::move(piece)), times_(times) {
    REQUIRE(::mkfifo(path_.c_str(), 0600) == 0);
    // A reader that closes early must fail the writes, not kill the test with SIGPIPE.
    old_handler_ = std::signal(SIGPIPE, SIG_IGN);
    thread_ = std::thread([this] {
      const int fd = ::open(path_.c_str(), O_WRONLY);
      for (int64_t i = 0; fd >= 0 && i < times_; ++i) {
        if (::write(fd, piece_.data(), piece_.size()) != static_cast<ssize_t>(piece_.size())) break;
        written_ += static_cast<int64_t>(piece_.size());
      }
      if (fd >= 0) ::close(fd);
    });
  }
  ~FifoWriter() {
    if (thread_.joinable()) thread_.join();
    std::signal(SIGPIPE, old_handler_);
  }
  FifoWriter(const FifoWriter&) = delete;
  FifoWriter& operator=(const FifoWriter&) = delete;

  const std::string& path() const { return path_; }
  int64_t written() {
    thread_.join();
    return written_;
  }

 private:
  std::string path_, piece_;
  int64_t times_;
  int64_t written_ = 0;
  void (*old_handler_)(int) = nullptr;
  std::thread thread_;
};

}  // namespace

TEST_CASE("a FIFO is read once, whatever its format", "[vector_io][stream]") {
  // 20000 lines (~300 KB) so that the prefix is checked several times while it arrives.
  const std::string w2v = "20000 3\n";
  for (const auto& [first, format] : {std::pair{std::string(), VectorFormat::Glove},
                                      std::pair{w2v, VectorFormat::Word2VecText}}) {
    const ScratchDir dir;
    std::string text = first;
    for (int i = 0; i < 20000; ++i) {
      // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "w" + std::string.
      text += "w";
      text += std::to_string(i);
      text += " 0.25 -1.5 3\n";
    }
    FifoWriter writer(dir, text, 1);
    ReadReport report;
    const WordVectors v = gv::read_vectors(writer.path(), {}, &report);
    CHECK(report.format == format);
    CHECK(report.bytes == static_cast<int64_t>(text.size()));
    REQUIRE(v.size() == 20000);
    CHECK(v.words[19999] == "w19999");
    CHECK(writer.written() == static_cast<int64_t>(text.size()));
  }

  const ScratchDir dir;
  const std::string binary_path = dir.file("v.bin");
  const WordVectors small = gv::test::make_vectors({{"the", {0.5f, -2}}, {"cat", {1, 3}}});
  gv::write_vectors(binary_path, small, VectorFormat::Word2VecBinary);
  FifoWriter writer(dir, gv::test::read_file(binary_path), 1);
  ReadReport report;
  CHECK(gv::read_vectors(writer.path(), {}, &report).values == small.values);
  CHECK(report.format == VectorFormat::Word2VecBinary);
}

TEST_CASE("a /proc file, whose size reads 0, is read as a stream", "[vector_io][stream]") {
  // Its first line is "Name:\t<program>": text, not "empty file".
  CHECK(read_error("/proc/self/status") ==
        "/proc/self/status: looks like plain text, not vectors; to train on it: gradvec train "
        "--corpus /proc/self/status");
}

TEST_CASE("input that never ends stops at the first bytes no vector file has",
          "[vector_io][stream][errors]") {
  CHECK(read_error("/dev/zero") == "/dev/zero:1: the byte \\x00, which no text vector line holds");
  ReadOptions skip;
  skip.skip_bad = true;
  CHECK_THAT(read_error("/dev/zero", skip),
             Catch::StartsWith("/dev/zero:1: a line longer than 16 MiB, the longest a vector file "
                               "may have, starting \"\\x00"));

  // Each writes up to 256 MiB; a reader that stops early leaves most of it unwritten. (The
  // 16 MiB caps are seen by the check at 32 MiB, when the bytes read have doubled.)
  constexpr int64_t kPieces = 256 << 10;
  const auto stops_early = [&](const std::string& piece, const ReadOptions& options,
                               const std::string& message) {
    const ScratchDir dir;
    FifoWriter writer(dir, piece, kPieces);
    CHECK(read_error(writer.path(), options) == writer.path() + message);
    CHECK(writer.written() < kPieces * static_cast<int64_t>(piece.size()) / 2);
  };
  const std::string y(1024, 'y');
  stops_early(std::string(1023, 'y') + "\n", {},
              ":1: expected a word and its values, found \"" + y.substr(0, 80) + "...\"");
  stops_early(y, skip,
              ":1: a line longer than 16 MiB, the longest a vector file may have, "
              "starting \"" +
                  y.substr(0, 80) + "...\"");
  stops_early(std::string(1023, 'y') + "\n", skip,
              ": no line in the first 16 MiB is a word and its numbers, so the dimension is "
              "unknown");
  // A header, then more lines than it declares.
  stops_early("1 2\nthe 1 2" + std::string(1013, ' ') + "\n", {},
              ":3: more vector lines than the 1 the header (line 1) declares");
}

TEST_CASE("a header's word count never sizes a stream", "[vector_io][stream][errors]") {
  const ScratchDir dir;
  FifoWriter writer(dir, "1000000000000 3\nthe 1 2 3\n", 1);
  CHECK(read_error(writer.path()) == writer.path() +
                                         ":1: the header declares 1000000000000 words of "
                                         "dimension 3, but the 10 bytes after it hold at most 1 "
                                         "such lines");
}

TEST_CASE("a limit stops reading a stream once its words are in", "[vector_io][stream]") {
  const ScratchDir dir;
  std::string lines;
  for (int i = 0; i < 1000; ++i) {
    lines += "w";
    lines += std::to_string(i);
    lines += " 1 2\n";
  }
  constexpr int64_t kPieces = 64 << 10;  // 500 MB if read to the end
  FifoWriter writer(dir, lines, kPieces);
  ReadOptions options;
  options.limit = 5;
  const WordVectors v = gv::read_vectors(writer.path(), options);
  CHECK(v.words == std::vector<std::string>{"w0", "w1", "w2", "w3", "w4"});
  CHECK(writer.written() < kPieces * static_cast<int64_t>(lines.size()) / 2);
}

TEST_CASE("a fastText model reads from a FIFO; bytes past its end stop the read",
          "[vector_io][stream]") {
  const ScratchDir dir;
  gv::test::TinyFastTextModel tiny;
  constexpr int64_t kBuckets = 10000;  // ~120 KB, so the prefix is checked while it arrives
  tiny.args.bucket = kBuckets;
  const int64_t rows = gv::test::TinyFastTextModel::kWords + kBuckets;
  const int64_t dim = gv::test::TinyFastTextModel::kDim;
  const std::vector<float> input = gv::test::TinyFastTextModel::table(rows, dim, 1.0);
  const std::string path = dir.file("m.bin");
  gv::write_fasttext_bin(path, tiny.args, tiny.entries, tiny.ntokens, {input.data(), rows, dim},
                         tiny.output_view());
  const std::string model = gv::test::read_file(path);
  const WordVectors from_file = gv::read_vectors(path);
  {
    FifoWriter writer(dir, model, 1, "vectors");
    const WordVectors from_fifo = gv::read_vectors(writer.path());
    CHECK(from_fifo.words == from_file.words);
    CHECK(from_fifo.values == from_file.values);
    REQUIRE(from_fifo.subwords != nullptr);
    std::vector<float> unseen(3), expected(3);
    from_fifo.subwords->ngram_vector("xyz", unseen.data());
    from_file.subwords->ngram_vector("xyz", expected.data());
    CHECK(unseen == expected);
  }
  {
    FifoWriter writer(dir, model, 1, "model");
    CHECK(gv::read_fasttext_model(writer.path()).entries.size() == tiny.entries.size());
  }
  // The model again and again: the first check past its end stops the read.
  constexpr int64_t kCopies = 1 << 14;  // 2 GB if read to the end
  FifoWriter writer(dir, model, kCopies, "repeated");
  CHECK_THAT(read_error(writer.path()), Catch::StartsWith(writer.path() + ": ") &&
                                            Catch::EndsWith(" bytes after the output matrix"));
  CHECK(writer.written() < kCopies * static_cast<int64_t>(model.size()) / 2);
}

}  // namespace gv::test
