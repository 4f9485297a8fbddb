#include "tools/builtin_tokenizer_note.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "tools/corpus_reading_options.h"

namespace gv::tools {

bool names_builtin_tokenizer(const std::string& value) {
  return kTokenizers.contains(value) || value == kCharacterTokenizer;
}

void note_file_named_like_tokenizer(const std::string& builtin) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(builtin, error)) return;
  std::fprintf(stderr,
               "gradvec: note: --tokenizer %s is the built-in tokenizer, not the file %s here; "
               "--tokenizer ./%s reads the file\n",
               builtin.c_str(), builtin.c_str(), builtin.c_str());
}

}  // namespace gv::tools
