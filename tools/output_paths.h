// What a command's paths mean for one another before it does any work: an output must not be
// one of its inputs or another output (`train --corpus c.txt --output c.txt` would replace the
// corpus), and messages must not go where the data does (`--output -`).
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tools/output_lock.h"

namespace gv::tools {

// A path as the user gave it, with the option that gave it, for messages.
struct PathOption {
  std::string option;  // "--corpus"
  std::string path;    // empty: not given, skipped
};

// Throws std::runtime_error naming both options and paths ("--output c.txt and --corpus c.txt
// name the same file") when an output names the same file as an input or as another output:
// the same device and inode for files that exist (links followed), else the same absolute
// path once links and "." and ".." are resolved; two outputs that both write to standard output
// ("... both write to standard output"). Inputs that do not exist are left to their readers;
// an input "-" and what is not a regular file (a device, a FIFO) name no file of their own.
// `may_share` lists (input option, output option) pairs that may be one file: a checkpoint
// resumed from and rewritten.
void refuse_shared_files(const std::vector<PathOption>& inputs,
                         const std::vector<PathOption>& outputs,
                         const std::vector<std::pair<std::string, std::string>>& may_share = {});

// Readies a command's output files before it does any work, the one rule for every command:
// each one's missing directories are created (as `mkdir -p`), and each must be writable now
// (check_writable, which creates nothing at the path itself), so that a path that cannot be
// written fails at once rather than after the work; then each is locked against another run
// writing it (OutputLocks), for as long as the caller keeps what is returned: through its last
// write. Empty paths (options not given) are skipped. Throws std::runtime_error "cannot write
// PATH: reason".
[[nodiscard]] OutputLocks prepare_outputs(const std::vector<std::string>& outputs);

// Whether writing `path` writes to standard output: "-", or the file or pipe standard output is
// open to (/dev/stdout). A terminal or /dev/null is shared by design and does not count.
bool writes_to_standard_output(const std::string& path);

// Where a command's messages go (summaries, "written to", neighbours): standard error when one
// of `outputs` writes to standard output ("-", or the file it is open to), so that the data
// stays whole for the next program in a pipe; else standard output.
std::ostream& message_stream(const std::vector<std::string>& outputs);

// `text` (a word or a path) as message stream `out` may show it: always escaped on standard
// error, escaped on standard output only when it is a terminal (printable_on_terminal).
std::string shown_on(const std::ostream& out, std::string_view text);

}  // namespace gv::tools
