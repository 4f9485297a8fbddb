// The options that say how a command reads a text corpus, shared by train and phrases:
//   --tokenizer words|whitespace  --lowercase  --keep-case  --allow-binary-corpus
#pragma once

#include <map>
#include <string>

#include <CLI/CLI.hpp>

#include "word2vec/corpus/tokenizer.h"

namespace gv::tools {

extern const std::map<std::string, TokenizerKind> kTokenizers;

struct CorpusReadingOptions {
  TokenizerKind tokenizer = TokenizerKind::words;
  bool lowercase = false;  // --lowercase given
  bool keep_case = false;  // --keep-case given
  bool allow_binary = false;

  void add_to(CLI::App& command);
  // The tokenizer asked for: the words tokenizer lowercases unless --keep-case, the whitespace
  // one keeps case unless --lowercase. Throws std::invalid_argument if both are given.
  TokenizerOptions tokenizer_options() const;
  // Throws std::runtime_error naming corpus file `path` (`name` in messages) if it looks
  // binary (binary_corpus.h), unless --allow-binary-corpus.
  void check_text(const std::string& name, const std::string& path) const;
};

}  // namespace gv::tools
