// Maps keyed by a piece's bytes are looked up with the piece itself (a string_view into the
// text), not with a std::string made of it for each lookup.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace gv::bpe {

struct PieceHash {
  using is_transparent = void;
  size_t operator()(std::string_view piece) const { return std::hash<std::string_view>()(piece); }
};

template <class Value>
using PieceMap = std::unordered_map<std::string, Value, PieceHash, std::equal_to<>>;

}  // namespace gv::bpe
