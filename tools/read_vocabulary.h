// --read-vocab: the vocabulary a training run reads instead of counting its corpus.
#pragma once

#include <string>

#include "text/vocabulary.h"
#include "word2vec/train_options.h"

namespace gv::tools {

// A --read-vocab word that the tokenizer never yields would never be trained: its count would
// still weigh in the negatives and the learning rate's schedule, and its vector would be written
// as it started. Such words are named in a warning and left out before --max-vocab applies
// (kept, untrained, with --keep-unseen-vocab); a vocabulary of such words only is refused.
// Reads `path` (Vocabulary::load: throws std::runtime_error naming it) as `options` keep it.
Vocabulary read_vocabulary(const std::string& path, bool keep_unseen, const TrainOptions& options);

}  // namespace gv::tools
