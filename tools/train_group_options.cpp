#include "tools/train_group_options.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

#include "autograd/mpi_launch.h"
#include "tools/launched_ranks.h"
#include "tools/validators.h"

namespace gv::tools {

namespace {

#ifndef GRADVEC_MPI
// What a build without MPI says to a user who meant to train across ranks.
constexpr std::string_view kRebuildWithMpi =
    "rebuild with -DGRADVEC_MPI=ON (./setup.sh --mpi), see docs/distributed.md";
#endif

// --rank-timeout's bound: a year, where a wait in seconds stays far from steady_clock's range.
constexpr int64_t kMaxRankTimeout = int64_t{365} * 24 * 3600;

}  // namespace

void add_train_group_options(CLI::App& cmd, TrainGroupOptions& options) {
  // Each option of training across ranks, bounded to [1, max], with its default shown.
  const auto add = [&cmd](const std::string& name, int64_t& value, const std::string& help,
                          int64_t max) {
#ifdef GRADVEC_MPI
    CLI::Option* option = cmd.add_option(name, value, help)->capture_default_str();
#else
    CLI::Option* option =
        cmd.add_option(name, value,
                       help + " (this build has no MPI: " + std::string(kRebuildWithMpi) + ")")
            ->capture_default_str();
    // Kept in a build without MPI, and refused there by name: a user following
    // docs/distributed.md learns which build it needs, not that no such option exists. Thrown,
    // not returned as CLI11's validation failure, which main() ends with "(see --help)": the
    // line ends with where to read instead.
    option->check(CLI::Validator(
        [name](const std::string&) -> std::string {
          throw std::invalid_argument(name + ": this gradvec was built without MPI; " +
                                      std::string(kRebuildWithMpi));
        },
        ""));
#endif
    option->check(integer_in<int64_t>(1, max));
  };
  add("--sync-words", options.sync_words,
      "Under mpirun: the words each rank reads between two averagings of the ranks' tables (the "
      "most frequent words' rows each time, rarer ones less often, every row at each epoch's "
      "end). With --resume, the checkpoint's: another value is refused",
      INT64_MAX);
  add("--rank-timeout", options.rank_timeout,
      "Under mpirun: the seconds a rank waits for the others in one exchange (a sync round, the "
      "counting pass's, rank 0's last write) before it names the ranks that did not come and "
      "ends the job with status 2, no checkpoint kept: a rank stopped (SIGSTOP) or cut off would "
      "hang the job. A sound run's longest wait is one sync interval plus rank 0's last write. "
      "After a stop signal (INT, TERM, HUP) a rank waits 2 s at most, then ends the job the same "
      "way with the signal's status (128 + its number)",
      kMaxRankTimeout);
}

bool launched_as_rank() {
#ifdef GRADVEC_MPI
  return mpi_launch().launched;
#else
  refuse_launched_ranks("this gradvec was built without MPI", "train", kRebuildWithMpi);
  return false;
#endif
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
