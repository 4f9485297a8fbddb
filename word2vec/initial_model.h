// InitialModel: the trained model `gradvec train --init` continues from, and how its vocabulary
// meets the new corpus's.
//
// A model brings its words, their rows of W_in (and, from a checkpoint, of W_out and the subword
// buckets) and, from a checkpoint, their counts and those of the words its run counted but gave
// no row. continue_vocabulary() then updates the vocabulary as gensim's build_vocab(update=True):
// the new corpus's words at min_count that the model lacks join it, and every word the model has
// stays, its count the model's plus the new corpus's, which weighs it in subsampling, the
// negatives and the Huffman tree. Unlike gensim (and fastText), a word the model has no row for
// counts its earlier occurrences too: 3 in the model's corpus and 3 in the new one reach a
// min_count of 5, where either run alone would lose the word. A vector file has no counts: each
// of its words counts once there, so the new corpus's counts decide.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autograd/tensor.h"
#include "text/vocabulary.h"
#include "word2vec/anchored_rows.h"
#include "word2vec/known_words.h"
#include "word2vec/rare_words.h"
#include "word2vec/train_options.h"

namespace gv {

struct InitialModel {
  std::string path;  // for messages
  std::vector<std::string> words;
  std::vector<int64_t> counts;  // per word, as the model counted them; empty for a vector file
  WordCounts rare;  // a checkpoint's words counted but given no row (TrainingState::rare)
  int64_t dim = 0;
  std::vector<float> w_in;   // (words + buckets, dim): a checkpoint with subwords has buckets
  std::vector<float> w_out;  // (words, dim), or empty: W_out starts at zero
  std::optional<TrainOptions> options;  // a checkpoint's: what the model was trained as
};

// What a run continuing a model (--init) brings beside its vocabulary, saved in its checkpoints;
// a fresh run's is empty.
struct ContinuedRun {
  // The model's counts summed over the vocabulary: its counts less those of the corpus read,
  // whose tokens alone set the learning rate's schedule.
  int64_t prior_tokens = 0;
  std::vector<int64_t> frozen_rows;  // ascending ids whose W_in rows training leaves as they are
  std::shared_ptr<const RowAnchor> anchor;  // --anchor-known's pull; null: none
};

struct ContinuedVocabulary {
  Vocabulary vocab;
  ContinuedRun run;
  RareWords rare;  // the corpus's words given no row, the model's rare words added in
};

// The options that count every word of a corpus (min_count 1), for a continued run to see the
// counts of the model's words that occur less than min_count times. Throws
// std::invalid_argument for a max_vocab, which would drop the model's words: before the corpus
// is counted.
TrainOptions counting_every_word(TrainOptions options);

// `corpus_words` is every word of the new corpus (min_count 1). A word of the corpus that the
// model lacks counts its model.rare count too: at min_count it joins, as a word new to the
// model does; under it, it goes to the run's rare words, with the model's rare words that the
// corpus lacks (a word joins only from a corpus that trains its row). Ids follow the summed
// counts, the model's order breaking ties before the corpus's. Throws std::runtime_error naming
// the model if it has no words, a word with a blank (a text vector file may hold one), or
// counts (the rare words' with the vocabulary's) that add up past kMaxTotalCount
// (io/count_limit.h).
ContinuedVocabulary continue_vocabulary(const Vocabulary& corpus_words, const InitialModel& model,
                                        int64_t min_count, KnownWords known);

// Copies the model's rows into a trainer's tables, w_in (V [+ buckets], R) and w_out (V, R) with
// R = row_floats(options.dim), by word: each of the model's words to its id in `vocab`, W_out's
// rows only from a checkpoint of the same loss and never for hs, whose rows are the rebuilt
// tree's nodes; the buckets when the model has them (a checkpoint of the same subword scheme).
// Throws std::invalid_argument when the model's dim is not options.dim.
void copy_model_rows(const InitialModel& model, const Vocabulary& vocab,
                     const TrainOptions& options, Tensor& w_in, Tensor& w_out);

}  // namespace gv
