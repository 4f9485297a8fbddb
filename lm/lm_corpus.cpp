#include "lm/lm_corpus.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "autograd/machine.h"
#include "io/input_pass_stop.h"
#include "io/gunzip_reader.h"
#include "io/input_file.h"

namespace gv {

int64_t open_lm_corpus(const std::string& path, std::ifstream& file) {
  return open_regular_file(path, "corpus", file, "a corpus is read more than once");
}

namespace {

// Appends file `path`'s text to `text`, decompressed if it is gzip'd (GunzipReader tells it by
// its magic bytes).
void append_whole(const std::string& path, std::string& text) {
  std::ifstream in;
  const int64_t bytes = open_lm_corpus(path, in);
  // The text and its ids, 9 bytes a character, must fit before either is read; a gzip'd
  // file's text is checked again every kChunk as it grows.
  const auto require = [&](int64_t text_bytes) {
    require_memory(9.0 * double(text_bytes), path + ": the corpus and its ids need",
                   "use a shorter corpus");
  };
  require(static_cast<int64_t>(text.size()) + bytes);
  GunzipReader content([&](char* buffer, int64_t capacity) {
    in.read(buffer, static_cast<std::streamsize>(capacity));
    if (in.bad()) throw std::runtime_error(path + ": cannot read corpus: " + std::strerror(errno));
    return static_cast<int64_t>(in.gcount());
  });
  constexpr int64_t kChunk = int64_t{1} << 20;
  try {
    for (int64_t got = 1; got > 0;) {
      throw_if_input_pass_stopped("reading " + path);
      const size_t filled = text.size();
      if (filled + kChunk > text.capacity()) require(static_cast<int64_t>(filled) + kChunk);
      text.resize(filled + kChunk);
      got = content.read(text.data() + filled, kChunk);
      text.resize(filled + static_cast<size_t>(got));
    }
  } catch (const GzipDataError& e) {
    throw std::runtime_error(path + ": cannot decompress gzip data: " + e.what());
  }
}

}  // namespace

std::optional<int64_t> plain_lm_corpus_size(const LmCorpusFiles& files) {
  int64_t total = 0;
  for (const std::string& path : files.paths) {
    std::ifstream in(path, std::ios::binary);
    char magic[2] = {};
    in.read(magic, sizeof magic);
    std::error_code error;
    const auto bytes = static_cast<int64_t>(std::filesystem::file_size(path, error));
    if (!in.is_open() || error || starts_with_gzip_magic({magic, size_t(in.gcount())})) {
      return std::nullopt;
    }
    total += bytes;
  }
  return total;
}

LmCorpus read_lm_corpus(const LmCorpusFiles& files, int64_t length, const LmTokenizer* vocab) {
  std::string text;
  for (const std::string& path : files.paths) append_whole(path, text);
  const std::string& path = files.name;  // what messages call the corpus from here on
  if (text.empty()) throw std::runtime_error(path + ": the corpus is empty");
  throw_if_input_pass_stopped("reading " + path);
  LmCorpus corpus;
  corpus.fingerprint = fingerprint_bytes(text);
  corpus.files.name = files.name;
  for (const std::string& file : files.paths) {
    corpus.files.paths.push_back(std::filesystem::absolute(file).lexically_normal().string());
  }
  corpus.vocab = vocab ? *vocab : LmTokenizer(ByteAlphabet::of_text(text));
  const int64_t bytes = corpus.fingerprint.bytes;
  const auto train_bytes = static_cast<size_t>(bytes - bytes / 10);
  try {
    corpus.train = corpus.vocab.encode(std::string_view(text).substr(0, train_bytes), path);
    corpus.validation = corpus.vocab.encode(std::string_view(text).substr(train_bytes), path,
                                            static_cast<int64_t>(train_bytes));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(e.what());
  }
  const auto validation = static_cast<int64_t>(corpus.validation.size());
  if (validation < length + 1) {
    throw std::runtime_error(
        path + ": " + std::to_string(bytes) + " bytes leave the 10% validation split " +
        std::to_string(validation) + " " + corpus.vocab.unit() + ", too few for a context of " +
        std::to_string(length) + ": it needs at least " + std::to_string(length + 1));
  }
  return corpus;
}

}  // namespace gv
