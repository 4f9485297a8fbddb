// Refusing a corpus that is not text: a model, an archive or an image given as --corpus would
// otherwise train on "words" cut from its bytes, and say nothing.
//
// A file's first kTextCheckBytes (the whole file if smaller; a gzip'd file's decompressed
// bytes) looks binary if it holds any NUL byte, or if more than 1% of its bytes are not part of
// valid UTF-8 (text in UTF-16 holds NULs; a Latin-1 or other 8-bit text has its accented
// letters as invalid UTF-8, which the tokenizer would read as spaces). Text in UTF-16 or UTF-32
// is named as such, with the iconv line that converts it: reading it as bytes trains nothing
// useful. The commands take --allow-binary-corpus to read such a file anyway.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gv {

constexpr int64_t kTextCheckBytes = 65536;

// What a block of bytes holds that text does not.
struct TextSample {
  int64_t bytes = 0;
  int64_t nul_bytes = 0;
  // Bytes that no valid UTF-8 sequence covers: stray continuation bytes, bytes never used in
  // UTF-8, and the lead and continuation bytes of truncated, overlong or surrogate sequences.
  // A sequence cut off by the block's end is not counted: the block may end inside a character.
  int64_t invalid_utf8_bytes = 0;

  // Any NUL, or invalid UTF-8 in more than 1% of the bytes.
  bool looks_binary() const { return nul_bytes > 0 || invalid_utf8_bytes * 100 > bytes; }
};

TextSample sample_text(std::string_view block);

// The first kTextCheckBytes of corpus file `path` (the whole file if smaller), decompressed if
// it is gzip'd. Throws std::runtime_error naming it as `name` if it cannot be opened.
std::string first_corpus_block(const std::string& name, const std::string& path);

// Throws std::runtime_error if the first kTextCheckBytes of `path` (decompressed if it is
// gzip'd) look binary: "NAME: looks binary: 12 NUL bytes in the first 65536; ...", naming the
// file as `name` and the option that reads it anyway; or "NAME: looks like UTF-16 text, ..."
// with wide_encoding_advice for a file in UTF-16 or UTF-32.
void refuse_binary_corpus_file(const std::string& name, const std::string& path);

}  // namespace gv
