#include "tools/corpus_reading_options.h"

#include <stdexcept>

#include "word2vec/corpus/binary_corpus.h"

namespace gv::tools {

const std::map<std::string, TokenizerKind> kTokenizers = {
    {"words", TokenizerKind::words}, {"whitespace", TokenizerKind::whitespace}};

void CorpusReadingOptions::add_to(CLI::App& command) {
  command
      .add_option_function<std::string>(
          "--tokenizer", [this](const std::string& name) { tokenizer = kTokenizers.at(name); },
          "words: letters and digits with inner apostrophes and underscores, punctuation "
          "dropped (U.S. gives u s); whitespace: anything between spaces, tabs and "
          "newlines, punctuation and case kept (Ham. and U.S. stay whole), as word2vec.c, "
          "fastText and gensim's LineSentence read a corpus. A newline ends a sentence")
      ->check(CLI::IsMember(kTokenizers))
      ->option_text("words|whitespace (default: words)");
  command.add_flag("--lowercase", lowercase,
                   "Lowercase words: the default with --tokenizer words, off with whitespace");
  command.add_flag("--keep-case", keep_case,
                   "Do not lowercase words: the default with --tokenizer whitespace, off with "
                   "words");
  command.add_flag("--allow-binary-corpus", allow_binary,
                   "Read a corpus file that looks binary: refused by default if its first 65536 "
                   "bytes (decompressed) hold a NUL byte or over 1% bytes of invalid UTF-8");
}

TokenizerOptions CorpusReadingOptions::tokenizer_options() const {
  if (lowercase && keep_case) {
    throw std::invalid_argument("--lowercase and --keep-case contradict each other: give one");
  }
  TokenizerOptions options;
  options.kind = tokenizer;
  options.lowercase = options.kind == TokenizerKind::words ? !keep_case : lowercase;
  return options;
}

void CorpusReadingOptions::check_text(const std::string& name, const std::string& path) const {
  if (!allow_binary) refuse_binary_corpus_file(name, path);
}

}  // namespace gv::tools
