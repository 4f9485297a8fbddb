// Parsing the text side of vector files: the "V d" header and "word v1 ... vd" records.
//
// Fields are separated by runs of spaces or tabs. Lines arrive without their '\n'; a
// trailing '\r' (CRLF files) and trailing blanks (fastText .vec) are trimmed off first.
// A record is read from the right: its last d fields are the values and everything before
// them, blanks inside kept and blanks around trimmed, is the word ("new york", ". . .").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gv {

inline bool is_field_separator(char c) {
  return c == ' ' || c == '\t';
}

// The line without trailing '\r', spaces and tabs.
std::string_view trim_line_end(std::string_view line);

// The bytes up to (not including) the first '\n', or all of them.
std::string_view first_line(std::string_view bytes);

int64_t count_fields(std::string_view line);

struct VectorFileHeader {
  int64_t words = 0;  // V
  int64_t dim = 0;    // d
};

// A line of exactly two integers, whatever their values; anything else is not a header.
std::optional<VectorFileHeader> parse_header_line(std::string_view line);

// What is wrong with a header's values, or "": V < 0, d < 1 or d > kMaxDim.
std::string header_problem(const VectorFileHeader& header);

enum class LineProblem {
  None,
  EmptyLine,
  EmptyWord,
  BadWord,  // word_problem() says why
  TooFewValues,
  NotANumber,
  OutOfRange,
  NotFinite
};

struct ParsedLine {
  LineProblem problem = LineProblem::None;
  std::string_view word;
  int64_t values_found = 0;  // for TooFewValues
  int64_t bad_value = 0;     // 0-based index of the offending value
  std::string_view token;    // the offending value's text
};

// Parses a trimmed record "word v1 ... vd" into out[0, dim). The values must be finite and
// fit in a float32 (tiny values round to zero or a denormal, as they would in C); the word
// must pass word_problem() for text formats. out's contents are unspecified when a problem is
// returned.
ParsedLine parse_vector_line(std::string_view line, int64_t dim, float* out);

// One line for the message, e.g. `expected 300 values after "cat", found 299`;
// dim_origin says where the expected count came from ("as on line 1").
std::string describe_problem(const ParsedLine& parsed, int64_t dim, std::string_view dim_origin);

}  // namespace gv
