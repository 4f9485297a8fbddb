#include "io/corpus_pass_stop.h"

namespace gv {

namespace {

std::atomic<const std::atomic<bool>*> g_pass_stop{nullptr};

}  // namespace

void stop_corpus_passes_when(const std::atomic<bool>* flag) {
  g_pass_stop.store(flag);
}

const std::atomic<bool>* corpus_pass_stop_flag() {
  return g_pass_stop.load();
}

void throw_if_corpus_pass_stopped(const std::string& doing) {
  const std::atomic<bool>* stop = g_pass_stop.load(std::memory_order_relaxed);
  if (stop != nullptr && stop->load(std::memory_order_relaxed)) throw CorpusPassStopped(doing);
}

}  // namespace gv
