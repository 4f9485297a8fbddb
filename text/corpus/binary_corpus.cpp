#include "text/corpus/binary_corpus.h"

#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "io/printable.h"
#include "io/text_encoding.h"

namespace gv {

// zlib reads a file that is not gzip'd as it is.
std::string first_corpus_block(const std::string& name, const std::string& path) {
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), gzclose);
  if (!file) throw std::runtime_error(name + ": cannot open corpus: " + std::strerror(errno));
  std::string block(kTextCheckBytes, '\0');
  int64_t filled = 0;
  while (filled < kTextCheckBytes) {
    const int got =
        gzread(file.get(), block.data() + filled, static_cast<unsigned>(kTextCheckBytes - filled));
    if (got <= 0) break;  // the end, or corrupt gzip data: reading the corpus reports that
    filled += got;
  }
  block.resize(static_cast<size_t>(filled));
  return block;
}

TextSample sample_text(std::string_view block) {
  TextSample sample;
  sample.bytes = static_cast<int64_t>(block.size());
  for (size_t i = 0; i < block.size();) {
    if (block[i] == '\0') ++sample.nul_bytes;
    const int length = utf8_char_length(block.substr(i));
    if (length < 0) break;
    if (length == 0) {
      ++sample.invalid_utf8_bytes;
      ++i;
    } else {
      i += static_cast<size_t>(length);
    }
  }
  return sample;
}

void refuse_binary_corpus_file(const std::string& name, const std::string& path) {
  const std::string block = first_corpus_block(name, path);
  const std::string encoding = wide_unicode_encoding(block);
  if (!encoding.empty())
    throw std::runtime_error(name + ": " + wide_encoding_advice(encoding, name));
  const TextSample sample = sample_text(block);
  if (!sample.looks_binary()) return;
  const std::string found =
      sample.nul_bytes > 0
          ? std::to_string(sample.nul_bytes) + " NUL byte" + (sample.nul_bytes == 1 ? "" : "s")
          : std::to_string(sample.invalid_utf8_bytes) + " bytes of invalid UTF-8 (over 1%)";
  throw std::runtime_error(
      name + ": looks binary: " + found + " in the first " + std::to_string(sample.bytes) +
      " bytes; a corpus is UTF-8 text (--allow-binary-corpus reads it anyway)");
}

}  // namespace gv
