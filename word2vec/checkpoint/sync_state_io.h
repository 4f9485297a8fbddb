// A data-parallel run's sync state (table_sync.h) as a checkpoint (checkpoint.h) holds it:
// count P of processes (0: a run alone); if P > 0, int64 sync words, epoch and next round, then
// P × (int64 share words, int64 epoch start).
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/tensor_io.h"
#include "text/corpus/corpus.h"
#include "text/corpus/corpus_reader.h"
#include "word2vec/data_parallel/table_sync.h"

namespace gv {

// The first checkpoint version that holds it.
inline constexpr uint32_t kFirstSyncVersion = 10;

void write_sync_state(TensorWriter& w, const SyncState& sync);

// Reads it, each field checked against its bounds: a run of `epochs` epochs of `words` words of
// the whole corpus each, `words_total` in all. Throws as TensorReader::fail, naming the field.
SyncState read_sync_state(TensorReader& r, int64_t epochs, int64_t words, int64_t words_total);

// The slices of the workers of every one of `processes` (0: a run alone), `threads` each, in the
// order a checkpoint holds their positions: each process's share split among its threads, as
// Trainer::join splits it.
std::vector<ByteRange> worker_slices(const Corpus& corpus, int threads, int64_t processes);

}  // namespace gv
