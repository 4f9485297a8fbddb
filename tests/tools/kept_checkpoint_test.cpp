// keep_checkpoint: a run that trained keeps its model where it was asked to, else in $TMPDIR, and
// says in words why neither held, memory included (tools/out_of_memory.h's failure_message).
#include <catch2/catch.hpp>
#include <filesystem>
#include <new>
#include <stdexcept>
#include <string>

#include "tests/scratch_dir.h"
#include "tools/out_of_memory.h"
#include "tools/progress.h"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using gv::testing::ScratchDir;

TEST_CASE("A checkpoint that runs out of memory says so, naming the path, not std::bad_alloc",
          "[tools][memory]") {
  const ScratchDir scratch;
  const std::string asked = scratch.file("model.ckpt");
  const gv::tools::SaveCheckpoint save = [](const std::string&) { throw std::bad_alloc(); };
  const gv::tools::KeptCheckpoint kept = gv::tools::keep_checkpoint(save, asked, "train");
  CHECK(kept.path.empty());
  // The asked path's failure, then the $TMPDIR fallback's, each in words.
  CHECK_THAT(kept.failure, StartsWith("out of memory writing the checkpoint " + asked));
  CHECK_THAT(kept.failure, Contains("; out of memory writing the checkpoint "));
  CHECK_THAT(kept.failure, !Contains("bad_alloc"));
  CHECK_FALSE(std::filesystem::exists(asked));
}

TEST_CASE("A failure other than memory keeps its own message", "[tools]") {
  CHECK(gv::tools::failure_message(std::runtime_error("x.vec: No space left on device"),
                                   "writing x.vec") == "x.vec: No space left on device");
  CHECK_THAT(gv::tools::failure_message(std::bad_alloc(), "writing x.vec"),
             StartsWith("out of memory writing x.vec"));
}
