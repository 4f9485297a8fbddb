#include "text/bpe/readable_piece.h"

#include <algorithm>

#include "io/printable.h"

namespace gv::bpe {

std::string readable_piece(std::string_view bytes) {
  constexpr std::string_view kEscapedMark = "\\xe2\\x96\\x81";
  std::string readable;
  // Spaces and U+2581 are whole characters, so cutting the text at them never splits one that
  // printable() would show whole.
  while (!bytes.empty()) {
    const size_t space = bytes.find(' ');
    const size_t mark = bytes.find(kSpaceMark);
    const size_t cut = std::min(space, mark);
    readable += printable(bytes.substr(0, cut));
    if (cut == std::string_view::npos) break;
    readable += cut == space ? kSpaceMark : kEscapedMark;
    bytes.remove_prefix(cut + (cut == space ? 1 : kSpaceMark.size()));
  }
  return readable;
}

}  // namespace gv::bpe
