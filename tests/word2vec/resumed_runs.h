// resumed_after(), same_run(): the check every resumable kind of run shares — stopped after some
// words, saved, restored from the checkpoint and trained to the end, it must equal the run that
// never stopped.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "autograd/tensor.h"
#include "word2vec/trainer.h"

namespace gv::testing {

inline const std::atomic<bool> kNeverStop{false};

// `first` trained until `stop_after_words`, saved to `checkpoint`, and resumed from it to the
// end of its run, on `corpus`.
inline Trainer resumed_after(Trainer first, const std::string& corpus,
                             const std::string& checkpoint, int64_t stop_after_words) {
  if (first.train({}, kNeverStop, stop_after_words))
    throw std::logic_error("resumed_after: the run ended before its stop");
  first.save_checkpoint(checkpoint);
  Trainer resumed = Trainer::resumed(checkpoint, corpus);
  resumed.train({}, kNeverStop);
  return resumed;
}

inline bool same_bits(const Tensor& a, const Tensor& b) {
  if (a.shape() != b.shape()) return false;
  for (int64_t i = 0; i < a.numel(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

// The same words read, the same loss over the whole run to the last bit, and both tables bit
// for bit.
inline bool same_run(const Trainer& a, const Trainer& b) {
  return a.progress().words_done == b.progress().words_done &&
         a.progress().run_loss == b.progress().run_loss &&
         same_bits(a.input_table().value(), b.input_table().value()) &&
         same_bits(a.output_table().value(), b.output_table().value());
}

}  // namespace gv::testing
