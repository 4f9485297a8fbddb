#include "word2vec/checkpoint/sync_state_io.h"

#include <limits>
#include <string>

#include "word2vec/data_parallel/sync_schedule.h"

namespace gv {

void write_sync_state(TensorWriter& w, const SyncState& sync) {
  w.count(static_cast<int64_t>(sync.processes.size()));
  if (sync.processes.empty()) return;
  for (int64_t v : {sync.sync_words, sync.epoch, sync.next_round}) w.pod(v);
  for (const SyncPosition& p : sync.processes) {
    w.pod(p.share_words);
    w.pod(p.epoch_start);
  }
}

SyncState read_sync_state(TensorReader& r, int64_t epochs, int64_t words, int64_t words_total) {
  SyncState sync;
  const int64_t processes = r.count("sync state", 2 * sizeof(int64_t));
  if (processes == 0) return sync;
  // An MPI job numbers its ranks with ints.
  const int64_t most_processes = std::numeric_limits<int>::max();
  r.require_field(processes <= most_processes, "sync processes",
                  TensorReader::in_range(1, most_processes), processes);
  sync.sync_words = r.pod<int64_t>("sync state");
  r.require_field(sync.sync_words >= 1, "sync words", ">= 1", sync.sync_words);
  sync.epoch = r.pod<int64_t>("sync state");
  r.require_field(sync.epoch >= 0 && sync.epoch <= epochs, "sync epoch",
                  TensorReader::in_range(0, epochs), sync.epoch);
  sync.next_round = r.pod<int64_t>("sync state");
  const int64_t rounds =
      SyncSchedule(words, static_cast<int>(processes), 0, sync.sync_words).rounds();
  r.require_field(sync.next_round >= 1 && sync.next_round <= rounds, "sync next round",
                  TensorReader::in_range(1, rounds) + " (the rounds of an epoch)", sync.next_round);
  for (int64_t p = 0; p < processes; ++p) {
    const std::string process = "process " + std::to_string(p) + " ";
    SyncPosition position;
    position.share_words = r.pod<int64_t>("sync state");
    r.require_field(position.share_words >= 0 && position.share_words <= words,
                    process + "share words",
                    TensorReader::in_range(0, words) + " (an epoch's words)", position.share_words);
    position.epoch_start = r.pod<int64_t>("sync state");
    r.require_field(
        position.epoch_start >= 0 && position.epoch_start <= words_total, process + "epoch start",
        TensorReader::in_range(0, words_total) + " (the run's words)", position.epoch_start);
    sync.processes.push_back(position);
  }
  return sync;
}

std::vector<ByteRange> worker_slices(const Corpus& corpus, int threads, int64_t processes) {
  if (processes == 0) return split_corpus(corpus, threads);
  std::vector<ByteRange> slices;
  for (const ByteRange& share : split_corpus(corpus, processes)) {
    const std::vector<ByteRange> own = split_corpus(corpus, threads, share);
    slices.insert(slices.end(), own.begin(), own.end());
  }
  return slices;
}

}  // namespace gv
