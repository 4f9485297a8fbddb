#include "tools/output_paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "io/atomic_file.h"
#include "io/printable.h"

namespace gv::tools {

namespace {

// What makes two paths one file: standard output, a device and inode, or for a file not yet
// created the absolute path it will be created at.
struct FileIdentity {
  bool standard_output = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string future_path;  // set only when the file does not exist yet
  bool operator==(const FileIdentity&) const = default;
};

// nullopt for an input "-", a device or a FIFO, and (for an input) a path that does not exist.
std::optional<FileIdentity> identity(const std::string& path, bool output) {
  if (path.empty() || (!output && path == "-")) return std::nullopt;
  FileIdentity id;
  if (output && writes_to_standard_output(path)) {
    id.standard_output = true;
    return id;
  }
  const std::string target = output ? output_target(path) : path;
  struct stat info {};
  if (::stat(target.c_str(), &info) == 0) {
    if (!S_ISREG(info.st_mode)) return std::nullopt;
    id.device = info.st_dev;
    id.inode = info.st_ino;
    return id;
  }
  if (!output) return std::nullopt;
  std::error_code error;
  id.future_path =
      std::filesystem::weakly_canonical(std::filesystem::absolute(target, error), error).string();
  return id;
}

struct Identified {
  const PathOption* option;
  FileIdentity identity;
};

std::vector<Identified> identified(const std::vector<PathOption>& paths, bool outputs) {
  std::vector<Identified> found;
  for (const PathOption& path : paths) {
    if (const auto id = identity(path.path, outputs)) found.push_back({&path, *id});
  }
  return found;
}

[[noreturn]] void refuse(const Identified& output, const Identified& other) {
  throw std::runtime_error(
      output.option->option + " " + printable(output.option->path) + " and " +
      other.option->option + " " + printable(other.option->path) +
      (output.identity.standard_output ? " both write to standard output" : " name the same file"));
}

}  // namespace

void refuse_shared_files(const std::vector<PathOption>& inputs,
                         const std::vector<PathOption>& outputs,
                         const std::vector<std::pair<std::string, std::string>>& may_share) {
  const std::vector<Identified> read = identified(inputs, false);
  const std::vector<Identified> written = identified(outputs, true);
  for (size_t i = 0; i < written.size(); ++i) {
    for (const Identified& input : read) {
      const std::pair<std::string, std::string> pair(input.option->option,
                                                     written[i].option->option);
      if (input.identity == written[i].identity &&
          std::find(may_share.begin(), may_share.end(), pair) == may_share.end()) {
        refuse(written[i], input);
      }
    }
    for (size_t j = 0; j < i; ++j) {
      if (written[j].identity == written[i].identity) refuse(written[i], written[j]);
    }
  }
}

bool writes_to_standard_output(const std::string& path) {
  if (path == "-") return true;
  struct stat out {
  }, info{};
  // A character device (a terminal, /dev/null) is shared by design: writing it is no pipe.
  return !path.empty() && ::fstat(STDOUT_FILENO, &out) == 0 && !S_ISCHR(out.st_mode) &&
         ::stat(path.c_str(), &info) == 0 && info.st_dev == out.st_dev && info.st_ino == out.st_ino;
}

std::ostream& message_stream(const std::vector<std::string>& outputs) {
  const bool shared = std::any_of(outputs.begin(), outputs.end(), writes_to_standard_output);
  return shared ? std::cerr : std::cout;
}

std::string shown_on(const std::ostream& out, std::string_view text) {
  return &out == &std::cerr ? printable(text) : printable_on_terminal(text);
}

OutputLocks prepare_outputs(const std::vector<std::string>& outputs) {
  for (const std::string& output : outputs) {
    if (output.empty()) continue;
    const std::filesystem::path directory = std::filesystem::path(output).parent_path();
    std::error_code error;
    if (!directory.empty()) std::filesystem::create_directories(directory, error);
    if (error)
      throw std::runtime_error("cannot write " + printable(output) + ": " + error.message());
    check_writable(output);
  }
  return OutputLocks(outputs);
}

}  // namespace gv::tools
