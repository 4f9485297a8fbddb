#include "tools/resumed_run.h"

#include <charconv>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <vector>

#include "autograd/simd/isa.h"
#include "tools/corpus_reading_options.h"
#include "tools/train_kinds.h"

namespace gv::tools {

namespace {

// `value` as the command line spells it: the shortest digits that read back to it.
template <class Number>
std::string spelled(Number value) {
  char text[32];
  return {text, std::to_chars(text, text + sizeof text, value).ptr};
}

// An option that defines the run a checkpoint continues, and its value in a run's definition:
// empty for an option that run had no use for.
struct RunSetting {
  const char* flag;
  std::function<std::string(const RunDefinition&)> value;
};

// A setting of the run's TrainOptions, `value` taking them.
template <class Value>
RunSetting option(const char* flag, Value value) {
  return {flag, [value](const RunDefinition& run) { return value(run.options); }};
}

// Every option a checkpoint records that shapes what training computes. (--threads and --epochs
// a resumed run takes; --init-scale and --max-vocab-size shape only the counting pass and the
// starting tables, which the checkpoint replaces, and --read-vocab excludes --resume.)
const std::vector<RunSetting>& run_settings() {
  const auto on_off = [](bool on) { return std::string(on ? "on" : "off"); };
  static const std::vector<RunSetting> settings = {
      option("--dim", [](const TrainOptions& o) { return spelled(o.dim); }),
      option("--window", [](const TrainOptions& o) { return spelled(o.window); }),
      option("--negative", [](const TrainOptions& o) { return spelled(o.negatives); }),
      option("--min-count", [](const TrainOptions& o) { return spelled(o.min_count); }),
      option("--max-vocab", [](const TrainOptions& o) { return spelled(o.max_vocab); }),
      option("--sample", [](const TrainOptions& o) { return spelled(o.sample); }),
      option("--lr", [](const TrainOptions& o) { return spelled(o.lr); }),
      option("--seed", [](const TrainOptions& o) { return spelled(o.seed); }),
      option("--batch", [](const TrainOptions& o) { return spelled(o.batch); }),
      option("--optimizer",
             [](const TrainOptions& o) { return name_of(kOptimizers, o.optimizer); }),
      option("--loss", [](const TrainOptions& o) { return name_of(kLosses, o.loss); }),
      option("--model", [](const TrainOptions& o) { return name_of(kModels, o.model); }),
      option("--subwords", [on_off](const TrainOptions& o) { return on_off(o.subwords); }),
      option("--minn", [](const TrainOptions& o) { return spelled(o.subword_scheme.minn); }),
      option("--maxn", [](const TrainOptions& o) { return spelled(o.subword_scheme.maxn); }),
      option("--buckets", [](const TrainOptions& o) { return spelled(o.subword_scheme.buckets); }),
      option("--tokenizer", [](const TrainOptions& o) { return tokenizer_name(o.tokenizer); }),
      option("--keep-case",
             [on_off](const TrainOptions& o) { return on_off(!o.tokenizer.lowercase); }),
      option("--lowercase",
             [on_off](const TrainOptions& o) { return on_off(o.tokenizer.lowercase); }),
      option("--pair-negatives",
             [on_off](const TrainOptions& o) { return on_off(!o.shared_negatives); }),
      // A run without MPI has no sync schedule, and none to contradict.
      {"--sync-words",
       [](const RunDefinition& run) { return run.sync_words > 0 ? spelled(run.sync_words) : ""; }},
  };
  return settings;
}

}  // namespace

void check_resumed(const ResumeRequest& request, const RunDefinition& saved) {
  std::string contradictions;
  for (const RunSetting& setting : run_settings()) {
    if (!request.given.contains(setting.flag)) continue;
    const std::string theirs = setting.value(saved), ours = setting.value(request.asked);
    if (theirs.empty() || theirs == ours) continue;
    contradictions += (contradictions.empty() ? "" : "; ") + std::string(setting.flag) + " " +
                      theirs + ", not " + ours;
  }
  for (const char* flag : {"--init-scale", "--max-vocab-size"}) {
    if (request.given.contains(flag)) {
      throw std::runtime_error(std::string(flag) +
                               " shapes only the counting pass and the starting tables, which " +
                               request.checkpoint + " replaces; resume it without " + flag);
    }
  }
  if (contradictions.empty()) return;
  throw std::runtime_error(request.checkpoint + ": was trained with " + contradictions +
                           "; resume it with the checkpoint's values or without these options");
}

void continue_resumed(Trainer& trainer, const ResumeRequest& request) {
  if (request.given.contains("--epochs")) trainer.set_epochs(request.asked.options.epochs);
  if (request.given.contains("--threads")) trainer.set_threads(request.asked.options.threads);
}

std::string resumed_note(const Trainer& trainer, const ResumeRequest& request,
                         int64_t saved_epochs) {
  const TrainProgress p = trainer.progress();
  const TrainOptions& o = trainer.options();
  char note[256];
  std::snprintf(note, sizeof note, "resumed at %.0f%% of %lld epochs", 100.0 * p.fraction(),
                static_cast<long long>(o.epochs));
  std::string text = note;
  if (o.epochs != saved_epochs)
    text += " (the checkpoint's run was set for " + std::to_string(saved_epochs) + ")";
  std::snprintf(note, sizeof note, ", lr now %g, ", p.lr);
  text += note;
  if (request.given.contains("--threads") && request.asked.options.threads != o.threads) {
    text += std::to_string(request.asked.options.threads) + " thread(s) from epoch " +
            std::to_string(trainer.threads_from_epoch() + 1) + " (the checkpoint's run used " +
            std::to_string(o.threads) + ")";
  } else {
    text += std::to_string(o.threads) + " thread(s)";
  }
  return text;
}

std::string trained_summary(const TrainProgress& before, const TrainProgress& after) {
  const int64_t words = after.words_done - before.words_done;
  const double seconds = after.seconds - before.seconds;
  char text[160];
  std::snprintf(text, sizeof text, "trained %lld words in %.2f s", static_cast<long long>(words),
                seconds);
  std::string summary = text;
  if (before.words_done > 0 || before.seconds > 0) {
    std::snprintf(text, sizeof text, " (run: %lld words in %.2f s)",
                  static_cast<long long>(after.words_done), after.seconds);
    summary += text;
  }
  std::snprintf(text, sizeof text, " | %.0f words/s (%s kernels)",
                seconds > 0 ? double(words) / seconds : 0.0, isa_name(active_isa()).data());
  return summary + text;
}

}  // namespace gv::tools
