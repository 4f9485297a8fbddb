#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "io/gunzip_reader.h"

namespace {

// `gzip -n` of "hello\nworld\n" (32 bytes), then of "again\n": two members, as `cat a.gz b.gz`.
const std::string kTwoMembers(
    "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\xe7\x2a\xcf\x2f\xca\x49\xe1\x02"
    "\x00\xff\x5d\xc5\xc4\x0c\x00\x00\x00\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\x4c\x4f\xcc"
    "\xcc\xe3\x02\x00\xff\x19\x4f\x86\x06\x00\x00\x00",
    58);

// A source serving `bytes` one byte per call, as a slow pipe may: the magic number's two bytes
// come in two reads.
gv::ByteSource one_byte_at_a_time(const std::string& bytes) {
  return [bytes, at = size_t{0}](char* buffer, int64_t) mutable -> int64_t {
    if (at == bytes.size()) return 0;
    buffer[0] = bytes[at++];
    return 1;
  };
}

// Everything `reader` yields, read `capacity` bytes at a time.
std::string read_all(gv::GunzipReader& reader, int64_t capacity) {
  std::string content, piece(static_cast<size_t>(capacity), '\0');
  for (int64_t got; (got = reader.read(piece.data(), capacity)) > 0;) {
    content.append(piece.data(), static_cast<size_t>(got));
  }
  return content;
}

}  // namespace

TEST_CASE("GunzipReader decompresses every member of gzip data, however it is read") {
  gv::GunzipReader reader(one_byte_at_a_time(kTwoMembers));
  CHECK(read_all(reader, 3) == "hello\nworld\nagain\n");
  CHECK(reader.read(nullptr, 1) == 0);  // the end stays the end
}

TEST_CASE("GunzipReader passes other bytes through, a lone first magic byte included") {
  const std::string plain("\x1f\x8a not gzip\n", 12);
  gv::GunzipReader reader(one_byte_at_a_time(plain));
  CHECK(read_all(reader, 5) == plain);
  gv::GunzipReader one_byte(one_byte_at_a_time("\x1f"));
  CHECK(read_all(one_byte, 5) == "\x1f");
  gv::GunzipReader empty(one_byte_at_a_time(""));
  CHECK(read_all(empty, 5).empty());
}

TEST_CASE("GunzipReader refuses gzip data cut short or followed by bytes that are no member") {
  for (const size_t cut : {size_t{2}, size_t{10}, size_t{20}, size_t{31}}) {
    gv::GunzipReader reader(one_byte_at_a_time(kTwoMembers.substr(0, cut)));
    CHECK_THROWS_MATCHES(read_all(reader, 64), gv::GzipDataError,
                         Catch::Message("unexpected end of file"));
  }
  // The first member is bytes 0-31: what follows it is named by its offset, one byte of a
  // magic number included.
  for (const std::string& tail : {std::string("junk"), std::string("\x1f"), std::string(1, '\0')}) {
    gv::GunzipReader trailing(one_byte_at_a_time(kTwoMembers.substr(0, 32) + tail));
    CHECK_THROWS_MATCHES(
        read_all(trailing, 64), gv::GzipDataError,
        Catch::Message("bytes that are not gzip data follow its last member, from byte offset 32"));
  }
  std::string corrupt = kTwoMembers.substr(0, 32);
  corrupt[24] ^= 1;  // the trailer's CRC-32 (bytes 24-27; the length is 28-31)
  gv::GunzipReader bad_crc(one_byte_at_a_time(corrupt));
  CHECK_THROWS_MATCHES(read_all(bad_crc, 64), gv::GzipDataError,
                       Catch::Message("incorrect data check"));
}

TEST_CASE("starts_with_gzip_magic needs both bytes") {
  CHECK(gv::starts_with_gzip_magic("\x1f\x8b\x08"));
  CHECK_FALSE(gv::starts_with_gzip_magic("\x1f"));
  CHECK_FALSE(gv::starts_with_gzip_magic("\x8b\x1f"));
}
