// Option validators whose messages fit on one line.
//
// CLI11's PositiveNumber and NonNegativeNumber print their range as 0 to 1.8e308 spelled out
// in full; these say it in the words of every range error (autograd/require.h), and the
// integer ones also reject fractions and text.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <string>

#include "autograd/require.h"

namespace gv::tools {

namespace detail {
// A validator accepting the whole of `text` parsed as T with value >= minimum.
template <class T>
CLI::Validator at_least(T minimum, const char* what, const char* name) {
  return CLI::Validator(
      [minimum, what](std::string& text) -> std::string {
        T value{};
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size() || !(value >= minimum)) {
          return must_be(what, "'" + text + "'");
        }
        return {};
      },
      name);
}
}  // namespace detail

inline const CLI::Validator kPositiveInteger =
    detail::at_least<int64_t>(1, "a positive integer", "POSITIVE");
inline const CLI::Validator kNonNegativeInteger =
    detail::at_least<int64_t>(0, "an integer >= 0", "NON-NEGATIVE");
inline const CLI::Validator kPositiveReal =
    detail::at_least<double>(1e-300, "a positive number", "POSITIVE");

}  // namespace gv::tools
