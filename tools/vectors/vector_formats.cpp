#include "tools/vectors/vector_formats.h"

#include <stdexcept>

#include "tools/vectors/fasttext_model.h"
#include "tools/vectors/vector_binary_reader.h"
#include "tools/vectors/vector_text_reader.h"
#include "tools/vectors/vector_writer.h"

namespace gv {

namespace {

// format, flag, name, has_header, blanks_in_words, reader, row writer, who writes it if
// write_vectors cannot
constexpr VectorFormatSpec kFormats[] = {
    {VectorFormat::Glove, "glove", "glove", false, true, read_glove_vectors, append_text_row, ""},
    {VectorFormat::Word2VecText, "w2v", "word2vec text", true, true, read_word2vec_text_vectors,
     append_text_row, ""},
    {VectorFormat::Word2VecBinary, "w2v-bin", "word2vec binary", true, false, read_binary_vectors,
     append_binary_row, ""},
    {VectorFormat::FastTextBin, "fasttext-bin", "fastText model", false, false,
     read_fasttext_vectors, nullptr,
     "a fastText model holds n-gram rows and an output matrix besides word vectors, so "
     "only training makes one: `gradvec train --output-format fasttext-bin` (to keep a model, copy "
     "its .bin)"},
};

}  // namespace

std::span<const VectorFormatSpec> vector_formats() {
  return kFormats;
}

const VectorFormatSpec& vector_format_spec(VectorFormat format) {
  for (const VectorFormatSpec& spec : kFormats) {
    if (spec.format == format) return spec;
  }
  throw std::invalid_argument("auto is not a file format: it asks the reader to detect one");
}

std::string_view vector_format_name(VectorFormat format) {
  return format == VectorFormat::Auto ? "auto" : vector_format_spec(format).name;
}

}  // namespace gv
