#include "tools/output_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "autograd/io/atomic_file.h"

namespace gv::tools {

namespace {

void write_in_place(std::ostream& out, const std::string& name,
                    const std::function<void(std::ostream&)>& write) {
  write(out);
  out.flush();
  if (!out) throw std::runtime_error("cannot write " + name + ": write failed");
}

}  // namespace

void write_output(const std::string& path, const std::function<void(std::ostream&)>& write) {
  if (path == "-") {
    write_in_place(std::cout, "standard output", write);
    return;
  }
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) {
    write_file_atomically(path, write);
    return;
  }
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  write_in_place(out, path, write);
}

}  // namespace gv::tools
