// Phrases: word2phrase's and gensim's collocation detection, which joins pairs of words that
// occur together far more often than chance would have them ("new york" -> "new_york"), so
// that training gives such a pair a vector of its own.
//
// Adjacent words a b of a sentence are a phrase when
//
//   score(a, b) = (count(ab) - min_count) / (count(a) * count(b)) * N  >  threshold
//
// with N gensim 4's `len_vocab`: the number of distinct words plus the number of distinct
// bigrams seen, since gensim keeps both in one dict and takes its length (word2phrase uses
// the number of tokens instead). The comparison is strict, so a pair needs a count above
// min_count; words are not filtered by min_count (word2phrase's are). The defaults are
// gensim's: min_count 5, threshold 10. A sentence is rewritten greedily from the left: a
// phrase's second word is never the first word of another, so in "a b c" with both "a b" and
// "b c" phrases, "a_b c" is written. Running phrases over its own output joins phrases with
// words or phrases again: trigrams and four-grams.
//
// Where this is not gensim: gensim counts words and bigrams under their spelled-out names, so
// entries that spell the same share one count and one place in N: the pairs (new_york, city)
// and (new, york_city) both count as "new_york_city", and a word "a_b" already in the text
// shares its count with the pair (a, b). Here they stay apart, as their ids differ. On text
// without `_` the two agree exactly; a pass over this command's own output can meet only the
// first kind, since it leaves no phrase's two words side by side unjoined. gensim also prunes
// its counts once it holds 40 million entries (max_vocab_size); nothing is pruned here, so
// counting needs memory for every distinct word and every distinct bigram (21-43 bytes each).
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "text/bigram_counts.h"
#include "text/corpus/corpus.h"
#include "text/tokenizer.h"
#include "text/vocabulary.h"

namespace gv {

// What joins a phrase's words: gensim's and word2phrase's delimiter, kept inside a word by
// the tokenizer, so a joined phrase reads back as one token.
inline constexpr char kPhraseDelimiter = '_';

struct PhraseOptions {
  int64_t min_count = 5;    // gensim's default; subtracted from each pair's count
  double threshold = 10.0;  // gensim's default; a phrase scores strictly more
};

// gensim's original_scorer, operation for operation (so a score exactly at the threshold
// compares as it does there): (count_ab - min_count) / (count_a * count_b) * n, the product
// taken exactly before it is rounded to a double. -infinity when count_a or count_b is 0.
double phrase_score(int64_t count_a, int64_t count_b, int64_t count_ab, int64_t min_count,
                    int64_t n);

// Every word of a corpus and every pair of adjacent words within its sentences, counted.
struct PhraseCounts {
  TokenizerOptions tokenizer;  // how the corpus was read
  Vocabulary words;            // every word (min count 1), with its count
  BigramCounts bigrams;        // keyed by the words' ids

  // gensim's len_vocab: distinct words plus distinct bigrams.
  int64_t n() const { return words.size() + bigrams.size(); }
  // The pair's score; -infinity when either word or the pair never occurs.
  double score(std::string_view a, std::string_view b, int64_t min_count) const;
};

// Counts `corpus`'s words, then its bigrams, with `threads` readers on slices of it: the
// counts do not depend on the number of threads. Bigrams do not cross sentences (lines, cut
// every CorpusReader::kMaxSentenceTokens tokens). Throws std::runtime_error naming the file if
// it cannot be read or holds no words, std::invalid_argument if threads < 1, InputPassStopped
// once stop_input_passes_when's flag is set (io/input_pass_stop.h).
PhraseCounts count_phrases(const Corpus& corpus, const TokenizerOptions& tokenizer = {},
                           int threads = 1);

// A phrase found in a corpus.
struct Phrase {
  std::string a, b;
  int64_t count = 0;  // of the pair
  double score = 0;
  bool operator==(const Phrase&) const = default;
};

// How a rewrite went.
struct PhraseRewrite {
  int64_t sentences = 0;  // lines written
  int64_t joins = 0;      // pairs written as one token
};

// The phrases of a counted corpus, ready to join.
class Phrases {
 public:
  // Keeps the pairs of `counts` that score above options.threshold. Throws
  // std::invalid_argument unless min_count >= 1 and threshold > 0 (gensim's own checks).
  Phrases(PhraseCounts counts, const PhraseOptions& options);

  // The number of distinct pairs that are phrases.
  int64_t size() const { return phrases_.size(); }
  bool contains(std::string_view a, std::string_view b) const;
  // Every phrase, the highest score first (ties: more frequent first, then by the words).
  std::vector<Phrase> list() const;

  // Writes `corpus` to `out`, read as it was counted: one sentence per line,
  // tokens separated by single spaces, each phrase written as its two words joined by
  // kPhraseDelimiter, greedily from the left. Throws std::runtime_error naming the file if it
  // cannot be read, InputPassStopped as count_phrases does.
  PhraseRewrite rewrite(const Corpus& corpus, std::ostream& out) const;

 private:
  // The score of the pair `key` seen `count` times.
  double score(uint64_t key, int64_t count) const;
  // Appends the sentence `ids` to `line` with its phrases joined; returns how many.
  int64_t join(std::span<const int64_t> ids, std::string& line) const;

  TokenizerOptions tokenizer_;
  PhraseOptions options_;
  int64_t n_ = 0;  // the counts' N, for list()'s scores
  Vocabulary words_;
  BigramCounts phrases_;  // the pairs that are phrases, with their counts
};

}  // namespace gv
