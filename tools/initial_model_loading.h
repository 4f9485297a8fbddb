// train --init MODEL: reading the model, a gradvec checkpoint or any vector file, and the
// options a continued run takes from it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <set>
#include <string>

#include "text/tokenizer.h"
#include "text/vocabulary.h"
#include "word2vec/initial_model.h"
#include "word2vec/train_options.h"

namespace gv::tools {

// A checkpoint or a fastText .bin (told by their magic numbers) with counts and both tables,
// the .bin's W_in with its bucket rows; otherwise a vector file in any format the vector
// commands read, W_in alone. A word the model repeats keeps its first row, with the vector
// readers' warning on standard error. Throws std::runtime_error naming the file for a defect,
// and for what is no model, saying what it looks like: an lm model or a BPE file (their magic
// numbers), a vocabulary or two columns of text (1-dimensional GloVe vectors).
InitialModel load_initial_model(const std::string& path, int threads);

// `options` with what the model fixes: dim; from a checkpoint or a fastText .bin also the model
// kind and the subword settings, and its tokenizer unless --tokenizer, --lowercase or
// --keep-case is given; --lr, unless given, the default rate of the model kind it takes for
// `processes` training together (default_lr). `given` holds the options on the command line, by
// their long names: one that contradicts the model is refused, every one named in one
// std::invalid_argument line.
TrainOptions options_for_model(TrainOptions options, const InitialModel& model,
                               const std::set<std::string>& given, int processes);

struct ModelToContinue {
  InitialModel model;
  TrainOptions options;  // the run's, with what the model fixes
};

// The model at `path` and the options that continue it (load_initial_model, options_for_model,
// TrainOptions::check). `given` must not hold --resume, --read-vocab nor --max-vocab, which
// shape a run or a vocabulary of their own: std::invalid_argument naming the one given. With hs,
// says on standard error that the Huffman tree is built anew.
ModelToContinue model_to_continue(const std::string& path, const TrainOptions& options,
                                  const std::set<std::string>& given, int processes);

// What a run continued from a model says of the model beside the corpus: how many of the
// vocabulary's words are new to the model, and a warning when the tokenizer can never produce
// some of the model's words (word2vec.c's vectors keep "Hamlet;", which --tokenizer words reads
// as "hamlet"), so that the run never trains them.
// The model's words that `tokenizer` never produces: a word read alone gives another token, or
// several, or none. `count` of them, the first as `example`.
struct UnreachableWords {
  int64_t count = 0;
  std::string example;
};
UnreachableWords unreachable_words(const InitialModel& model, const TokenizerOptions& tokenizer);

// Writes to `out` "NAME: K words new to MODEL, N of the vocabulary's V from it" unless `quiet`
// and, when some of the model's words are unreachable under `tokenizer` (named
// `tokenizer_name`), a warning with their count, an example, and the option that reads them
// (--tokenizer whitespace, or --keep-case) when it reaches them all.
void note_continued_run(const std::string& corpus_name, const Vocabulary& vocabulary,
                        const InitialModel& model, const TokenizerOptions& tokenizer,
                        const std::string& tokenizer_name, bool quiet, std::FILE* out);

}  // namespace gv::tools
