// write_file_atomically: a regular file is replaced whole through a temporary; what a rename
// cannot replace (standard output, a FIFO) is written in place.
#include "autograd/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "tests/scratch_dir.h"

namespace {

void write_hello(std::ostream& out) {
  out << "hello\n";
}

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("a regular file is replaced through a temporary that does not stay behind") {
  const gv::testing::ScratchDir dir("atomic");
  const std::string path = dir.write("out.txt", "old contents\n");
  gv::write_file_atomically(path, write_hello);
  CHECK(contents(path) == "hello\n");
  CHECK(dir.names() == std::vector<std::string>{"out.txt"});
}

TEST_CASE("a FIFO is written in place: a rename would replace the pipe, not feed its reader") {
  const gv::testing::ScratchDir dir("atomic_fifo");
  const std::string pipe = dir.file("pipe");
  REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  // A reader must hold the pipe open for the writer's open() to return; non-blocking, so a
  // writer that never comes leaves it at end of file instead of hanging the test. The six
  // bytes fit the pipe's buffer, so the write completes before anything is read.
  const int reader = ::open(pipe.c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(reader >= 0);
  gv::write_file_atomically(pipe, write_hello);
  std::string received(64, '\0');
  const ssize_t got = ::read(reader, received.data(), received.size());
  ::close(reader);
  received.resize(got > 0 ? static_cast<size_t>(got) : 0);
  CHECK(received == "hello\n");
  CHECK(dir.names() == std::vector<std::string>{"pipe"});  // no temporary beside it
}

TEST_CASE("\"-\" is standard output") {
  std::ostringstream captured;
  std::streambuf* const old = std::cout.rdbuf(captured.rdbuf());
  gv::write_file_atomically("-", write_hello);
  std::cout.rdbuf(old);
  CHECK(captured.str() == "hello\n");
}

TEST_CASE("check_writable tries the temporary file a write would create, and leaves nothing") {
  const gv::testing::ScratchDir dir("writable");
  gv::check_writable(dir.file("new.txt"));
  const std::string existing = dir.write("old.txt", "old contents\n");
  gv::check_writable(existing);
  CHECK(contents(existing) == "old contents\n");
  CHECK(dir.names() == std::vector<std::string>{"old.txt"});
  CHECK_THROWS_WITH(gv::check_writable(existing + "/under.txt"),
                    Catch::Equals("cannot write " + existing + "/under.txt: Not a directory"));
  CHECK_THROWS_WITH(gv::check_writable(dir.file("no/such/dir.txt")),
                    Catch::Contains("No such file or directory"));
  // What is written in place is not tried: a device, standard output.
  gv::check_writable("/dev/full");
  gv::check_writable("-");
}

TEST_CASE("a directory is refused before anything is written") {
  const gv::testing::ScratchDir dir("atomic_directory");
  const std::string directory = dir.file("sub");
  std::filesystem::create_directory(directory);
  CHECK_THROWS_WITH(gv::check_writable(directory),
                    Catch::Equals("cannot write " + directory + ": is a directory"));
  bool called = false;
  CHECK_THROWS_WITH(gv::write_file_atomically(directory, [&](std::ostream&) { called = true; }),
                    Catch::Equals("cannot write " + directory + ": is a directory"));
  CHECK_FALSE(called);
  CHECK(dir.names() == std::vector<std::string>{"sub"});
}
