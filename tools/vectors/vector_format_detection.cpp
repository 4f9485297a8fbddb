#include "tools/vectors/vector_format_detection.h"

#include <algorithm>
#include <vector>

#include "tools/vectors/fasttext_model.h"
#include "tools/vectors/vector_line_parser.h"

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
    if (lead < 0x80) {
      if ((lead < 0x20 && lead != '\t' && lead != '\n' && lead != '\r') || lead == 0x7f) {
        return true;
      }
      ++i;
      continue;
    }
    const size_t length = lead >= 0xc2 && lead <= 0xdf   ? 2
                          : lead >= 0xe0 && lead <= 0xef ? 3
                          : lead >= 0xf0 && lead <= 0xf4 ? 4
                                                         : 0;
    if (length == 0) return true;
    for (size_t k = 1; k < length; ++k) {
      if (i + k == bytes.size()) return false;
      if ((static_cast<unsigned char>(bytes[i + k]) & 0xc0) != 0x80) return true;
    }
    i += length;
  }
  return false;
}

// Whether the first record after the header looks binary: its 4*d value bytes, right after
// the first space, contain a byte that cannot be text.
bool first_record_looks_binary(std::string_view body, int64_t dim) {
  const size_t space = body.find(' ');
  if (space == std::string_view::npos) return false;
  const std::string_view after_word = body.substr(space + 1);
  const size_t value_bytes = static_cast<uint64_t>(dim) > after_word.size() / sizeof(float)
                                 ? after_word.size()
                                 : static_cast<size_t>(dim) * sizeof(float);
  return has_non_text_byte(after_word.substr(0, value_bytes));
}

}  // namespace

VectorFormat detect_vector_format(std::string_view bytes) {
  if (has_fasttext_magic(bytes)) return VectorFormat::FastTextBin;
  const std::string_view line1 = first_line(bytes);
  const std::optional<VectorFileHeader> header = parse_header_line(line1);
  if (!header) return VectorFormat::Glove;
  const std::string_view body = bytes.substr(std::min(bytes.size(), line1.size() + 1));
  if (body.empty()) return VectorFormat::Word2VecText;  // a header of zero words, or truncated
  const std::string_view line2 = trim_line_end(first_line(body));
  // Counted first, so `values` is never sized by the header alone.
  const bool has_record_fields = count_fields(line2) == 1 + header->dim;
  if (has_record_fields) {
    std::vector<float> values(static_cast<size_t>(header->dim));
    if (parse_vector_line(line2, header->dim, values.data()).problem == LineProblem::None) {
      return VectorFormat::Word2VecText;
    }
  }
  if (first_record_looks_binary(body, header->dim)) return VectorFormat::Word2VecBinary;
  return has_record_fields ? VectorFormat::Word2VecText : VectorFormat::Glove;
}

}  // namespace gv
