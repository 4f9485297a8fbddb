#include "tools/vector_file_options.h"

#include <sys/stat.h>

#include <chrono>
#include <map>

#include "io/printable.h"
#include "tools/threads_option.h"
#include "tools/validators.h"
#include "tools/vectors/case_variants.h"
#include "tools/vectors/vector_source.h"

namespace gv::tools {

CLI::Option* add_format_option(CLI::App& command, const std::string& flag, VectorFormat& format,
                               const std::string& description, FormatChoices offered) {
  std::map<std::string, VectorFormat> choices;
  std::map<std::string, std::string> refused;  // flag -> why this option cannot take it
  std::string names;  // "auto|glove|w2v|w2v-bin|fasttext-bin", in table order
  const auto offer = [&](std::string_view name, VectorFormat value) {
    choices.emplace(name, value);
    names += (names.empty() ? "" : "|") + std::string(name);
  };
  const bool with_auto = offered == FormatChoices::Read;
  if (with_auto) offer(vector_format_name(VectorFormat::Auto), VectorFormat::Auto);
  for (const VectorFormatSpec& spec : vector_formats()) {
    if (offered == FormatChoices::WriteWordVectors && spec.append_row == nullptr) {
      refused.emplace(spec.flag,
                      std::string(spec.flag) + ": " + std::string(spec.not_written_here));
    } else {
      offer(spec.flag, spec.format);
    }
  }
  const bool required = format == VectorFormat::Auto && !with_auto;
  const std::string_view default_name = format == VectorFormat::Auto
                                            ? vector_format_name(VectorFormat::Auto)
                                            : vector_format_spec(format).flag;
  CLI::Option* option =
      command
          .add_option(flag, format, description)
          // A name from the table becomes the enum's number, which CLI11 then parses.
          ->transform(CLI::Validator(
              [choices, refused, names](std::string& text) -> std::string {
                if (const auto why = refused.find(text); why != refused.end()) return why->second;
                const auto found = choices.find(text);
                if (found == choices.end())
                  return must_be("one of " + names, "'" + quoted_input(text) + "'");
                text = std::to_string(static_cast<int>(found->second));
                return {};
              },
              "FORMAT"))
          ->option_text(names +
                        (required ? " REQUIRED" : " (default: " + std::string(default_name) + ")"));
  if (required) option->required();
  return option;
}

void VectorFileOptions::add_to(CLI::App& command) {
  command
      .add_option("--vectors", path,
                  "Vector file (GloVe, word2vec text or binary, fastText .vec or .bin; - for "
                  "standard input)")
      ->required();
  add_format_option(command, "--vectors-format", format, "--vectors' format", FormatChoices::Read);
  command.add_option("--limit", limit, "Read only the first N words (0: all)")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
  command.add_flag("--skip-bad", skip_bad, "Skip malformed lines instead of failing");
  add_threads_option(command, threads, "Threads reading the file");
}

LoadedVectors VectorFileOptions::load(std::ostream& warnings) const {
  LoadedVectors loaded;
  const auto start = std::chrono::steady_clock::now();
  loaded.vectors = read_vectors(path, {format, limit, skip_bad, threads}, &loaded.report);
  loaded.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  loaded.file_bytes = loaded.report.bytes;
  warn_of_tolerated(warnings, path, loaded.report);
  return loaded;
}

void warn_of_tolerated(std::ostream& warnings, const std::string& path, const ReadReport& report) {
  if (report.duplicates > 0) {
    warnings << "gradvec: warning: " << printable(path) << ": " << report.duplicates
             << " duplicate words; the first row of each was kept\n";
  }
  if (report.skipped_lines > 0) {
    warnings << "gradvec: warning: " << printable(path) << ": skipped " << report.skipped_lines
             << " malformed lines (--skip-bad)\n";
  }
}

std::string VectorFileOptions::past_limit(std::string_view word, int64_t words_read) const {
  if (limit == 0 || words_read < limit) return "";
  const std::string limit_text = std::to_string(limit);
  const std::string not_read = quoted(word) + " is not among the first " + limit_text +
                               " words read (--limit " + limit_text + ")";
  struct stat info {};
  if (path == "-" || ::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return not_read;
  WordVectors whole;
  try {
    whole = read_vectors(path, {format, 0, skip_bad, threads});
  } catch (const VectorFileError&) {  // a fault past the limit: the read with it was sound
    return not_read;
  }
  auto found = std::find(whole.words.begin(), whole.words.end(), word);
  if (found == whole.words.end()) {
    const std::vector<std::string> variants = case_variants(whole.words, word);
    if (variants.empty()) return "";
    found = std::find(whole.words.begin(), whole.words.end(), variants.front());
  }
  return quoted(word) + " is past --limit " + limit_text + ": it is word " +
         std::to_string(found - whole.words.begin() + 1) + " of " + printable(path);
}

void VectorFileOptions::refuse_standard_input(const std::string& command) const {
  if (path == "-") {
    throw std::invalid_argument(command +
                                ": reads its queries from standard input, so the vectors cannot "
                                "come from there too; name a file (or a pipe: <(command))");
  }
}

}  // namespace gv::tools
