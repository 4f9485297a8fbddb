#include "tools/small_vocabulary.h"

#include <string_view>

namespace gv::tools {

void warn_if_vocabulary_tiny(const Trainer& trainer, std::FILE* out) {
  const int64_t kept = trainer.vocabulary().size();
  const int64_t min_count = trainer.options().min_count;
  if (kept >= kFewestUsefulWords) return;
  // A corpus of so few words is the user's to train; only words --min-count cut are news. The
  // rare words wait in a file (rare_words.h): read only for a vocabulary this small.
  const RareWords& rare = trainer.rare_words();
  bool cut = false;
  rare.visit([&](std::string_view, int64_t count) { cut = cut || count < min_count; });
  if (!cut) return;
  std::fprintf(out,
               "gradvec: warning: --min-count %lld keeps only %lld of the %lld distinct words "
               "seen, too few for their neighbours to mean anything; lower --min-count\n",
               static_cast<long long>(min_count), static_cast<long long>(kept),
               static_cast<long long>(kept + rare.size()));
}

}  // namespace gv::tools
