#include "tools/vector_file_options.h"
#include "tools/validators.h"

#include <chrono>
#include <filesystem>
#include <system_error>

namespace gv::tools {

const std::map<std::string, VectorFormat>& vector_format_flags() {
  static const std::map<std::string, VectorFormat> flags{
      {"auto", VectorFormat::Auto},
      {"glove", VectorFormat::Glove},
      {"w2v", VectorFormat::Word2VecText},
      {"w2v-bin", VectorFormat::Word2VecBinary},
  };
  return flags;
}

void VectorFileOptions::add_to(CLI::App& command, const std::string& path_flag,
                               const std::string& format_flag) {
  command.add_option(path_flag, path, "Vector file (GloVe, word2vec text or binary)")->required();
  command.add_option(format_flag, format, "Vector file format")
      ->transform(CLI::CheckedTransformer(vector_format_flags()))
      ->option_text("auto|glove|w2v|w2v-bin (default: auto)");
  command.add_option("--limit", limit, "Read only the first N words (0: all)")
      ->check(kNonNegativeInteger);
  command.add_flag("--skip-bad", skip_bad, "Skip malformed lines instead of failing");
  command.add_option("--threads", threads, "Threads (0: all hardware threads)")
      ->check(kNonNegativeInteger);
}

LoadedVectors VectorFileOptions::load(std::ostream& warnings) const {
  LoadedVectors loaded;
  const auto start = std::chrono::steady_clock::now();
  loaded.vectors = read_vectors(path, {format, limit, skip_bad, threads}, &loaded.report);
  loaded.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  loaded.file_bytes = error ? 0 : static_cast<int64_t>(size);
  if (loaded.report.duplicates > 0) {
    warnings << "gradvec: warning: " << path << ": " << loaded.report.duplicates
             << " duplicate words; the first row of each was kept\n";
  }
  if (loaded.report.skipped_lines > 0) {
    warnings << "gradvec: warning: " << path << ": skipped " << loaded.report.skipped_lines
             << " malformed lines (--skip-bad)\n";
  }
  return loaded;
}

}  // namespace gv::tools
