#include "tools/vectors/vector_formats.h"

#include <stdexcept>

#include "autograd/io/printable.h"

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
     "only training makes one: `gradvec train --format fasttext-bin` (to keep a model, copy "
     "its .bin)"},
};

}  // namespace

std::string word_problem(std::string_view word, bool blanks_in_words) {
  if (word.empty()) return "is empty";
  const size_t breaking = word.find_first_of(std::string_view("\0\n\r\v\f", 5));
  if (breaking != std::string_view::npos) {
    return "contains the byte " + printable(word.substr(breaking, 1)) +
           ", which no vector file allows in a word";
  }
  constexpr std::string_view kBlanks = " \t";
  if (!blanks_in_words) {
    if (word.find_first_of(kBlanks) != std::string_view::npos) {
      return "contains a space or tab, which ends a word in a binary file";
    }
  } else if (kBlanks.find(word.front()) != std::string_view::npos ||
             kBlanks.find(word.back()) != std::string_view::npos) {
    return "starts or ends with a space or tab, which a text line cannot keep";
  }
  return "";
}

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
