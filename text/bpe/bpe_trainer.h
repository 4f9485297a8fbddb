// Learns byte-level BPE merges from text: the distinct pre-tokens (pre_tokenizer.h) with their
// counts, then merge after merge of the most frequent adjacent pair of tokens.
//
// A pair's count is the number of places it stands adjacent, summed over the pre-tokens
// weighted by their counts (overlapping places count: "aaa" holds (a, a) twice). Each merge
// joins the pair with the highest count; among equal counts, the smallest left token id, then
// the smallest right one. It replaces the pair in every pre-token from left to right without
// overlap ("aaa" becomes "Z a"). Pairs whose token would be longer than kMaxTokenBytes are
// never merged. Learning stops at the vocabulary size asked for, or earlier once no pair is left.
//
// The counts are kept incrementally: a priority queue of (count, pair) entries, refreshed lazily
// when an entry's count is stale, and for each pair the pre-tokens that hold it, so a merge
// touches only the pre-tokens holding its pair and, in them, only the pairs beside each place
// it joins.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/bpe/bpe_tokens.h"
#include "text/bpe/piece_counts.h"

namespace gv::bpe {

class BpeTrainer {
 public:
  // Counts the pre-tokens of `text`, a whole text (a corpus given in parts goes through a
  // PreTokenStream, pre_tokenizer.h, to add_pre_token).
  void add_text(std::string_view text);
  // Counts `piece` `count` times, as if it were a pre-token of the text.
  void add_pre_token(std::string_view piece, int64_t count);

  // The merges, in the order learned, that make a vocabulary of at most `vocab_size` tokens
  // (in [kMinVocabSize, kMaxVocabSize]; throws std::invalid_argument otherwise). Throws
  // InputPassStopped (io/input_pass_stop.h) at the next merge once a stop is asked for.
  std::vector<Merge> learn(int64_t vocab_size) const;

 private:
  PieceCounts counts_;
};

}  // namespace gv::bpe
