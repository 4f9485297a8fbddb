#include "word2vec/rare_words.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tests/scratch_dir.h"
#include "tests/word2vec/read_back.h"

using Catch::Matchers::Contains;
using gv::RareWords;

namespace {

// TMPDIR set to `directory` while it lives, then as it was.
class TemporaryDirectory {
 public:
  explicit TemporaryDirectory(const std::string& directory) {
    if (const char* before = std::getenv("TMPDIR")) before_ = before;
    ::setenv("TMPDIR", directory.c_str(), 1);
  }
  ~TemporaryDirectory() {
    if (before_) {
      ::setenv("TMPDIR", before_->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;

 private:
  std::optional<std::string> before_;
};

// What this process's descriptors point at, as /proc/self/fd shows it: an unlinked file's target
// ends in " (deleted)".
std::vector<std::string> open_files() {
  std::vector<std::string> targets;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    std::error_code gone;  // the iterator's own descriptor, closed by the time it is read
    const std::filesystem::path target = std::filesystem::read_symlink(entry.path(), gone);
    if (!gone) targets.push_back(target.string());
  }
  return targets;
}

// The descriptors open on an unlinked gradvec-rare-* file in `directory`.
size_t spilled_in(const std::filesystem::path& directory) {
  size_t found = 0;
  for (const std::string& target : open_files()) {
    found += target.starts_with((directory / "gradvec-rare-").string()) &&
             target.ends_with(" (deleted)");
  }
  return found;
}

}  // namespace

TEST_CASE("RareWords give back every word and count in order, across the read buffer's ends",
          "[rare]") {
  gv::testing::ScratchDir dir("rare_words");
  const TemporaryDirectory tmpdir(dir.path().string());
  // 200,000 words of 16 + 6 or 7 bytes span several 1 MiB reads, and one word of 3 MiB is longer
  // than a read.
  std::vector<std::pair<std::string, int64_t>> words;
  for (int64_t i = 0; i < 200000; ++i) words.emplace_back(std::to_string(i) + "w", i % 4 + 1);
  words.insert(words.begin() + 1000, {std::string(3 << 20, 'x'), 2});
  RareWords::Writer writer;
  for (const auto& [word, count] : words) writer.add(word, count);
  const RareWords rare = writer.finish();
  CHECK(rare.size() == static_cast<int64_t>(words.size()));
  for (const RareWords& reader : {rare, RareWords(rare)}) {  // a copy reads the same file
    size_t i = 0;
    bool same = true;
    reader.visit([&](std::string_view word, int64_t count) {
      same = same && i < words.size() && word == words[i].first && count == words[i].second;
      ++i;
    });
    CHECK(same);
    CHECK(i == words.size());
  }
  // From counts made by hand: their order, their `first`s left out.
  const gv::WordCounts counts{{"b", {3, 7}}, {"a", {1, 2}}};
  CHECK(gv::testing::read_back(RareWords(counts)) == gv::WordCounts{{"b", {3, 0}}, {"a", {1, 1}}});
}

TEST_CASE("RareWords live in an unlinked file in TMPDIR, gone with the last copy", "[rare]") {
  gv::testing::ScratchDir dir("rare_words");
  const TemporaryDirectory tmpdir(dir.path().string());
  CHECK(RareWords(gv::WordCounts{}).empty());
  CHECK(spilled_in(dir.path()) == 0);  // no words, no file
  {
    std::optional<RareWords> rare = RareWords(gv::WordCounts{{"zorblax", {3, 0}}});
    const RareWords copy = *rare;
    // Open, and already without a name: no exit can leave it behind.
    CHECK(spilled_in(dir.path()) == 1);
    CHECK(dir.names().empty());
    rare.reset();
    CHECK(spilled_in(dir.path()) == 1);  // the copy still reads it
    CHECK(gv::testing::read_back(copy) == gv::WordCounts{{"zorblax", {3, 0}}});
  }
  CHECK(spilled_in(dir.path()) == 0);
}

TEST_CASE("RareWords name TMPDIR when their file cannot be made there", "[rare]") {
  gv::testing::ScratchDir dir("rare_words");
  const std::string missing = dir.file("no/such/dir");
  const TemporaryDirectory tmpdir(missing);
  CHECK(RareWords(gv::WordCounts{}).empty());  // nothing to write: no file to make
  CHECK_THROWS_WITH(RareWords(gv::WordCounts{{"zorblax", {3, 0}}}),
                    Contains("cannot write the rare words' counts (kept for a checkpoint) to a "
                             "temporary file in " +
                             missing + ": No such file or directory") &&
                        Contains("set TMPDIR to a directory with room"));
}
