// ByteAlphabet: the symbols of a character-level model, one id per distinct byte of its corpus.
//
// Ids follow byte order, so the same text always gives the same vocabulary: TinyShakespeare's
// 65 symbols are "\n", " ", "!", ... "z". A character is a byte: text in UTF-8 trains on the bytes
// of its multi-byte characters, and a sample can then cut one in half (a model that has learned
// the bytes' order rarely does).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gv {

class ByteAlphabet {
 public:
  ByteAlphabet() = default;
  // The distinct bytes of `text`, in byte order. Throws std::invalid_argument if it is empty.
  static ByteAlphabet of_text(std::string_view text);
  // `symbols` as a checkpoint stores them: distinct bytes in ascending order. Throws
  // std::invalid_argument saying what is wrong otherwise.
  static ByteAlphabet from_symbols(std::string symbols);

  int64_t size() const { return static_cast<int64_t>(symbols_.size()); }
  const std::string& symbols() const { return symbols_; }
  char symbol(int64_t id) const { return symbols_[static_cast<size_t>(id)]; }
  bool contains(unsigned char byte) const { return id_of_[byte] >= 0; }

  // The ids of `text`. Throws std::invalid_argument naming `what`, the byte and its offset when
  // one is not in the vocabulary: `offset` + its place in `text`, where `text` starts in `what`.
  std::vector<int64_t> encode(std::string_view text, std::string_view what,
                              int64_t offset = 0) const;
  std::string decode(std::span<const int64_t> ids) const;

 private:
  std::string symbols_;
  std::array<int16_t, 256> id_of_{};  // -1: not a symbol
};

}  // namespace gv
