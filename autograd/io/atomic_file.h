// write_file_atomically: a file is either wholly the old one or wholly the new one.
//
// The contents go to `path.tmp.<pid>` first and are renamed over `path` only once every byte
// is written and synced to disk, so a crash, a full disk or an exception halfway through never
// leaves a truncated checkpoint or plot behind — and concurrent readers never see one either.
//
// What cannot be replaced by a rename is written in place: "-" (standard output) and an
// existing path that is neither a regular file nor a directory (a device such as /dev/null,
// a FIFO).
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace gv {

// Calls `write` with a binary stream to the temporary file, then renames it into place (or
// with the stream itself, for "-", a device or a FIFO). Throws std::runtime_error naming
// `path` if the file cannot be created, written or renamed; an exception from `write`
// propagates. Either way the temporary file is removed.
void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write);

// Throws std::runtime_error naming `path` unless write_file_atomically(path, ...) could create
// its temporary file now: it creates and removes it. For a caller about to do long work whose
// result would be lost if the path turned out unwritable only at the end. A directory as `path`
// is refused; "-", devices and FIFOs are written in place and left untouched (a device can
// still fail later: /dev/full).
void check_writable(const std::string& path);

}  // namespace gv
