// What training's tables and each worker's steps take, checked against this machine's memory.
#pragma once

#include <cstdint>

#include "word2vec/train_options.h"

namespace gv {

// W_in's rows: the vocabulary's, and with subwords the n-gram buckets after them.
int64_t input_rows(const TrainOptions& options, int64_t vocab);

// Training's memory, estimated from the options and the vocabulary size alone and checked
// before anything is allocated, so that sizes this machine cannot hold are one clear error
// rather than std::bad_alloc or the OOM killer mid-run. It counts what the options size:
//   - the tables W_in and W_out, with the optimizer's per-coordinate state (Adagrad keeps one
//     more table, Adam two);
//   - per worker, the maps from table rows to gradient entries (SparseRows), its corpus reader,
//     and one step: `batch` centres with window + 1 contexts each (the dynamic window's mean,
//     at most a sentence), each input row scored against its outputs (SGNS K + 1, HS a
//     Huffman path of about log2 V, softmax every word), with the gradient rows they touch.
// Throws std::invalid_argument naming the largest part and the options behind it.
void require_training_fits(const TrainOptions& o, int64_t vocab);

}  // namespace gv
