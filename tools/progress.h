// What the training commands (train, lm train) share: the progress line redrawn in place, and
// Ctrl-C handled the same way: the loop stops at a step boundary, a checkpoint is written and a
// line says how to continue.
#pragma once

#include <atomic>
#include <functional>
#include <string>

namespace gv::tools {

// "1:02:03"
std::string clock_text(double seconds);

// One line on stderr, redrawn in place: a bar for `fraction` (of 1), the rate as given
// ("  812.3k words/s"), the learning rate, the loss and the time left.
void draw_progress_line(double fraction, const char* rate, float lr, double loss,
                        double eta_seconds);

// Runs `train(stop)`, which must return at its next step boundary once Ctrl-C has set `stop`,
// and say whether it finished. A progress line it drew (`progress_shown`) is cleared afterwards.
// If it stopped, `save(checkpoint)` writes the checkpoint, stderr says "interrupted: checkpoint
// written to CHECKPOINT; continue with: CONTINUE_WITH", and Interrupted is thrown.
void train_or_checkpoint(bool progress_shown,
                         const std::function<bool(const std::atomic<bool>& stop)>& train,
                         const std::string& checkpoint,
                         const std::function<void(const std::string&)>& save,
                         const std::string& continue_with);

}  // namespace gv::tools
