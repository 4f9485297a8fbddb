// printable(): file names and file bytes in messages, escaped where they are not text.
#include "io/printable.h"

#include <catch2/catch.hpp>
#include <string>

TEST_CASE("printable escapes control bytes and bytes that are not UTF-8", "[printable]") {
  CHECK(gv::printable("plain text") == "plain text");
  CHECK(gv::printable("caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x99\x82") ==
        "caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x99\x82");
  CHECK(gv::printable(std::string("a\0b\tc\nd\x7f", 8)) == "a\\x00b\\x09c\\x0ad\\x7f");
  CHECK(gv::printable("\x1b[31mred") == "\\x1b[31mred");
  // C1 controls (U+0080-U+009F) act on terminals too; U+00A0 is a character.
  CHECK(gv::printable("\xc2\x9b\xc2\xa0") == "\\xc2\\x9b\xc2\xa0");
  // Stray continuation bytes, overlong forms, surrogates, past U+10FFFF, cut short.
  CHECK(gv::printable("\x80\xff") == "\\x80\\xff");
  CHECK(gv::printable("\xc0\xaf") == "\\xc0\\xaf");
  CHECK(gv::printable("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");
  CHECK(gv::printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  CHECK(gv::printable("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");
  CHECK(gv::printable("ab\xe6\x97") == "ab\\xe6\\x97");
}

TEST_CASE("printable cuts at a character boundary", "[printable]") {
  CHECK(gv::printable("abc\xc3\xa9", 4) == "abc");
  CHECK(gv::printable("abc\xc3\xa9", 5) == "abc\xc3\xa9");
  CHECK(gv::printable("ab\x01", 3) == "ab\\x01");
}

TEST_CASE("utf8_char_length tells whole, bad and cut characters apart", "[printable]") {
  CHECK(gv::utf8_char_length("a") == 1);
  CHECK(gv::utf8_char_length("\xc3\xa9") == 2);
  CHECK(gv::utf8_char_length("\xf0\x9f\x99\x82") == 4);
  CHECK(gv::utf8_char_length("\xf0\x9f\x99") == -1);
  CHECK(gv::utf8_char_length("\xf0\x9f\x99z") == 0);
  CHECK(gv::utf8_char_length("\xbf") == 0);
  CHECK(gv::utf8_char_length("") == -1);
}
