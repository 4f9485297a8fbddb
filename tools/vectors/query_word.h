// Which vocabulary word a query for a word uses, in every command that looks words up (nearest,
// analogy, repl, train --show, vector): the word itself; else the BPE piece of the word after a
// space ("king" -> "▁king", the token a word has inside a line when vectors were trained over
// BPE tokens); else its first ASCII case variant ("KING" -> "king": gradvec lowercases what it
// trains), preferred to a fastText model's n-grams for the spelling as asked.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gv::tools {

struct QueryWord {
  std::string word;  // what the query looks up
  // Empty when `word` is the word as asked; else the vocabulary lacks that spelling and these
  // are the words it stands for in vocabulary order, `word` the first of them.
  std::vector<std::string> substitutes;
};

// `vocabulary` in file order; `listed` tells whether a spelling is one of its words. A word with
// no substitute resolves to itself, listed or not.
QueryWord resolve_query_word(std::string_view word, const std::vector<std::string>& vocabulary,
                             const std::function<bool(std::string_view)>& listed);

// Up to three vocabulary words close to `word`, which the vocabulary lacks ("did you mean"),
// nearest first. Where the vocabulary holds BPE pieces, a word is looked up as the piece it is
// after a space (resolve_query_word), so the word-start pieces close to that piece come first:
// "lov" suggests "▁love" before the inner pieces "lo" and "ove".
std::vector<std::string> query_suggestions(std::string_view word,
                                           const std::vector<std::string>& vocabulary);

}  // namespace gv::tools
