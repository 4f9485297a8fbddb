#include "tools/vectors/vector_line_parser.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "tools/vectors/vector_source.h"

namespace gv {

std::string_view trim_line_end(std::string_view line) {
  size_t size = line.size();
  while (size > 0 && (is_field_separator(line[size - 1]) || line[size - 1] == '\r')) --size;
  return line.substr(0, size);
}

std::string_view first_line(std::string_view bytes) {
  return bytes.substr(0, bytes.find('\n'));
}

int64_t count_fields(std::string_view line) {
  int64_t fields = 0;
  bool in_field = false;
  for (const char c : line) {
    const bool separator = is_field_separator(c);
    if (!separator && !in_field) ++fields;
    in_field = !separator;
  }
  return fields;
}

namespace {

// Splits off the next field of `rest`, skipping the separators before it.
std::string_view next_field(std::string_view& rest) {
  size_t start = 0;
  while (start < rest.size() && is_field_separator(rest[start])) ++start;
  size_t stop = start;
  while (stop < rest.size() && !is_field_separator(rest[stop])) ++stop;
  const std::string_view field = rest.substr(start, stop - start);
  rest.remove_prefix(stop);
  return field;
}

std::optional<int64_t> parse_integer(std::string_view field) {
  int64_t value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size()) return std::nullopt;
  return value;
}

// The fast path for the plain decimals vector files are made of ("-0.123456", "0.41800"):
// a mantissa m <= 2^24 and at most 10 decimals, no exponent. Then m and 10^k are both exact
// floats, and IEEE division rounds m / 10^k correctly once: the very float from_chars
// returns, without its general machinery. Returns where the number ends, or nullptr when the token
// is anything else (more digits, an exponent, "nan", garbage) for the general parser to judge.
const char* parse_plain_decimal(const char* p, const char* end, float* out) {
  static constexpr float kPowersOfTen[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f,
                                           1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
  constexpr uint32_t kMaxExactMantissa = uint32_t{1} << 24;
  const bool negative = p != end && *p == '-';
  if (negative) ++p;
  uint32_t mantissa = 0;
  int digits = 0;
  int decimals = 0;
  bool after_point = false;
  for (; p != end; ++p) {
    const auto digit = static_cast<uint32_t>(static_cast<unsigned char>(*p) - '0');
    if (digit <= 9) {
      mantissa = mantissa * 10 + digit;
      if (mantissa > kMaxExactMantissa) return nullptr;
      ++digits;
      decimals += after_point ? 1 : 0;
    } else if (*p == '.' && !after_point) {
      after_point = true;
    } else {
      break;
    }
  }
  if (digits == 0 || decimals > 10 || (p != end && !is_field_separator(*p))) return nullptr;
  const float magnitude = static_cast<float>(mantissa) / kPowersOfTen[decimals];
  *out = negative ? -magnitude : magnitude;
  return p;
}

// Every other token: what from_chars reads (exponents, long mantissas), the spellings it
// rejects but C accepts ("+0.5", a value that underflows float), or a problem to name.
LineProblem parse_general_value(std::string_view token, float* out) {
  // from_chars rejects a leading '+'; strtof and Python's float() take it.
  if (token.size() > 1 && token[0] == '+' && token[1] != '-') token.remove_prefix(1);
  const char* const end = token.data() + token.size();
  float value = 0.0f;
  std::from_chars_result parsed = std::from_chars(token.data(), end, value);
  if (parsed.ec == std::errc::result_out_of_range) {
    // Out of float range: fine when it underflows (C rounds 1e-50 to 0), not when it overflows.
    double wide = 0.0;
    parsed = std::from_chars(token.data(), end, wide);
    if (parsed.ptr != end) return LineProblem::NotANumber;
    if (parsed.ec != std::errc() || std::fabs(wide) > std::numeric_limits<float>::max()) {
      return LineProblem::OutOfRange;
    }
    value = static_cast<float>(wide);
  }
  if (parsed.ec != std::errc() || parsed.ptr != end) return LineProblem::NotANumber;
  if (!std::isfinite(value)) return LineProblem::NotFinite;
  *out = value;
  return LineProblem::None;
}

// Parses `dim` values from p on into out, each after its separators. Returns where the last
// one ends; on a problem, records it in `parsed` and returns nullptr.
const char* parse_values(const char* p, const char* end, int64_t dim, float* out,
                         ParsedLine& parsed) {
  for (int64_t i = 0; i < dim; ++i) {
    while (p != end && is_field_separator(*p)) ++p;
    if (p == end) {
      parsed.problem = LineProblem::TooFewValues;
      parsed.values_found = i;
      return nullptr;
    }
    if (const char* stop = parse_plain_decimal(p, end, &out[i])) {
      p = stop;
      continue;
    }
    std::string_view tail(p, static_cast<size_t>(end - p));
    const std::string_view token = next_field(tail);
    parsed.problem = parse_general_value(token, &out[i]);
    if (parsed.problem != LineProblem::None) {
      parsed.bad_value = i;
      parsed.token = token;
      return nullptr;
    }
    p = token.data() + token.size();
  }
  return p;
}

// Where the last `fields` fields of `line` start, or npos when it has fewer.
size_t start_of_last_fields(std::string_view line, int64_t fields) {
  size_t p = line.size();
  for (int64_t i = 0; i < fields; ++i) {
    while (p > 0 && is_field_separator(line[p - 1])) --p;
    if (p == 0) return std::string_view::npos;
    while (p > 0 && !is_field_separator(line[p - 1])) --p;
  }
  return p;
}

std::string_view trim_blanks(std::string_view text) {
  while (!text.empty() && is_field_separator(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_field_separator(text.back())) text.remove_suffix(1);
  return text;
}

ParsedLine with_word_checked(ParsedLine parsed) {
  if (!word_problem(parsed.word, /*blanks_in_words=*/true).empty()) {
    parsed.problem = LineProblem::BadWord;
  }
  return parsed;
}

}  // namespace

std::optional<VectorFileHeader> parse_header_line(std::string_view line) {
  std::string_view rest = trim_line_end(line);
  const auto words = parse_integer(next_field(rest));
  const auto dim = parse_integer(next_field(rest));
  if (!words || !dim || !next_field(rest).empty()) return std::nullopt;
  return VectorFileHeader{*words, *dim};
}

std::string header_problem(const VectorFileHeader& header) {
  if (header.words < 0) return "word count " + std::to_string(header.words) + " is negative";
  if (header.dim < 1) return "dimension " + std::to_string(header.dim) + " is not >= 1";
  if (header.dim > kMaxDim) {
    return "dimension " + std::to_string(header.dim) + " is more than the " +
           std::to_string(kMaxDim) + " a vector file may have";
  }
  return "";
}

ParsedLine parse_vector_line(std::string_view line, int64_t dim, float* out) {
  ParsedLine parsed;
  if (line.empty()) {
    parsed.problem = LineProblem::EmptyLine;
    return parsed;
  }
  const char* const end = line.data() + line.size();
  // The common record, a one-field word and exactly `dim` values, in one pass from the left.
  if (!is_field_separator(line[0])) {
    std::string_view rest = line;
    parsed.word = next_field(rest);
    const char* stop = parse_values(rest.data(), end, dim, out, parsed);
    // Too few fields stay too few however the word is cut.
    if (parsed.problem == LineProblem::TooFewValues) return parsed;
    if (stop != nullptr &&
        count_fields(std::string_view(stop, static_cast<size_t>(end - stop))) == 0) {
      return with_word_checked(parsed);
    }
  }
  // Otherwise the word is everything before the last `dim` fields.
  parsed = ParsedLine{};
  const size_t values_start = start_of_last_fields(line, dim);
  parsed.word = values_start == std::string_view::npos ? std::string_view()
                                                       : trim_blanks(line.substr(0, values_start));
  if (parsed.word.empty()) {
    std::string_view rest = line;
    parsed.word = next_field(rest);
    parsed.values_found = count_fields(rest);
    // " 1 2" with d = 2: the values are there, the word is not.
    parsed.problem = is_field_separator(line[0]) && parsed.values_found + 1 == dim
                         ? LineProblem::EmptyWord
                         : LineProblem::TooFewValues;
    return parsed;
  }
  if (parse_values(line.data() + values_start, end, dim, out, parsed) == nullptr) return parsed;
  return with_word_checked(parsed);
}

std::string describe_problem(const ParsedLine& parsed, int64_t dim, std::string_view dim_origin) {
  const std::string expected =
      "expected " + std::to_string(dim) + " values (" + std::string(dim_origin) + ")";
  const std::string value = "value " + std::to_string(parsed.bad_value + 1) + " of " +
                            quoted(parsed.word) + " is " + quoted(parsed.token);
  switch (parsed.problem) {
    case LineProblem::None:
      break;
    case LineProblem::EmptyLine:
      return "empty line; " + expected + " after a word";
    case LineProblem::EmptyWord:
      return "the word is missing: the line starts with its values";
    case LineProblem::BadWord:
      return "the word " + quoted(parsed.word) + " " +
             word_problem(parsed.word, /*blanks_in_words=*/true);
    case LineProblem::TooFewValues:
      return expected + " after " + quoted(parsed.word) + ", found " +
             std::to_string(parsed.values_found);
    case LineProblem::NotANumber:
      return value + ", not a number";
    case LineProblem::OutOfRange:
      return value + ", out of float32 range";
    case LineProblem::NotFinite:
      return value + ": NaN and infinity are not allowed";
  }
  return "no problem";
}

}  // namespace gv
