#include "tools/train_group.h"

#include <cstdio>
#include <string>

#include "tools/validators.h"
#ifdef GRADVEC_MPI
#include "distributed/mpi_train_group.h"
#endif

namespace gv::tools {

void add_train_group_options(CLI::App& cmd, TrainGroupOptions& options) {
#ifdef GRADVEC_MPI
  cmd.add_option(
         "--sync-words", options.sync_words,
         "Under mpirun: the words each rank reads between two averagings of the ranks' "
         "tables (the most frequent words' rows each time, rarer ones less often, every "
         "row at each epoch's end). With --resume, the checkpoint's: another value is refused")
      ->check(integer_in<int64_t>(1, INT64_MAX))
      ->capture_default_str();
#else
  (void)cmd;
  (void)options;
#endif
}

std::unique_ptr<TrainGroup> join_train_group(const TrainGroupOptions& options) {
#ifdef GRADVEC_MPI
  if (MpiJob::launched()) return std::make_unique<MpiTrainGroup>(options.sync_words);
#else
  (void)options;
#endif
  return std::make_unique<TrainGroup>();
}

std::string default_lr_help() {
#ifdef GRADVEC_MPI
  return "; under mpirun, R ranks start at R x that, up to " + std::to_string(kMaxLrScale) +
         " x, since they average their tables";
#else
  return "";
#endif
}

std::string default_lr_note(ModelKind model, int processes) {
  if (processes == 1) return "";
  char note[96];
  if (processes <= kMaxLrScale) {
    std::snprintf(note, sizeof note, " (%d ranks x %g; --lr sets it)", processes,
                  default_lr(model));
  } else {
    std::snprintf(note, sizeof note, " (%d ranks, capped at %d x %g; --lr sets it)", processes,
                  kMaxLrScale, default_lr(model));
  }
  return note;
}

std::vector<GroupSetting> group_settings(const CLI::App& cmd) {
  std::vector<GroupSetting> settings;
  for (const CLI::Option* option : cmd.get_options()) {
    std::string value;
    for (const std::string& result : option->results())
      value += (value.empty() ? "" : " ") + result;
    settings.push_back({option->get_name(), value, option->count() > 0});
  }
  return settings;
}

}  // namespace gv::tools
