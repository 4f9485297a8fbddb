// The options that say how a command reads a text corpus, shared by train and phrases:
//   --tokenizer words|whitespace|FILE  --lowercase  --keep-case  --allow-binary-corpus
// (phrases takes no FILE: its output is text to read again).
// A --tokenizer that is not one of the names is the path of a BPE file (gradvec bpe train); a
// file named like one of them is given as ./NAME (builtin_tokenizer_note.h).
#pragma once

#include <map>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "text/tokenizer.h"

namespace gv::tools {

extern const std::map<std::string, TokenizerKind> kTokenizers;

// The tokenizer of `options` as --tokenizer names it: words, whitespace, or its BPE merges'
// fingerprint (BpeWords::name), which is what a checkpoint knows of a BPE file.
std::string tokenizer_name(const TokenizerOptions& options);

struct CorpusReadingOptions {
  TokenizerKind tokenizer = TokenizerKind::words;
  std::shared_ptr<const BpeWords> bpe;  // read from the --tokenizer file
  std::string bpe_file;                 // that file, which no output may replace; empty: none
  std::string builtin_named;            // --tokenizer's value when it named a built-in
  bool lowercase = false;               // --lowercase given
  bool keep_case = false;               // --keep-case given
  bool allow_binary = false;            // --allow-binary-corpus (corpus_argument.h)

  // Adds the options to `command`. A command that takes no BPE file gives `why_no_bpe`: its
  // --tokenizer offers the names only, and refuses a file with that reason.
  void add_to(CLI::App& command, const std::string& why_no_bpe = "");
  // The tokenizer asked for: the words tokenizer lowercases unless --keep-case, the whitespace
  // one keeps case unless --lowercase, a BPE file's keeps it. Throws std::invalid_argument if
  // both are given, or --lowercase with a BPE file.
  TokenizerOptions tokenizer_options() const;
  // A run's note when --tokenizer named a built-in that is also a file here
  // (builtin_tokenizer_note.h).
  void note_file_named_like_tokenizer() const;
};

}  // namespace gv::tools
