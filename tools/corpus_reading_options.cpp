#include "tools/corpus_reading_options.h"

#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "io/printable.h"
#include "text/bpe/bpe_file.h"
#include "tools/builtin_tokenizer_note.h"
#include "tools/corpus_argument.h"
#include "tools/name_suggestions.h"
#include "tools/train_kinds.h"
#include "tools/validators.h"

namespace gv::tools {

const std::map<std::string, TokenizerKind> kTokenizers = {
    {"words", TokenizerKind::words}, {"whitespace", TokenizerKind::whitespace}};

namespace {

// A tokenizer's name, or else a file to read as a BPE file: a name mistyped ("word") is named
// with its likely meaning rather than looked for as a file. A path (./words, or a file that is
// there) is no mistyped name. Where `why_no_bpe` is given, a command takes names only, and
// refuses anything else with it.
CLI::Validator tokenizer_name_or_file(const std::string& why_no_bpe) {
  return CLI::Validator(
      [why_no_bpe](std::string& text) -> std::string {
        if (kTokenizers.contains(text)) return {};
        std::vector<std::string> names;
        for (const auto& [name, kind] : kTokenizers) names.push_back(name);
        const std::string hint = did_you_mean(text, names);
        if (!why_no_bpe.empty()) {
          return "'" + quoted_input(text) + "' is not a tokenizer name (words, whitespace)" +
                 (hint.empty() ? "; " + why_no_bpe : hint);
        }
        std::error_code error;
        if (!hint.empty() && text.find('/') == std::string::npos &&
            !std::filesystem::exists(text, error)) {
          return "'" + quoted_input(text) +
                 "' is not a tokenizer name (words, whitespace) nor a BPE file" + hint;
        }
        return regular_file("BPE file")(text);
      },
      "FILE");
}

}  // namespace

std::string tokenizer_name(const TokenizerOptions& options) {
  return options.kind == TokenizerKind::bpe ? options.bpe->name()
                                            : name_of(kTokenizers, options.kind);
}

void CorpusReadingOptions::add_to(CLI::App& command, const std::string& why_no_bpe) {
  const std::string names_help =
      "words: letters and digits with inner apostrophes and underscores, punctuation "
      "dropped (U.S. gives u s); whitespace: anything between spaces, tabs and "
      "newlines, punctuation and case kept (Ham. and U.S. stay whole), as word2vec.c, "
      "fastText and gensim's LineSentence read a corpus";
  const std::string file_help =
      "; FILE: a BPE file from gradvec bpe train, its tokens the words, each shown as its "
      "readable piece (a leading space as U+2581), case kept (a file named words is ./words)";
  command
      .add_option_function<std::string>(
          "--tokenizer",
          [this](const std::string& name) {
            if (const auto found = kTokenizers.find(name); found != kTokenizers.end()) {
              tokenizer = found->second;
              bpe = nullptr;
              bpe_file.clear();
              builtin_named = name;
              return;
            }
            tokenizer = TokenizerKind::bpe;
            builtin_named.clear();
            try {
              bpe = std::make_shared<const BpeWords>(bpe::load_bpe(name));
              bpe_file = name;
            } catch (const std::runtime_error& e) {
              throw std::runtime_error(std::string("--tokenizer: ") + e.what());
            }
          },
          names_help + (why_no_bpe.empty() ? file_help : "; not a BPE file: " + why_no_bpe) +
              ". A newline ends a sentence")
      ->check(tokenizer_name_or_file(why_no_bpe))
      ->option_text(why_no_bpe.empty() ? "words|whitespace|FILE (default: words)"
                                       : "words|whitespace (default: words)");
  command.add_flag("--lowercase", lowercase,
                   "Lowercase words: the default with --tokenizer words, off with whitespace; "
                   "refused with a BPE file");
  command.add_flag("--keep-case", keep_case,
                   "Do not lowercase words: the default with --tokenizer whitespace, off with "
                   "words");
  add_allow_binary_corpus_flag(command, allow_binary);
}

TokenizerOptions CorpusReadingOptions::tokenizer_options() const {
  if (lowercase && keep_case) {
    throw std::invalid_argument("--lowercase and --keep-case contradict each other: give one");
  }
  TokenizerOptions options;
  options.kind = tokenizer;
  if (tokenizer == TokenizerKind::bpe) {
    if (lowercase) {
      throw std::invalid_argument(
          "--lowercase does not apply to a BPE --tokenizer: its merges were learned from the "
          "text as it is, so it reads the text as it is");
    }
    options.lowercase = false;
    options.bpe = bpe;
    return options;
  }
  options.lowercase = options.kind == TokenizerKind::words ? !keep_case : lowercase;
  return options;
}

void CorpusReadingOptions::note_file_named_like_tokenizer() const {
  if (!builtin_named.empty()) tools::note_file_named_like_tokenizer(builtin_named);
}

}  // namespace gv::tools
