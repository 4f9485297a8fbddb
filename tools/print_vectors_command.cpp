// `gradvec vector`: words' vectors as `word v1 ... vd` lines, like fastText's
// print-word-vectors. With a fastText model any word has one (its n-grams; zeros when it has
// none, as fastText prints), and a note on stderr says which a word outside the vocabulary got;
// with a file of word vectors alone an unknown word is an error. A word the vocabulary has only
// as a BPE piece or in another ASCII case is printed as that word, with a note on stderr ("KING:
// using king"), as the other queries do (query_word.h).
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "tools/commands.h"
#include "tools/vector_file_options.h"
#include "tools/vectors/case_variants.h"
#include "tools/vectors/query_word.h"
#include "tools/vectors/subword_vectors.h"
#include "tools/vectors/text_file.h"
#include "tools/vectors/vector_source.h"
#include "tools/vectors/vector_writer.h"

namespace gv::tools {
namespace {

// Any word's vector: its row, else its n-gram mean when the file has subword rows.
class VectorLookup {
 public:
  VectorLookup(const WordVectors& vectors, const VectorFileOptions& file)
      : vectors_(vectors), file_(file), vector_(static_cast<size_t>(vectors.dim)) {
    row_by_word_.reserve(vectors.words.size());
    for (int64_t i = 0; i < vectors.size(); ++i) {
      row_by_word_.emplace(vectors.words[static_cast<size_t>(i)], i);  // the first one wins
    }
  }

  // Throws std::invalid_argument naming the word and the file when there is no vector, or
  // saying it is past --limit when that is why.
  void require(std::string_view word) const {
    if (vectors_.subwords == nullptr && !find(word).row) {
      const std::string past = file_.past_limit(word, vectors_.size());
      if (!past.empty()) throw std::invalid_argument(past);
      throw std::invalid_argument(file_.path + ": " + quoted(word) +
                                  " not in vocabulary, and the file has no subword rows to "
                                  "build it from");
    }
  }

  // "word v1 ... vd\n", values in the shortest form that reads back to the same float; a case
  // variant used for `word` is named on `notes` and printed in its own spelling.
  std::string line(std::string_view word, std::ostream& notes) {
    require(word);
    const Found found = find(word);
    const float* values = vector_.data();
    if (found.row) {
      values = vectors_.row(*found.row);
    } else if (vectors_.subwords->ngram_vector(word, vector_.data())) {
      notes << "gradvec: note: " << quoted(word)
            << " is not in the vocabulary: its vector is the mean of its n-grams\n";
    } else {  // zeros, as fastText prints a word without n-grams
      notes << "gradvec: note: " << quoted(word)
            << " is not in the vocabulary and has no n-grams in this model: printed as zeros\n";
    }
    if (!found.substitutes.empty()) {
      notes << "gradvec: note: " << case_substitution_note(word, found.substitutes) << '\n';
      word = found.substitutes.front();
    }
    std::string text(word);
    append_text_row(values, vectors_.dim, text);
    return text + '\n';
  }

 private:
  struct Found {
    std::optional<int64_t> row;
    std::vector<std::string> substitutes;  // when the row is that of the first of these
  };
  // The row of the word a query uses (query_word.h), if listed.
  Found find(std::string_view word) const {
    QueryWord query = resolve_query_word(
        word, vectors_.words, [this](std::string_view w) { return row_by_word_.contains(w); });
    const auto found = row_by_word_.find(query.word);
    if (found == row_by_word_.end()) return {};
    return {found->second, std::move(query.substitutes)};
  }

  const WordVectors& vectors_;
  const VectorFileOptions& file_;
  std::unordered_map<std::string_view, int64_t> row_by_word_;  // views into vectors_.words
  std::vector<float> vector_;                                  // (dim): the last n-gram mean
};

}  // namespace

void add_print_vectors_command(CLI::App& app) {
  struct PrintVectors {
    VectorFileOptions file;
    std::vector<std::string> words;
  };
  auto state = std::make_shared<PrintVectors>();
  CLI::App* command = app.add_subcommand(
      "vector", "Print words' vectors, one 'word v1 ... vd' line each (words from stdin if none)");
  state->file.add_to(*command);
  command->add_option("words", state->words, "Words (default: read from standard input)");
  command->callback([state] {
    if (state->words.empty()) state->file.refuse_standard_input("vector without words");
    const LoadedVectors loaded = state->file.load(std::cerr);
    VectorLookup lookup(loaded.vectors, state->file);
    if (!state->words.empty()) {
      for (const std::string& word : state->words) lookup.require(word);  // all, or print none
      for (const std::string& word : state->words) std::cout << lookup.line(word, std::cerr);
      return;
    }
    // As print-word-vectors: whitespace-separated words, each line's answered as soon as it is
    // read. LineReader caps a line, so endless input without newlines is an error, not a leak.
    LineReader input(std::cin, "standard input");
    std::string line;
    while (input.next(line)) {
      for (const std::string_view word : split_fields(line))
        std::cout << lookup.line(word, std::cerr);
      std::cout << std::flush;
    }
  });
}

}  // namespace gv::tools
