#include "tools/vectors/vector_format_detection.h"

#include <algorithm>
#include <vector>

#include "io/line_reader.h"  // without_utf8_bom
#include "io/printable.h"
#include "tools/vectors/fasttext_model.h"
#include "tools/vectors/vector_line_parser.h"
#include "tools/vectors/vector_source.h"

namespace gv {

namespace {

// Whether `bytes` holds something no text vector line contains: an ASCII control byte other
// than tab, CR and LF, or a byte sequence that is not UTF-8. Float32 data almost always
// does (zero bytes, stray continuation bytes); a sequence cut off by the end of `bytes` is
// given the benefit of the doubt.
bool has_non_text_byte(std::string_view bytes) {
  size_t i = 0;
  while (i < bytes.size()) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    if ((lead < 0x20 && lead != '\t' && lead != '\n' && lead != '\r') || lead == 0x7f) return true;
    const int length = utf8_char_length(bytes.substr(i));
    if (length == 0) return true;
    if (length < 0) return false;
    i += static_cast<size_t>(length);
  }
  return false;
}

// Whether the first record after the header looks binary: its 4*d value bytes, right after
// the first space, contain a byte that cannot be text.
bool first_record_looks_binary(std::string_view body, int64_t dim) {
  const size_t space = body.find(' ');
  if (space == std::string_view::npos) return false;
  const std::string_view after_word = body.substr(space + 1);
  return has_non_text_byte(after_word.substr(0, static_cast<size_t>(dim) * sizeof(float)));
}

// Whether `line` is a good text record of `dim` values. Its fields are counted first, so the
// scratch row is never sized by a header alone.
bool is_text_record(std::string_view line, int64_t dim) {
  if (count_fields(line) <= dim) return false;
  std::vector<float> values(static_cast<size_t>(dim));
  return parse_vector_line(line, dim, values.data()).problem == LineProblem::None;
}

// Whether the start of a first line, not yet ended, may still become a "V d" header.
bool may_become_header(std::string_view partial) {
  return partial.size() <= kMaxLineBytes && count_fields(partial) <= 2 &&
         partial.find_first_not_of("0123456789- \t\r") == std::string_view::npos;
}

// The rules of vector_io.h on `bytes`, the whole file when `complete`, else a stream's prefix.
std::optional<VectorFormat> detect(std::string_view bytes, bool complete) {
  if (has_fasttext_magic(bytes)) return VectorFormat::FastTextBin;
  if (!complete && bytes.size() < sizeof(int32_t)) return std::nullopt;  // magic or not?
  const size_t newline = bytes.find('\n');
  if (newline == std::string_view::npos && !complete) {
    return may_become_header(bytes) ? std::nullopt : std::optional(VectorFormat::Glove);
  }
  const std::string_view line1 = bytes.substr(0, newline);
  const std::optional<VectorFileHeader> header = parse_header_line(line1);
  if (!header) return VectorFormat::Glove;
  const std::string_view body = bytes.substr(std::min(bytes.size(), line1.size() + 1));
  const size_t line2_end = body.find('\n');
  const bool has_line2 = complete || line2_end != std::string_view::npos;
  const std::string_view line2 = trim_line_end(body.substr(0, line2_end));
  const bool good_header = header_problem(*header).empty();
  size_t value_bytes = 0;  // of the first record, when the header is good
  if (good_header) {
    if (body.empty()) {
      return complete ? std::optional(VectorFormat::Word2VecText) : std::nullopt;  // zero words
    }
    if (has_line2 && is_text_record(line2, header->dim)) return VectorFormat::Word2VecText;
    if (first_record_looks_binary(body, header->dim)) return VectorFormat::Word2VecBinary;
    value_bytes = static_cast<size_t>(header->dim) * sizeof(float);
  }
  if (!complete) {
    // Undecided until the first record is in: line 2, and for a good header the 4*d value
    // bytes after the first space, which may still turn out binary.
    const size_t space = body.find(' ');
    const bool record_in = has_line2 && (!good_header || (space != std::string_view::npos &&
                                                          body.size() - space - 1 >= value_bytes));
    if (!record_in && body.size() <= kMaxLineBytes + 1 + value_bytes) return std::nullopt;
  }
  // A one-dimensional GloVe file whose first word is an integer ("1999 3", "-1 20") has just a
  // word and a value on line 2. Anything else is word2vec, whose reader says what is wrong
  // with the header or with line 2.
  const bool one_value_record = count_fields(line2) == 2 && is_text_record(line2, 1);
  return one_value_record ? VectorFormat::Glove : VectorFormat::Word2VecText;
}

}  // namespace

std::optional<VectorFormat> unmistakable_vector_format(std::string_view head) {
  if (has_fasttext_magic(head)) return VectorFormat::FastTextBin;
  const std::string_view bytes = without_utf8_bom(head);
  const size_t newline = bytes.find('\n');
  if (newline == std::string_view::npos) return std::nullopt;
  const std::string_view line1 = trim_line_end(bytes.substr(0, newline));
  const std::string_view body = bytes.substr(newline + 1);
  const std::string_view line2 = trim_line_end(body.substr(0, body.find('\n')));
  if (const std::optional<VectorFileHeader> header = parse_header_line(line1)) {
    // "1999 1\ncat 0.5" is also GloVe of one dimension (vector_io.h): no proof either way.
    if (!header_problem(*header).empty() || body.empty() || header->dim < 2) return std::nullopt;
    if (is_text_record(line2, header->dim)) return VectorFormat::Word2VecText;
    if (first_record_looks_binary(body, header->dim)) return VectorFormat::Word2VecBinary;
    return std::nullopt;
  }
  const int64_t fields = count_fields(line1);
  const bool glove = fields >= 3 && count_fields(line2) == fields &&
                     is_text_record(line1, fields - 1) && is_text_record(line2, fields - 1);
  return glove ? std::optional(VectorFormat::Glove) : std::nullopt;
}

bool looks_like_plain_text(std::string_view bytes) {
  const std::string_view line = trim_line_end(first_line(without_utf8_bom(bytes)));
  if (count_fields(line) < 2) return false;
  float value = 0.0f;
  return parse_vector_line(line, 1, &value).problem == LineProblem::NotANumber;
}

// A byte order mark is dropped first, as the readers drop it.
VectorFormat detect_vector_format(std::string_view bytes) {
  return *detect(without_utf8_bom(bytes), /*complete=*/true);
}

std::optional<VectorFormat> detect_vector_format_of_prefix(std::string_view bytes) {
  return detect(without_utf8_bom(bytes), /*complete=*/false);
}

}  // namespace gv
