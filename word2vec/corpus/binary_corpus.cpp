#include "word2vec/corpus/binary_corpus.h"

#include <zlib.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "autograd/io/printable.h"

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

std::string wide_unicode_encoding(std::string_view block) {
  if (block.starts_with(std::string_view("\xff\xfe\0\0", 4)) ||
      block.starts_with(std::string_view("\0\0\xfe\xff", 4))) {
    return "UTF-32";
  }
  if (block.starts_with("\xff\xfe") || block.starts_with("\xfe\xff")) return "UTF-16";
  if (block.size() < 8) return "";
  // NULs at each byte position of a 4-byte group: a code unit's high bytes are NUL for the
  // Latin, Greek and Cyrillic ranges, its low bytes almost never.
  std::array<size_t, 4> nuls{}, bytes{};
  for (size_t i = 0; i < block.size(); ++i) {
    ++bytes[i % 4];
    if (block[i] == '\0') ++nuls[i % 4];
  }
  const auto mostly_nul = [&](size_t k) { return nuls[k] * 10 >= bytes[k] * 9; };
  const auto rarely_nul = [&](size_t k) { return nuls[k] * 10 <= bytes[k]; };
  if (rarely_nul(0) && mostly_nul(2) && mostly_nul(3)) return "UTF-32LE";
  if (mostly_nul(0) && mostly_nul(1) && rarely_nul(3)) return "UTF-32BE";
  if (rarely_nul(0) && rarely_nul(2) && mostly_nul(1) && mostly_nul(3)) return "UTF-16LE";
  if (mostly_nul(0) && mostly_nul(2) && rarely_nul(1) && rarely_nul(3)) return "UTF-16BE";
  return "";
}

std::string wide_encoding_advice(const std::string& encoding, const std::string& name) {
  const std::string iconv = "iconv -f " + encoding + " -t UTF-8";
  // Standard input has no name to give iconv: the pipe goes through it instead.
  const std::string convert = name == "standard input"
                                  ? "pipe it through " + iconv
                                  : iconv + " " + name + " > " + name + ".utf8";
  return "looks like " + encoding + " text, not UTF-8; convert it: " + convert;
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
