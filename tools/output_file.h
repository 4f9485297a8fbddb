// write_output: where a command's text output goes.
//
// `-` is standard output. An existing path that is not a regular file (a device such as
// /dev/null, a FIFO) is written in place: renaming a finished temporary file over it would
// replace the device instead of writing to it. Any other path is written atomically
// (autograd/io/atomic_file.h), so a failed run leaves no half-written file behind.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace gv::tools {

// Calls `write` with a stream to `path` as above. Throws std::runtime_error naming the path if
// it cannot be opened or written; an exception from `write` propagates.
void write_output(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace gv::tools
