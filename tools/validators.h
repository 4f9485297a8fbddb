// Option validators whose messages fit on one line.
//
// CLI11's PositiveNumber and NonNegativeNumber print their range as 0 to 1.8e308 spelled out
// in full; these say it in the words of every range error (autograd/require.h), and the
// integer ones also reject fractions and text.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "io/input_file.h"
#include "autograd/require.h"

namespace gv::tools {

namespace detail {
// A validator accepting the whole of `text` parsed as T with ok(value); otherwise the message
// says the value must be `requirement`, quoting the text as typed.
template <class T, class Ok>
CLI::Validator parsed_as(Ok ok, std::string requirement, std::string name) {
  return CLI::Validator(
      [ok, requirement](std::string& text) -> std::string {
        T value{};
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size() || !ok(value)) {
          return must_be(requirement, "'" + text + "'");
        }
        return {};
      },
      std::move(name));
}
template <class T>
CLI::Validator at_least(T minimum, const char* what, const char* name) {
  return parsed_as<T>([minimum](T value) { return value >= minimum; }, what, name);
}
}  // namespace detail

inline const CLI::Validator kPositiveInteger =
    detail::at_least<int64_t>(1, "a positive integer", "POSITIVE");
inline const CLI::Validator kNonNegativeInteger =
    detail::at_least<int64_t>(0, "an integer >= 0", "NON-NEGATIVE");
inline const CLI::Validator kPositiveReal =
    detail::at_least<double>(1e-300, "a positive number", "POSITIVE");

// An integer within the bounds its owner states (the training options' in
// word2vec/train_options.h): "must be an integer in [1, 1000], got '5000'".
template <class T = int64_t>
CLI::Validator integer_in(T minimum, T maximum) {
  const std::string range = "[" + std::to_string(minimum) + ", " + std::to_string(maximum) + "]";
  return detail::parsed_as<T>(
      [minimum, maximum](T value) { return value >= minimum && value <= maximum; },
      "an integer in " + range, "INT in " + range);
}
// An option that sizes something, up to the bound its owner states.
inline CLI::Validator positive_integer_up_to(int64_t maximum) {
  return integer_in<int64_t>(1, maximum);
}
// A seed is any 64-bit unsigned integer; a negative one is refused rather than wrapped around.
inline const CLI::Validator kSeed = integer_in<uint64_t>(0, std::numeric_limits<uint64_t>::max());
// A positive number up to `maximum` (inf and nan fail): "must be a number in (0, 1], got '2'".
// The bound is written as a T: "(0, 3.4028235e+38]" for a float.
template <class T = double>
CLI::Validator positive_number_up_to(T maximum) {
  const std::string range = "(0, " + value_str(maximum) + "]";
  return detail::parsed_as<double>(
      [maximum](double value) { return value > 0 && value <= double{maximum}; },
      "a number in " + range, "NUMBER in " + range);
}
// A number in [minimum, maximum], both finite: "must be a number in [0, 1], got '2'".
inline CLI::Validator number_in(double minimum, double maximum) {
  const std::string range = "[" + value_str(minimum) + ", " + value_str(maximum) + "]";
  return detail::parsed_as<double>(
      [minimum, maximum](double value) { return value >= minimum && value <= maximum; },
      "a number in " + range, "NUMBER in " + range);
}
// For a float option: checked as typed, since a larger number would be stored as inf.
inline const CLI::Validator kPositiveFloat =
    positive_number_up_to(std::numeric_limits<float>::max());
// The same with 0 allowed, for a float option where 0 has a meaning of its own.
inline const CLI::Validator kNonNegativeFloat = [] {
  constexpr float maximum = std::numeric_limits<float>::max();
  const std::string range = "[0, " + value_str(maximum) + "]";
  return detail::parsed_as<double>(
      [](double value) { return value >= 0 && value <= double{maximum}; }, "a number in " + range,
      "NUMBER in " + range);
}();

// An input read from disk (`what`: "checkpoint", "vocabulary"): a regular file, checked without
// opening it, so that a FIFO is refused rather than waited on for a writer:
// "--resume: f: checkpoint is a FIFO, not a regular file".
inline CLI::Validator regular_file(std::string what) {
  return CLI::Validator(
      [what](std::string& path) -> std::string {
        try {
          require_regular_file(path, what);
        } catch (const std::runtime_error& e) {
          return e.what();
        }
        return {};
      },
      "FILE");
}

}  // namespace gv::tools
