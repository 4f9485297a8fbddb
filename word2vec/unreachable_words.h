// The words of a vocabulary that no corpus can supply: what the tokenizer never yields under the
// training's options (an uppercase word when it lowercases, a word holding punctuation it
// splits at, one longer than a token can be). A vocabulary file is written by hand or by another
// tool, so such words are found before training rather than left untrained without a word.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "text/tokenizer.h"
#include "text/vocabulary.h"

namespace gv {

// Whether tokenizing some text with `options` can yield `word`: exactly when tokenizing the word
// alone yields it, since a token tokenizes to itself; with a BPE tokenizer, when it is one of
// the tokens' readable pieces.
bool tokenizer_can_yield(std::string_view word, const TokenizerOptions& options);

// The ids of `vocab`'s words that tokenizer_can_yield() refuses, ascending.
std::vector<int64_t> unreachable_words(const Vocabulary& vocab, const TokenizerOptions& options);

// `vocab` without the words `dropped` (ascending ids), then its `max_size` most frequent (0: all),
// the rest in their order: what training keeps when unreachable words are left out before
// --max-vocab applies.
Vocabulary without_words(const Vocabulary& vocab, const std::vector<int64_t>& dropped,
                         int64_t max_size);

}  // namespace gv
