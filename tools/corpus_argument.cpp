#include "tools/corpus_argument.h"

#include <filesystem>
#include <stdexcept>

#include "text/corpus/binary_corpus.h"
#include "tools/vectors/vector_format_detection.h"

namespace gv::tools {

void refuse_non_text_corpus(const std::string& name, const std::string& path) {
  // Vectors first: a fastText .bin or word2vec binary file would otherwise be called binary,
  // and a text vector file would train until it diverges.
  if (const std::optional<VectorFormat> format =
          unmistakable_vector_format(first_corpus_block(name, path))) {
    throw std::runtime_error(name + " looks like " + std::string(vector_format_name(*format)) +
                             " vectors, not a corpus; to query them: gradvec nearest --vectors " +
                             (name == "standard input" ? "-" : name));
  }
  refuse_binary_corpus_file(name, path);
}

void add_allow_binary_corpus_flag(CLI::App& command, bool& allow_binary) {
  command.add_flag("--allow-binary-corpus", allow_binary,
                   "Read a corpus file that looks binary: refused by default if its first 65536 "
                   "bytes (decompressed) hold a NUL byte or over 1% bytes of invalid UTF-8, "
                   "are UTF-16 or UTF-32 text, or a vector file");
}

void add_corpus_option(CLI::App& command, std::vector<std::string>& corpus, bool& allow_binary,
                       const std::string& help) {
  CLI::Option* option = command.add_option("--corpus", corpus, help);
  if (!corpus.empty()) option->capture_default_str();  // none: `help` says what is read
  add_allow_binary_corpus_flag(command, allow_binary);
}

namespace {

std::optional<CorpusFiles> checked_files(const std::vector<std::string>& values,
                                         const std::vector<std::string>& shipped,
                                         const std::string& why_no_standard_input) {
  if (values == std::vector<std::string>{"-"}) {
    if (!why_no_standard_input.empty())
      throw std::runtime_error("--corpus -: " + why_no_standard_input);
    return std::nullopt;
  }
  try {
    return corpus_files(values);
  } catch (const std::runtime_error& e) {
    // The default corpus ships in the repository, so missing it means another directory.
    if (values != shipped || std::filesystem::exists(values.front())) throw;
    throw std::runtime_error(std::string(e.what()) +
                             "; it ships in the repository: run gradvec from the repository "
                             "root, or give --corpus FILE");
  }
}

}  // namespace

CorpusArgument::CorpusArgument(const std::vector<std::string>& values,
                               const std::vector<std::string>& shipped, bool allow_binary,
                               const std::string& why_no_standard_input)
    : files_(checked_files(values, shipped, why_no_standard_input)), allow_binary_(allow_binary) {
  if (!files_ || allow_binary_) return;
  for (const std::string& path : files_->paths) refuse_non_text_corpus(path, path);
}

std::vector<PathOption> CorpusArgument::inputs() const {
  std::vector<PathOption> inputs;
  if (files_) {
    for (const std::string& path : files_->paths) inputs.push_back({"--corpus", path});
  }
  return inputs;
}

Corpus CorpusArgument::read() const {
  if (files_) return Corpus(*files_);
  Corpus corpus = Corpus::standard_input();
  if (!allow_binary_) refuse_non_text_corpus(corpus.name(), corpus.path(0));
  return corpus;
}

}  // namespace gv::tools
