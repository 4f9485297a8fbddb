// The fields of a binary file gradvec wrote (a checkpoint, a model) as the tests that damage it
// read and edit them: values in native (little-endian) bytes at a byte offset.
#pragma once

#include <cstring>
#include <string>

namespace gv::testing {

template <class T>
T read_at(const std::string& bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof value);
  return value;
}

// `value`'s bytes, to write over a field.
template <class T>
std::string raw(T value) {
  return std::string(reinterpret_cast<const char*>(&value), sizeof value);
}

// `bytes` with `value` written at `offset`.
template <class T>
std::string patched(std::string bytes, size_t offset, T value) {
  // replace() rather than memcpy: it checks the offset, and GCC 12 cannot mistake the string's
  // heap buffer for its small inline one (-Wstringop-overflow under -Werror).
  bytes.replace(offset, sizeof value, reinterpret_cast<const char*>(&value), sizeof value);
  return bytes;
}

}  // namespace gv::testing
