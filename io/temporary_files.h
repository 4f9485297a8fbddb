// The temporary files this process has alive right now, listed where a fatal signal's handler can
// reach them: a write interrupted by INT, TERM or HUP must not leave `out.vec.tmp.123` or a
// spooled corpus behind.
//
// The list is fixed-size and preallocated, so that registering never allocates where a handler
// may look, and unlinking from a handler uses only atomics and unlink(2), which are
// async-signal-safe.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

namespace gv {

// Adds `path` to the list and returns its slot, for unregister_temporary. Register a name before
// the file is created or right after; unlinking a name not yet created, or already renamed away,
// does nothing. A path longer than PATH_MAX cannot be created, so it is not listed (slot -1).
// Throws std::runtime_error when every slot is taken.
int register_temporary(const std::string& path);

// A new file `directory/PREFIX + 10 random characters + SUFFIX`, created with O_EXCL and
// O_NOFOLLOW (never an existing name, never through a link a user could plant) and `mode` less
// the umask, and listed before it exists, so that no moment is left when a signal could end the
// process with the file on disk and unlisted. On failure `fd` is -1, `slot` -1 and `error` errno.
// Throws std::runtime_error when every slot is taken. In an append-only directory
// (append_only_directory) nothing is created: `error` is EPERM.
struct ListedTemporary {
  int fd = -1;
  int slot = -1;
  int error = 0;
  std::string path;
};
ListedTemporary create_listed_temporary(const std::filesystem::path& directory,
                                        const std::string& prefix, const std::string& suffix,
                                        mode_t mode);

// Whether `directory` is append-only (chattr +a): a file made there can be neither renamed nor
// removed, so a temporary would stay behind. False where the flags cannot be read (a file
// system without them).
bool append_only_directory(const std::filesystem::path& directory);

// $TMPDIR, else /tmp: where a file that is no output goes (a spooled corpus, a run's rare words,
// a checkpoint that has nowhere else to go).
std::filesystem::path temporary_directory();

// A new file `temporary_directory()/PREFIX + 10 random characters`, made as
// create_listed_temporary makes one (mode 0600) and unlinked at once: only the descriptor keeps
// it, so however the process ends (an error, a signal, SIGKILL) nothing is left on disk, and its
// space goes back when the descriptor is closed. For data only this process reads back, through
// the descriptor (open for reading and writing). On failure `fd` is -1 and `error` errno;
// `directory` names the place either way, for messages.
struct UnlinkedTemporary {
  int fd = -1;
  int error = 0;
  std::filesystem::path directory;
};
UnlinkedTemporary open_unlinked_temporary(const std::string& prefix);

// Takes the slot's path off the list once the file is renamed into place or removed; -1 does
// nothing.
void unregister_temporary(int slot);

// Unlinks every listed path. Async-signal-safe.
void unlink_registered_temporaries();

// Installs the handler a command that does not stop gracefully needs: on INT, TERM or HUP it
// unlinks the listed temporaries, then lets the signal end the process as it would have (so the
// exit status is still the signal's). A signal ignored when the process started stays ignored.
// A command that stops gracefully installs its own handler
// over it for as long as it runs.
void unlink_temporaries_on_fatal_signals();

}  // namespace gv
