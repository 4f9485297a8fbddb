// ScratchDir: a fresh temporary directory for one test case's files, removed with everything
// in it afterwards. Its name holds the process id and a per-process count, because ctest runs
// test cases in parallel processes and one case may make several. And read_file: the bytes of a
// file, to compare with what a test expects or to damage.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace gv::testing {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name = "scratch") {
    static std::atomic<int> made{0};
    path_ =
        std::filesystem::temp_directory_path() /
        ("gradvec_test_" + name + "_" + std::to_string(::getpid()) + "_" + std::to_string(made++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The path of file `name` in the directory (which need not exist yet).
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Writes `bytes` to file `name` and returns its path.
  std::string write(const std::string& name, std::string_view bytes) const {
    const std::string path = file(name);
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
  }
  // The names of the files in the directory, in directory order.
  std::vector<std::string> names() const {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(path_)) {
      found.push_back(entry.path().filename().string());
    }
    return found;
  }

 private:
  std::filesystem::path path_;
};

// The whole of the file at `path`, byte for byte; "" when it cannot be opened.
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace gv::testing
