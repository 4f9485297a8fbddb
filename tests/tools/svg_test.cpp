// Svg::text: any bytes in, well-formed XML 1.0 out.
#include <catch2/catch.hpp>
#include <string>

#include "tools/svg.h"

namespace {

// The character data of the one text element drawn on an otherwise empty picture.
std::string drawn(std::string_view content) {
  gv::tools::Svg svg(10, 10);
  svg.text(0, 0, content);
  const std::string document = svg.str();
  const size_t start = document.find('>', document.find("<text")) + 1;
  return document.substr(start, document.find("</text>") - start);
}

}  // namespace

TEST_CASE("SVG text escapes markup and keeps UTF-8 and whitespace as written") {
  CHECK(drawn("a&b<c>\"d'") == "a&amp;b&lt;c&gt;&quot;d&apos;");
  CHECK(drawn("caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x99\x82") ==
        "caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x99\x82");
  CHECK(drawn("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d");
  // C1 controls are characters XML 1.0 allows.
  CHECK(drawn("\xc2\x85") == "\xc2\x85");
}

TEST_CASE("SVG text replaces what XML cannot hold with U+FFFD") {
  const std::string fffd = "\xef\xbf\xbd";
  CHECK(drawn(std::string("a\0b", 3)) == "a" + fffd + "b");
  CHECK(drawn("\x01\x1b[31m\x7f") == fffd + fffd + "[31m\x7f");
  CHECK(drawn("bad\xffword") == "bad" + fffd + "word");
  // A lone continuation byte, an overlong '/', a surrogate, a cut-off character: byte by byte.
  CHECK(drawn("\x80") == fffd);
  CHECK(drawn("\xc0\xaf") == fffd + fffd);
  CHECK(drawn("\xed\xa0\x80") == fffd + fffd + fffd);
  CHECK(drawn("ab\xe6\x97") == "ab" + fffd + fffd);
  CHECK(drawn("\xef\xbf\xbe\xef\xbf\xbf\xef\xbf\xbd") == fffd + fffd + fffd);
}
