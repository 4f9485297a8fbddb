// Vector format detection (VectorFormat::Auto): on the input in memory, then through
// read_vectors on a file, which must detect the same format and read it with that reader; a
// format unmistakable_vector_format is sure of must be the one detected.
#include "tests/fuzz/vector_fuzz.h"
#include "tools/vectors/vector_format_detection.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile file("vector-detect");
  const std::string& path = file.hold(data, size);
  gv::ReadOptions options;
  options.threads = 1;
  gv::ReadReport report;
  try {
    gv::fuzz::check_vectors(gv::read_vectors(path, options, &report));
  } catch (const gv::VectorFileError& e) {
    gv::fuzz::check_error(e, path);
  }
  if (size == 0) return 0;  // detection is defined for non-empty files only
  const gv::VectorFormat format =
      gv::detect_vector_format({reinterpret_cast<const char*>(data), size});
  if (format == gv::VectorFormat::Auto) gv::fuzz::finding("detection answered Auto");
  if (report.format != gv::VectorFormat::Auto && report.format != format) {
    gv::fuzz::finding("read_vectors read another format than detection found");
  }
  const std::optional<gv::VectorFormat> sure =
      gv::unmistakable_vector_format({reinterpret_cast<const char*>(data), size});
  if (sure && *sure != format) gv::fuzz::finding("an unmistakable format is not the one detected");
  return 0;
}
