// Range errors in one wording, "<name> must be <requirement>, got <value>", shared by the
// argument checks of every library (embedding sizes, training options) and, through
// tools/validators.h, by the command line's option checks.
#pragma once

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace gv {

// "must be positive, got 0": how every range error ends. `got` is the value as value_str()
// prints it, or as the user typed it.
inline std::string must_be(std::string_view requirement, std::string_view got) {
  return "must be " + std::string(requirement) + ", got " + std::string(got);
}

// The shortest text that reads back as `value`: "-3", "0.025", "inf".
template <class T>
std::string value_str(T value) {
  static_assert(std::is_arithmetic_v<T>);
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, value);
  return std::string(text, result.ptr);
}

// Throws std::invalid_argument "<name> must be <requirement>, got <value>" unless `ok`.
template <class T>
void require(bool ok, std::string_view name, std::string_view requirement, T value) {
  if (!ok) {
    throw std::invalid_argument(std::string(name) + " " + must_be(requirement, value_str(value)));
  }
}

// NaN fails these too.
template <class T>
void require_positive(std::string_view name, T value) {
  require(value > 0, name, "positive", value);
}
template <class T>
void require_non_negative(std::string_view name, T value) {
  require(value >= 0, name, ">= 0", value);
}
template <class T>
void require_finite_positive(std::string_view name, T value) {
  require(value > 0 && std::isfinite(value), name, "finite and positive", value);
}

}  // namespace gv
