#include "tools/vectors/vector_source.h"

#include "io/input_pass_stop.h"
#include "io/line_reader.h"  // without_utf8_bom
#include "io/printable.h"

namespace gv {

VectorSource load_vector_source(const std::string& path, bool prefault, const PrefixCheck& check) {
  const auto check_prefix = [&](std::string_view bytes) {
    try {
      return check(VectorSource{path, without_utf8_bom(bytes), nullptr, false});
    } catch (const TruncatedVectorFile&) {
      return false;  // fine so far: more bytes will tell
    }
  };
  std::shared_ptr<const MappedFile> file;
  // MappedFile says "PATH: what" in a std::runtime_error; readers promise VectorFileError for
  // every problem with the file. A check's own VectorFileError passes as it is.
  try {
    file = std::make_shared<const MappedFile>(path, prefault, check_prefix);
  } catch (const VectorFileError&) {
    throw;
  } catch (const InputPassStopped&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw VectorFileError(e.what());
  }
  return VectorSource{path, without_utf8_bom(file->bytes()), file};
}

void VectorSource::throw_if_stopped() const {
  if (input_pass_stop_asked()) throw InputPassStopped("reading " + printable(input_name(path)));
}

VectorFileError VectorSource::error(std::string_view what) const {
  return VectorFileError(printable(path) + ": " + std::string(what));
}

VectorFileError VectorSource::error_at_line(int64_t line, std::string_view what) const {
  return VectorFileError(printable(path) + ":" + std::to_string(line) + ": " + std::string(what));
}

VectorFileError VectorSource::error_at_word(int64_t index, std::string_view word,
                                            std::string_view what) const {
  return VectorFileError(printable(path) + ": word index " + std::to_string(index) + " (" +
                         quoted(word) + "): " + std::string(what));
}

std::string word_too_long(std::string_view end) {
  return "no " + std::string(end) + " ends the word within " + std::string(kMaxLineText) +
         ", the longest a vector file's word may be";
}

std::string quoted(std::string_view token) {
  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "\"" + std::string.
  std::string out = "\"";
  out += quoted_input(token);
  out += "\"";
  return out;
}

}  // namespace gv
