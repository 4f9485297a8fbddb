#include "tools/training_session.h"

namespace gv::tools {

namespace {

std::vector<std::string> paths_of(const std::vector<PathOption>& options) {
  std::vector<std::string> paths;
  for (const PathOption& option : options) paths.push_back(option.path);
  return paths;
}

// The outputs refused when they name an input or each other, then readied and locked.
OutputLocks checked_outputs(const SessionFiles& files) {
  refuse_shared_files(files.inputs, files.outputs, files.same_run);
  return prepare_outputs(paths_of(files.outputs));
}

}  // namespace

TrainingSession::TrainingSession(const StopSignals& signals, const SessionFiles& files,
                                 std::string command, bool quiet)
    : signals_(signals),
      locks_(checked_outputs(files)),
      stop_checkpoint_(files.checkpoint, files.outputs.front().path, files.inputs, files.outputs),
      messages_(message_stream(paths_of(files.outputs))),
      command_(std::move(command)),
      shows_progress_(!quiet && progress_shown()) {}

bool TrainingSession::run(const std::function<bool(const std::atomic<bool>& stop)>& train) const {
  const bool finished = train(signals_.stop());
  if (shows_progress_) clear_progress_line();
  return finished;
}

void TrainingSession::keep_stopped(
    const SaveCheckpoint& save, const std::function<std::string(const std::string&)>& continue_with,
    int signal) const {
  keep_interrupted(save, stop_checkpoint_, command_, continue_with, signal);
}

void TrainingSession::end(const std::string& written) const {
  end_if_signalled(signals_, "training", written);
}

}  // namespace gv::tools
