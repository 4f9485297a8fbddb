// Trainer checkpoints (word2vec/checkpoint/checkpoint.cpp): Trainer::resumed on the corpus every
// seed was written for, then training resumed from it until its workers' first sentence ends
// (the stop flag is already set), which reads back every worker's position and random state.
#include <atomic>
#include <stdexcept>

#include "tests/fuzz/fixtures.h"
#include "tests/fuzz/fuzz_support.h"
#include "word2vec/data_parallel/train_group.h"
#include "word2vec/trainer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile checkpoint("checkpoint");
  static gv::fuzz::InputFile corpus("corpus");
  static const std::string& corpus_path = corpus.hold(
      reinterpret_cast<const uint8_t*>(gv::fuzz::kCorpus.data()), gv::fuzz::kCorpus.size());
  const std::string& path = checkpoint.hold(data, size);
  try {
    gv::Trainer trainer = gv::Trainer::resumed(path, corpus_path);
    // As gradvec train runs it: alone, which refuses a checkpoint of MPI ranks (read above).
    try {
      gv::PlainTrainGroup().join(trainer);
    } catch (const std::runtime_error&) {
      return 0;
    }
    const std::atomic<bool> stop{true};
    trainer.train({}, stop);
  } catch (const gv::TrainingDiverged&) {
    // Tables within every bound can still diverge in their first step: a training outcome,
    // reported as train's --lr advice, not a defect of the file.
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, path);
  }
  return 0;
}
