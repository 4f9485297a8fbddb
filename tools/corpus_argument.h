// --corpus as every command takes it (train, phrases, bpe train, lm train, lm eval): one file or
// several, read in the order given; a directory, for every regular file directly in it in name
// order; - for standard input; gzip'd files decompressed (text/corpus/corpus.h). Each file is
// checked to be text before anything takes time or any output is prepared.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "text/corpus/corpus.h"
#include "tools/output_paths.h"

namespace gv::tools {

// Throws std::runtime_error naming corpus file `path` (`name` in messages) if it is a vector file
// ("looks like word2vec text vectors, not a corpus; to query them: ..."), UTF-16 or UTF-32 text
// (with the iconv line) or looks binary (binary_corpus.h).
void refuse_non_text_corpus(const std::string& name, const std::string& path);

// --allow-binary-corpus, which lets a command read a corpus refuse_non_text_corpus refuses.
void add_allow_binary_corpus_flag(CLI::App& command, bool& allow_binary);
// --corpus, described by `help`, its default `corpus`'s values, and --allow-binary-corpus: for a
// command that takes no other option of how a corpus is read (bpe train, lm train, lm eval).
void add_corpus_option(CLI::App& command, std::vector<std::string>& corpus, bool& allow_binary,
                       const std::string& help);

// --corpus's values, checked.
class CorpusArgument {
 public:
  // Checks `values` (corpus_files): each file a readable regular file and, unless
  // `allow_binary`, text. When `values` are `shipped`, the command's default, which ships in the
  // repository, a missing one says to run gradvec from the repository root. A command that
  // cannot read standard input gives `why_no_standard_input`, and - is refused with it.
  CorpusArgument(const std::vector<std::string>& values, const std::vector<std::string>& shipped,
                 bool allow_binary, const std::string& why_no_standard_input = "");

  bool standard_input() const { return !files_; }
  // The files, unless standard_input().
  const CorpusFiles& files() const { return *files_; }
  // {"--corpus", path} for each file, for refuse_shared_files.
  std::vector<PathOption> inputs() const;
  // The corpus, read where it must be: gzip'd files decompressed and standard input read to its
  // end (then checked as the files were).
  Corpus read() const;

 private:
  std::optional<CorpusFiles> files_;  // nullopt: standard input
  bool allow_binary_ = false;
};

}  // namespace gv::tools
