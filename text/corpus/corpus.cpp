#include "text/corpus/corpus.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "io/gunzip_reader.h"
#include "io/input_file.h"

namespace gv {

namespace {

// Every regular file directly in `directory` whose name does not start with '.', sorted by name
// byte by byte (std::string compares chars as unsigned char).
std::vector<std::string> files_in(const std::string& directory) {
  std::vector<std::string> names;
  std::error_code error;
  for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error)) {
    const std::string name = it->path().filename().string();
    std::error_code kind_error;  // a dangling link or an unreadable entry: not a corpus file
    if (!name.starts_with('.') && it->is_regular_file(kind_error)) names.push_back(name);
  }
  if (error) {
    throw std::runtime_error(directory + ": cannot list corpus directory: " + error.message());
  }
  std::sort(names.begin(), names.end());
  std::vector<std::string> paths;
  for (const std::string& name : names) paths.push_back((std::filesystem::path(directory) / name));
  return paths;
}

}  // namespace

int64_t open_corpus(const std::string& path, std::ifstream& file) {
  // Training reads a corpus once to count its words and again every epoch, from several
  // threads at once: a stream (a FIFO, a terminal, /dev/stdin) cannot be read so.
  return open_regular_file(path, "corpus", file, "a corpus is read more than once");
}

Corpus::Corpus(const std::string& path) : Corpus(std::vector<std::string>{path}, path) {}

Corpus::Corpus(std::vector<std::string> paths, std::string name) : name_(std::move(name)) {
  if (paths.empty()) throw std::runtime_error(name_ + ": a corpus needs at least one file");
  for (std::string& path : paths) {
    std::ifstream file;
    open_corpus(path, file);
    char magic[2] = {};
    file.read(magic, 2);
    const bool gzip =
        starts_with_gzip_magic(std::string_view(magic, static_cast<size_t>(file.gcount())));
    add(path, gzip ? spool_gzip(path) : nullptr);
  }
}

Corpus Corpus::standard_input() {
  Corpus corpus;
  corpus.name_ = "standard input";
  corpus.add(corpus.name_, spool_stdin());
  return corpus;
}

void Corpus::add(std::string name, std::shared_ptr<const Spool> spool) {
  const std::string& path = spool ? spool->path() : name;
  std::ifstream file;
  const int64_t bytes = open_corpus(path, file);
  files_.push_back({std::move(name), std::move(spool), size() + bytes});
}

size_t Corpus::file_at(int64_t offset) const {
  return static_cast<size_t>(
      std::partition_point(files_.begin(), files_.end(),
                           [offset](const File& file) { return file.end <= offset; }) -
      files_.begin());
}

bool Corpus::is_file_boundary(int64_t offset) const {
  // The file holding `offset` starts where the one before it ends.
  const size_t i = file_at(offset);
  return offset == size() || (i < files_.size() && start(i) == offset);
}

CorpusFiles corpus_files(const std::vector<std::string>& values) {
  if (values.empty()) throw std::runtime_error("--corpus: no corpus given");
  if (std::find(values.begin(), values.end(), "-") != values.end()) {
    throw std::runtime_error("--corpus -: standard input is a whole corpus, not one of a list");
  }
  std::error_code error;
  CorpusFiles files;
  if (values.size() == 1 && std::filesystem::is_directory(values[0], error)) {
    files.paths = files_in(values[0]);
    if (files.paths.empty()) {
      throw std::runtime_error(values[0] +
                               ": the corpus directory holds no files (subdirectories and hidden "
                               "files are skipped)");
    }
    files.name = std::to_string(files.paths.size()) + " file" +
                 (files.paths.size() == 1 ? "" : "s") + " in " + values[0];
  } else if (values.size() == 1) {
    files = {values, values[0]};
  } else {
    for (const std::string& value : values) {
      if (std::filesystem::is_directory(value, error)) {
        throw std::runtime_error(value +
                                 ": a directory in a list of corpus files; give a directory "
                                 "alone to read every file in it");
      }
    }
    files = {values,
             std::to_string(values.size()) + " files: " + values.front() + " ... " + values.back()};
  }
  for (const std::string& path : files.paths) {
    std::ifstream file;
    open_corpus(path, file);
  }
  return files;
}

}  // namespace gv
