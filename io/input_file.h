// Input files read from disk: one check of what a path is before anything opens it, shared by
// every reader of a file that cannot be a stream (corpora, checkpoints, vocabulary files), so a
// FIFO or a device given as one gets the same one-line error everywhere instead of a read that
// blocks for a writer, or never ends.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

namespace gv {

// Returns the size of regular file `path`, found without opening it (opening a FIFO waits for a
// writer). Throws std::runtime_error naming the path and saying what is wrong, `what` naming the
// file's role: "<path>: <what> not found", "<path>: <what> is a directory, not a file",
// "<path>: <what> is a FIFO, not a regular file (<why>)" (likewise a device or a socket; no
// parenthesis for an empty `why`), or "<path>: cannot read <what>: <reason>".
int64_t require_regular_file(const std::string& path, std::string_view what,
                             std::string_view why = {});

// require_regular_file, then opens `path` into `file` (binary); returns its size. Throws
// "<path>: cannot open <what>: <reason>" if the open fails.
int64_t open_regular_file(const std::string& path, std::string_view what, std::ifstream& file,
                          std::string_view why = {});

}  // namespace gv
