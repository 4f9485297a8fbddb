// shell_quoted: the "continue with" command names paths a shell must read back exactly, and a
// terminal must show as one inert line.
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "io/printable.h"
#include "tools/progress.h"

using gv::tools::shell_quoted;

namespace {

// What bash makes of `quoted` as one word: printf '%s' WORD, read back.
std::string as_bash_reads(const std::string& quoted) {
  FILE* pipe = popen(("bash -c " + shell_quoted("printf '%s' " + quoted)).c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[256];
  for (size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, got);
  pclose(pipe);
  return out;
}

}  // namespace

TEST_CASE("shell_quoted words read back exactly, and those with control bytes print inertly") {
  CHECK(shell_quoted("plain/path.vec") == "plain/path.vec");
  CHECK(shell_quoted("it's here") == "'it'\\''s here'");
  CHECK(shell_quoted("a\x1b[31mb") == "$'a\\x1b[31mb'");
  CHECK(shell_quoted("\x1b'\\") == "$'\\x1b\\'\\\\'");
  for (const std::string& word : {std::string("it's here"), std::string("a\x1b[31mb c"),
                                  std::string("\x1b'\\\n\xc3\xa9\xff$x")}) {
    INFO(gv::printable(word));
    const std::string quoted = shell_quoted(word);
    CHECK(gv::printable(quoted) == quoted);
    CHECK(as_bash_reads(quoted) == word);
  }
}
