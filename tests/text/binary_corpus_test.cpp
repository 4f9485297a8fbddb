#include <catch2/catch.hpp>

#include <string>

#include "io/text_encoding.h"
#include "tests/scratch_dir.h"
#include "text/corpus/binary_corpus.h"

using gv::sample_text;

TEST_CASE("A text sample counts NUL bytes and bytes no valid UTF-8 sequence covers",
          "[binary_corpus]") {
  using namespace std::string_literals;  // the texts hold NULs
  const gv::TextSample clean = sample_text("caf\u00e9 \u2014 \U0001F600\n");
  CHECK(clean.bytes == 15);
  CHECK(clean.nul_bytes == 0);
  CHECK(clean.invalid_utf8_bytes == 0);
  // A stray continuation byte, a byte never in UTF-8, an overlong '/', a surrogate, and a
  // 3-byte sequence a space cuts short after 2: 1 + 1 + 2 + 3 + 2 invalid bytes.
  const gv::TextSample invalid = sample_text("a\x80 \xff \xc0\xaf \xed\xa0\x80 \xe2\x82 z"s);
  CHECK(invalid.invalid_utf8_bytes == 1 + 1 + 2 + 3 + 2);
  CHECK(invalid.nul_bytes == 0);
  CHECK(sample_text("a\0b\0"s).nul_bytes == 2);
  // A character cut by the block's end is not counted: the block may end inside one.
  CHECK(sample_text("ab\xe2\x82"s).invalid_utf8_bytes == 0);
}

TEST_CASE("A block looks binary with one NUL byte or more than 1% invalid UTF-8",
          "[binary_corpus]") {
  using namespace std::string_literals;
  std::string text(1000, 'a');
  CHECK_FALSE(sample_text(text).looks_binary());
  text[500] = '\0';
  CHECK(sample_text(text).looks_binary());
  text[500] = 'a';
  // 10 invalid bytes in 1000 is 1%: text; 11 is over.
  for (int i = 0; i < 10; ++i) text[i * 50] = '\xff';
  CHECK(sample_text(text).invalid_utf8_bytes == 10);
  CHECK_FALSE(sample_text(text).looks_binary());
  text[999] = '\xff';
  CHECK(sample_text(text).looks_binary());
}

TEST_CASE("A corpus file is judged by its first 65536 bytes, decompressed if gzip'd",
          "[binary_corpus]") {
  gv::testing::ScratchDir dir("binary_corpus");
  const std::string text(gv::kTextCheckBytes, 'a');
  // The NUL past the first block is not looked at.
  const std::string late_nul = dir.write("late.txt", text + std::string(1, '\0'));
  CHECK_NOTHROW(gv::refuse_binary_corpus_file(late_nul, late_nul));
  const std::string nul = dir.write("nul.txt", "ab\ncd" + std::string(3, '\0'));
  CHECK_THROWS_WITH(gv::refuse_binary_corpus_file("NAME", nul),
                    "NAME: looks binary: 3 NUL bytes in the first 8 bytes; a corpus is UTF-8 text "
                    "(--allow-binary-corpus reads it anyway)");
  // gzip -c of "a\xff\xff\n": four bytes, two of them invalid.
  const std::string gzipped = dir.write(
      "latin1.gz", std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\xfc\xff\x9f\x0b\x00"
                               "\xfb\x6f\xb7\x6f\x04\x00\x00\x00",
                               24));
  CHECK_THROWS_WITH(gv::refuse_binary_corpus_file(gzipped, gzipped),
                    Catch::Contains("2 bytes of invalid UTF-8 (over 1%) in the first 4 bytes"));
}

TEST_CASE("Text in UTF-16 or UTF-32 is named by its encoding, with or without a byte-order mark",
          "[binary_corpus]") {
  using namespace std::string_literals;
  const std::string le16 = "t\0o\0 \0b\0e\0\n\0"s;
  const std::string be16 = "\0t\0o\0 \0b\0e\0\n"s;
  CHECK(gv::wide_unicode_encoding("\xff\xfe"s + le16) == "UTF-16");
  CHECK(gv::wide_unicode_encoding("\xfe\xff"s + be16) == "UTF-16");
  CHECK(gv::wide_unicode_encoding(le16) == "UTF-16LE");
  CHECK(gv::wide_unicode_encoding(be16) == "UTF-16BE");
  const std::string le32 = "t\0\0\0o\0\0\0 \0\0\0b\0\0\0"s;
  const std::string be32 = "\0\0\0t\0\0\0o\0\0\0 \0\0\0b"s;
  CHECK(gv::wide_unicode_encoding("\xff\xfe\0\0"s + le32) == "UTF-32");
  CHECK(gv::wide_unicode_encoding(le32) == "UTF-32LE");
  CHECK(gv::wide_unicode_encoding(be32) == "UTF-32BE");
  // UTF-8 text, and a binary file with NULs in no pattern, are neither.
  CHECK(gv::wide_unicode_encoding("to be or not to be\n") == "");
  CHECK(gv::wide_unicode_encoding("\x7f"
                                  "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0"s) == "");

  gv::testing::ScratchDir dir("binary_corpus_wide");
  const std::string path = dir.write("hamlet16.txt", "\xff\xfe"s + le16);
  CHECK_THROWS_WITH(gv::refuse_binary_corpus_file(path, path),
                    path +
                        ": looks like UTF-16 text, not UTF-8; convert it: iconv -f UTF-16 -t "
                        "UTF-8 " +
                        path + " > " + path + ".utf8");
}
