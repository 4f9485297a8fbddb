// Text in a wide Unicode encoding (UTF-16, UTF-32) where UTF-8 is read: named as such, with the
// iconv line that converts it, rather than called binary for its NUL bytes. Corpora and vector
// files are judged by it alike.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gv {

// How many bytes from a file's start wide_unicode_encoding needs: its callers pass no more.
constexpr size_t kEncodingCheckBytes = 65536;

// The wide Unicode encoding `block` is in, as iconv names it: "UTF-16" or "UTF-32" after a
// byte-order mark (iconv reads the mark and drops it), "UTF-16LE", "UTF-16BE", "UTF-32LE" or
// "UTF-32BE" when, without a mark, nearly every high byte of each unit is NUL and nearly no low
// one is (text in the Latin, Greek or Cyrillic ranges); empty for anything else.
std::string wide_unicode_encoding(std::string_view block);

// "looks like UTF-16 text, not UTF-8; convert it: iconv -f UTF-16 -t UTF-8 NAME > NAME.utf8",
// for a file named `name` in wide encoding `encoding`.
std::string wide_encoding_advice(const std::string& encoding, const std::string& name);

}  // namespace gv
