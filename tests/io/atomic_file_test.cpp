// write_file_atomically: a regular file is replaced whole through a temporary created new beside
// its target; links are written through (but not another user's in a sticky directory), hard
// links replaced, another user's files in a sticky directory refused, modes kept, read-only files
// refused; what a rename cannot replace (a descriptor, a FIFO) is written
// in place.
#include "io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "tests/scratch_dir.h"

using gv::testing::read_file;

namespace {

void write_hello(std::ostream& out) {
  out << "hello\n";
}

mode_t mode_of(const std::string& path) {
  struct stat info {};
  REQUIRE(::stat(path.c_str(), &info) == 0);
  return info.st_mode & 07777;
}

bool is_link(const std::string& path) {
  return std::filesystem::is_symlink(std::filesystem::symlink_status(path));
}

// Sets the process's umask for one scope.
class ScopedUmask {
 public:
  explicit ScopedUmask(mode_t mask) : old_(::umask(mask)) {}
  ~ScopedUmask() { ::umask(old_); }
  ScopedUmask(const ScopedUmask&) = delete;
  ScopedUmask& operator=(const ScopedUmask&) = delete;

 private:
  mode_t old_;
};

}  // namespace

TEST_CASE("a regular file is replaced through a temporary that does not stay behind") {
  const gv::testing::ScratchDir dir("atomic");
  const std::string path = dir.write("out.txt", "old contents\n");
  gv::write_file_atomically(path, write_hello);
  CHECK(read_file(path) == "hello\n");
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

TEST_CASE("output_descriptor names the descriptors a path stands for, and no other path") {
  CHECK(gv::output_descriptor("-") == 1);
  CHECK(gv::output_descriptor("/dev/stdout") == 1);
  CHECK(gv::output_descriptor("/dev/stderr") == 2);
  CHECK(gv::output_descriptor("/dev/fd/7") == 7);
  CHECK(gv::output_descriptor("/proc/self/fd/12") == 12);
  CHECK(gv::output_descriptor("/proc/thread-self/fd/3") == 3);
  for (const char* other : {"/dev/fd/", "/dev/fd/3x", "/dev/fd/-1", "/dev/null", "out.vec",
                            "/proc/1/fd/3", "dev/stdout"}) {
    CHECK(gv::output_descriptor(other) == -1);
  }
}

TEST_CASE("a descriptor's name is written to the descriptor, never resolved to its file") {
  const gv::testing::ScratchDir dir("atomic_descriptor");
  const std::string log = dir.write("log", "earlier\n");
  struct stat before {};
  REQUIRE(::stat(log.c_str(), &before) == 0);
  const int fd = ::open(log.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);  // `>> log`
  REQUIRE(fd >= 0);
  for (const std::string& name :
       {"/dev/fd/" + std::to_string(fd), "/proc/self/fd/" + std::to_string(fd)}) {
    CHECK_FALSE(gv::writes_a_file(name));
    CHECK(gv::output_target(name) == name);
    gv::check_writable(name);
    gv::write_file_atomically(name, write_hello);
  }
  ::close(fd);
  struct stat after {};
  REQUIRE(::stat(log.c_str(), &after) == 0);
  CHECK(after.st_ino == before.st_ino);  // the same file, not one renamed over it
  CHECK(read_file(log) == "earlier\nhello\nhello\n");
  CHECK(dir.names() == std::vector<std::string>{"log"});

  const int read_only = ::open(log.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(read_only >= 0);
  const std::string name = "/dev/fd/" + std::to_string(read_only);
  CHECK_THROWS_WITH(
      gv::check_writable(name),
      Catch::Equals("cannot write " + name + ": the descriptor is open for reading only"));
  ::close(read_only);
  CHECK_THROWS_WITH(gv::check_writable(name),
                    Catch::Equals("cannot write " + name + ": Bad file descriptor"));
}

TEST_CASE("another user's link in a sticky world-writable directory is not followed") {
  if (::geteuid() != 0) {
    WARN("skipped: only root can give a link to another user");
    return;
  }
  const gv::testing::ScratchDir dir("atomic_sticky");
  const std::string victim = dir.write("victim.vec", "precious\n");
  const std::string sticky = dir.file("sticky");
  std::filesystem::create_directory(sticky);
  REQUIRE(::chmod(sticky.c_str(), 01777) == 0);
  const auto plant = [&](const std::string& name, uid_t owner) {
    const std::string link = sticky + "/" + name;
    std::filesystem::create_symlink(victim, link);
    REQUIRE(::lchown(link.c_str(), owner, static_cast<gid_t>(-1)) == 0);
    return link;
  };
  const uid_t other = 65534;
  const std::string planted = plant("planted.vec", other);
  const std::string message = "cannot write " + planted + ": the symbolic link " + planted +
                              " belongs to uid 65534, in a sticky world-writable directory of "
                              "uid 0: only its owner or the directory's follows it "
                              "(protected_symlinks)";
  CHECK_THROWS_WITH(gv::output_target(planted), Catch::Equals(message));
  CHECK_THROWS_WITH(gv::check_writable(planted), Catch::Equals(message));
  CHECK_THROWS_WITH(gv::write_file_atomically(planted, write_hello), Catch::Equals(message));
  CHECK(read_file(victim) == "precious\n");

  // The kernel's exceptions: a link of this user's, or of the directory owner's.
  CHECK(gv::output_target(plant("own.vec", 0)) == victim);
  REQUIRE(::chown(sticky.c_str(), other, static_cast<gid_t>(-1)) == 0);
  CHECK(gv::output_target(planted) == victim);
  // And a directory that is not sticky.
  REQUIRE(::chown(sticky.c_str(), 0, static_cast<gid_t>(-1)) == 0);
  REQUIRE(::chmod(sticky.c_str(), 0777) == 0);
  CHECK(gv::output_target(planted) == victim);
}

TEST_CASE("another user's file or FIFO in a sticky world-writable directory is not written") {
  if (::geteuid() != 0) {
    WARN("skipped: only root can give a file to another user");
    return;
  }
  const gv::testing::ScratchDir dir("atomic_sticky_files");
  const std::string sticky = dir.file("sticky");
  std::filesystem::create_directory(sticky);
  REQUIRE(::chmod(sticky.c_str(), 01777) == 0);
  const uid_t other = 65534;
  const auto refusal = [](const std::string& path, const std::string& what, const char* rule) {
    return "cannot write " + path + ": " + what + " " + path +
           " belongs to uid 65534, in a sticky world-writable directory of uid 0: only its owner "
           "or the directory's writes it (" +
           rule + ")";
  };
  // Planted for this run to write and its owner to read: neither replaced nor written.
  const std::string planted = dir.write("sticky/planted.vec", "theirs\n");
  REQUIRE(::chown(planted.c_str(), other, static_cast<gid_t>(-1)) == 0);
  const std::string message = refusal(planted, "the file", "protected_regular");
  CHECK_THROWS_WITH(gv::check_writable(planted), Catch::Equals(message));
  CHECK_THROWS_WITH(gv::write_file_atomically(planted, write_hello), Catch::Equals(message));
  CHECK(read_file(planted) == "theirs\n");
  // A hard link to their file is their file; a FIFO is refused before it is opened.
  const std::string linked = sticky + "/linked.vec";
  REQUIRE(::link(planted.c_str(), linked.c_str()) == 0);
  CHECK_THROWS_WITH(gv::write_file_atomically(linked, write_hello),
                    Catch::Equals(refusal(linked, "the file", "protected_regular")));
  const std::string fifo = sticky + "/fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0666) == 0);
  REQUIRE(::chown(fifo.c_str(), other, static_cast<gid_t>(-1)) == 0);
  CHECK_THROWS_WITH(gv::check_writable(fifo),
                    Catch::Equals(refusal(fifo, "the FIFO", "protected_fifos")));
  CHECK(read_file(planted) == "theirs\n");

  // The kernel's exceptions: this user's file, the directory owner's, a directory not sticky.
  gv::write_file_atomically(dir.write("sticky/own.vec", "mine\n"), write_hello);
  CHECK(read_file(sticky + "/own.vec") == "hello\n");
  REQUIRE(::chown(sticky.c_str(), other, static_cast<gid_t>(-1)) == 0);
  gv::write_file_atomically(planted, write_hello);
  CHECK(read_file(planted) == "hello\n");
  REQUIRE(::chown(sticky.c_str(), 0, static_cast<gid_t>(-1)) == 0);
  REQUIRE(::chmod(sticky.c_str(), 0777) == 0);
  gv::write_file_atomically(linked, write_hello);
  CHECK(read_file(linked) == "hello\n");
}

TEST_CASE("a hard link at the output is replaced; the file it shares keeps its bytes") {
  const gv::testing::ScratchDir dir("atomic_hard_link");
  const std::string victim = dir.write("victim.txt", "precious\n");
  const std::string output = dir.file("out.vec");
  REQUIRE(::link(victim.c_str(), output.c_str()) == 0);
  gv::write_file_atomically(output, write_hello);
  CHECK(read_file(output) == "hello\n");
  CHECK(read_file(victim) == "precious\n");
  struct stat info {};
  REQUIRE(::stat(victim.c_str(), &info) == 0);
  CHECK(info.st_nlink == 1);
}

TEST_CASE("check_writable tries the temporary file a write would create, and leaves nothing") {
  const gv::testing::ScratchDir dir("writable");
  gv::check_writable(dir.file("new.txt"));
  const std::string existing = dir.write("old.txt", "old contents\n");
  gv::check_writable(existing);
  CHECK(read_file(existing) == "old contents\n");
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

TEST_CASE("a link planted where a temporary could be guessed to go is never written through") {
  const gv::testing::ScratchDir dir("atomic_planted");
  const std::string victim = dir.write("victim.txt", "precious\n");
  const std::string path = dir.file("out.vec");
  // The names earlier versions used, and the hidden prefix the temporary shares: all that an
  // attacker can predict.
  const std::string pid = std::to_string(::getpid());
  const std::vector<std::string> planted = {"out.vec.tmp." + pid, ".out.vec-", ".out.vec-.tmp"};
  for (const std::string& name : planted) {
    std::filesystem::create_symlink(victim, dir.file(name));
  }
  gv::check_writable(path);
  CHECK_FALSE(std::filesystem::exists(path));  // nothing created at the target by a check
  gv::write_file_atomically(path, write_hello);
  CHECK(read_file(path) == "hello\n");
  CHECK_FALSE(is_link(path));
  CHECK(read_file(victim) == "precious\n");
  for (const std::string& name : planted) CHECK(is_link(dir.file(name)));
  CHECK(dir.names().size() == planted.size() + 2);  // no temporary left either
}

TEST_CASE("an output that is a link is written through to its final target, as > does") {
  const gv::testing::ScratchDir dir("atomic_link");
  const gv::testing::ScratchDir elsewhere("atomic_link_target");
  const std::string target = elsewhere.write("model.vec", "old\n");
  std::filesystem::create_symlink(target, dir.file("middle"));
  std::filesystem::create_symlink("middle", dir.file("out.vec"));  // relative: beside it
  CHECK(gv::output_target(dir.file("out.vec")) == target);
  gv::write_file_atomically(dir.file("out.vec"), write_hello);
  CHECK(read_file(target) == "hello\n");
  CHECK(is_link(dir.file("out.vec")));
  CHECK(is_link(dir.file("middle")));
  CHECK(elsewhere.names() == std::vector<std::string>{"model.vec"});  // the temporary went
  CHECK(dir.names().size() == 2);

  SECTION("a dangling link creates its target") {
    std::filesystem::create_symlink("new.vec", dir.file("dangling"));
    gv::write_file_atomically(dir.file("dangling"), write_hello);
    CHECK(is_link(dir.file("dangling")));
    CHECK(read_file(dir.file("new.vec")) == "hello\n");
  }
  SECTION("a loop of links is refused by name") {
    std::filesystem::create_symlink("loop_b", dir.file("loop_a"));
    std::filesystem::create_symlink("loop_a", dir.file("loop_b"));
    CHECK_THROWS_WITH(gv::write_file_atomically(dir.file("loop_a"), write_hello),
                      Catch::Equals("cannot write " + dir.file("loop_a") +
                                    ": Too many levels of symbolic links"));
  }
}

TEST_CASE("an existing output keeps its mode; a new one gets 0666 less the umask") {
  const gv::testing::ScratchDir dir("atomic_mode");
  const ScopedUmask umask(027);
  const std::string existing = dir.write("kept.txt", "old\n");
  REQUIRE(::chmod(existing.c_str(), 0604) == 0);
  gv::write_file_atomically(existing, write_hello);
  CHECK(read_file(existing) == "hello\n");
  CHECK(mode_of(existing) == 0604);
  gv::write_file_atomically(dir.file("new.txt"), write_hello);
  CHECK(mode_of(dir.file("new.txt")) == 0640);
}

TEST_CASE("a read-only output is refused by name before anything is written") {
  const gv::testing::ScratchDir dir("atomic_read_only");
  const std::string path = dir.write("locked.txt", "keep me\n");
  REQUIRE(::chmod(path.c_str(), 0444) == 0);
  const std::string message = "cannot write " + path + ": the file is read-only (mode 0444)";
  CHECK_THROWS_WITH(gv::check_writable(path), Catch::Equals(message));
  bool called = false;
  CHECK_THROWS_WITH(gv::write_file_atomically(path, [&](std::ostream&) { called = true; }),
                    Catch::Equals(message));
  CHECK_FALSE(called);
  CHECK(read_file(path) == "keep me\n");
  CHECK(mode_of(path) == 0444);
  CHECK(dir.names() == std::vector<std::string>{"locked.txt"});
}

TEST_CASE(
    "a target name of 251 to 255 bytes (NAME_MAX) is written: the temporary's name is short") {
  const gv::testing::ScratchDir dir("atomic_long_name");
  for (const size_t length : {251, 255}) {
    const std::string path = dir.file(std::string(length - 4, 'n') + ".vec");
    gv::check_writable(path);
    gv::write_file_atomically(path, write_hello);
    CHECK(read_file(path) == "hello\n");
    std::filesystem::remove(path);
  }
  CHECK(dir.names().empty());
}

TEST_CASE("create_unique_file makes a new empty file under a fresh name each time") {
  const gv::testing::ScratchDir dir("atomic_unique");
  const std::string first = gv::create_unique_file(dir.path().string(), "gradvec-train-7", "ckpt");
  const std::string second = gv::create_unique_file(dir.path().string(), "gradvec-train-7", "ckpt");
  CHECK(first != second);
  for (const std::string& path : {first, second}) {
    const std::string name = std::filesystem::path(path).filename().string();
    CHECK_THAT(name, Catch::Matches("gradvec-train-7-[A-Za-z0-9]{10}\\.ckpt"));
    CHECK(std::filesystem::file_size(path) == 0);
  }
}
