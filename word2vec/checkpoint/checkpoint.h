// Trainer checkpoints: everything needed to continue a word2vec run exactly, written by
// Trainer::save_checkpoint and read back by Trainer::resumed.
//
// A tensor file (autograd/tensor_io.h) of magic "GVCHKPNT", version kCheckpointVersion, holding
//   options      every TrainOptions field, fixed widths (the model, the loss, the tokenizer and
//                the subword scheme among them); not init_scale, which only shapes the initial
//                tables a checkpoint replaces. With a BPE tokenizer, then its merges: count M,
//                M × (int32 left, int32 right), as a BPE file holds them (bpe_file.h)
//   corpus       int64 size, uint64 fingerprint   the corpus must be the same files on resume
//   prior tokens int64: a run continued from a model (--init) counts the model's words too
//   vocabulary   count V, V × (string word, int64 count), in id order
//   rare words   count N, N × (string word, int64 count): the words counted but given no row
//                (rare_words_io.h), which a run continued from this one adds to its corpus's
//   W_in, W_out  tensors, rows of row_floats(dim) floats, the columns past dim zero
//   frozen rows  count F, F ascending int64 ids whose W_in rows training leaves as they are
//   anchor       float lambda, count A, A × (int64 id ascending, dim floats): the rows
//                --anchor-known pulls and their values in the model (row_anchor_io.h)
//   optimizer    count n, n tensors (as wide as the tables); count m, m int64 counters
//   progress     double seconds;
//                sync: count P, the processes of a run across MPI ranks (0: a run alone); if
//                P > 0, int64 sync words, epoch, next round, then P × (int64 share words,
//                int64 epoch start) (table_sync.h's SyncState);
//                count workers (threads × P, or threads when P = 0), per worker, process by
//                process: epoch, byte offset, sentences after, 4 × uint64 rng words, double
//                cached normal, uint8 has cached normal, words done, double loss sum, loss pairs
// Version 11 is this layout without the rare words (none), version 10 that without the anchor
// (none), version 9 that without the sync count (a run alone), and version 8 that before BPE
// tokenizers (its tokenizer is words or whitespace): all are read too. Another version, or the
// first format's magic "GVCKPT01", is refused by its version.
//
// Reading trusts no field. read_checkpoint checks each against its bounds and against what the
// file itself holds (the tables' shapes, the corpus's size and fingerprint, each worker's slice)
// before anything is allocated from it, and the options against the trainer's own bounds and
// this machine's memory (TrainOptions::check, require_training_fits) before the optimizer
// state is read; Trainer::resumed then checks the optimizer state against the optimizer
// it builds. Every error names the checkpoint and the field, in one line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "autograd/optim.h"
#include "autograd/tensor.h"
#include "io/fingerprint.h"
#include "text/corpus/corpus.h"
#include "text/vocabulary.h"
#include "word2vec/initial_model.h"
#include "word2vec/train_options.h"
#include "word2vec/trainer.h"

namespace gv {

inline constexpr uint32_t kCheckpointVersion = 12;

// How the run was set up and where it stands: a checkpoint but for the vocabulary and tables.
struct TrainingState {
  TrainOptions options;
  CorpusFingerprint corpus;
  Optimizer::State optimizer;
  double seconds = 0.0;  // wall time spent training so far
  // One per worker, options.threads of them for each process of `sync` (or for the one alone).
  std::vector<WorkerPosition> positions;
  ContinuedRun continued;  // what a run from --init keeps
  // The words counted but given no row (under min_count, or past max_vocab), with their counts,
  // a continued run's model's added in: what a run continued from this one adds to its corpus's
  // counts. On disk, not in memory (rare_words.h).
  RareWords rare;
  SyncState sync;  // a run across processes: where its sync schedule stands
};

struct TrainerCheckpoint {
  Vocabulary vocab;
  Tensor w_in;   // (V, R), or (V + buckets, R) with subwords; R = row_floats(dim)
  Tensor w_out;  // (V, R)
  TrainingState training;
};

// Atomically. Throws std::runtime_error naming the path if it cannot be written.
void write_checkpoint(const std::string& path, const Vocabulary& vocab, const Tensor& w_in,
                      const Tensor& w_out, const TrainingState& training);

// Reads checkpoint `path` for a run on `corpus`, checking every field as above. Throws
// std::runtime_error naming the checkpoint and the field on any defect, or naming both files
// when `corpus` is not the one it was written for.
TrainerCheckpoint read_checkpoint(const std::string& path, const Corpus& corpus);

// Whether `bytes`, a file's first, start as a checkpoint does (its magic, any version), rather
// than as a vector file.
bool has_checkpoint_magic(std::string_view bytes);

// A checkpoint's model for `train --init`: its options, words, counts and tables, checked as
// read_checkpoint checks them but against no corpus; the run's progress is not read. Throws
// std::runtime_error naming the checkpoint and the field on any defect.
InitialModel read_checkpoint_model(const std::string& path);

// "<path>: not a valid gradvec checkpoint (<what>)": for a defect found once the file is read.
[[noreturn]] void throw_bad_checkpoint(const std::string& path, const std::string& what);

}  // namespace gv
