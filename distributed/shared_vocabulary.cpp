#include "distributed/shared_vocabulary.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "io/corpus_pass_stop.h"
#include "text/corpus/corpus_reader.h"
#include "text/word_counts.h"

namespace gv {

namespace {

void put(std::string& bytes, int64_t value) {
  bytes.append(reinterpret_cast<const char*>(&value), sizeof value);
}

int64_t take(std::string_view& bytes) {
  int64_t value = 0;
  if (bytes.size() < sizeof value) throw std::runtime_error("MPI: a rank's word table is cut");
  std::memcpy(&value, bytes.data(), sizeof value);
  bytes.remove_prefix(sizeof value);
  return value;
}

// The table as its tokens, then each word as (length, bytes, count, first), in its order.
std::string serialise(const WordCounts& counts) {
  std::string bytes;
  put(bytes, counts.tokens());
  for (const auto& [word, seen] : counts) {
    put(bytes, static_cast<int64_t>(word.size()));
    bytes += word;
    put(bytes, seen.count);
    put(bytes, seen.first);
  }
  return bytes;
}

// Adds the table serialise() wrote, counted from the token `*tokens_before` of the corpus on,
// to `counts`, and moves *tokens_before past its tokens.
void merge_serialised(std::string_view bytes, WordCounts& counts, int64_t* tokens_before) {
  const int64_t tokens = take(bytes);
  while (!bytes.empty()) {
    const auto size = static_cast<size_t>(take(bytes));
    if (size > bytes.size()) throw std::runtime_error("MPI: a rank's word table is cut");
    const std::string_view word = bytes.substr(0, size);
    bytes.remove_prefix(size);
    const int64_t count = take(bytes);
    counts.add(word, {count, *tokens_before + take(bytes)});
  }
  *tokens_before += tokens;
}

// While it lives, this rank's corpus passes stop at its own stop signal (the flag
// stop_corpus_passes_when was given) or at another rank's stop notice, which a thread looks for
// every few milliseconds (MPI is idle meanwhile: the calling thread only reads the corpus).
class CountingStop {
 public:
  explicit CountingStop(MpiJob& job) : job_(job), own_(corpus_pass_stop_flag()) {
    stop_corpus_passes_when(&any_);
    watcher_ = std::thread([this] {
      while (!done_.load()) {
        if ((own_ != nullptr && own_->load()) || job_.stop_notice_came()) any_ = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
  }
  ~CountingStop() {
    done_ = true;
    watcher_.join();
    stop_corpus_passes_when(own_);
  }
  CountingStop(const CountingStop&) = delete;
  CountingStop& operator=(const CountingStop&) = delete;

 private:
  MpiJob& job_;
  const std::atomic<bool>* own_;
  std::atomic<bool> any_{false};
  std::atomic<bool> done_{false};
  std::thread watcher_;
};

}  // namespace

int64_t SharedCounts::share_words(const Vocabulary& vocab) const {
  int64_t words = 0;
  for (const auto& [word, seen] : own) {
    if (vocab.id(word) != Vocabulary::kUnknown) words += seen.count;
  }
  return words;
}

SharedCounts count_shares(MpiJob& job, const Corpus& corpus, const TrainOptions& options) {
  options.check();  // before the corpus is read
  SharedCounts counts{WordCounts(options.max_vocab_size), WordCounts(options.max_vocab_size)};
  bool stopped = false;
  try {
    const CountingStop stop(job);
    CorpusReader reader(corpus, options.tokenizer);
    reader.set_range(split_corpus(corpus, job.size())[static_cast<size_t>(job.rank())]);
    reader.count_words(counts.own);
  } catch (const CorpusPassStopped&) {
    stopped = true;
    job.send_stop_notices();
  }
  // A stopped rank's table is empty: serialise() writes at least the tokens.
  const std::vector<std::string> tables = job.all_gather(stopped ? "" : serialise(counts.own));
  std::vector<bool> stopped_ranks;
  for (const std::string& table : tables) stopped_ranks.push_back(table.empty());
  if (std::ranges::find(stopped_ranks, true) != stopped_ranks.end()) {
    job.settle_stop_notices(stopped_ranks);
    throw CorpusPassStopped("counting " + corpus.name());
  }
  int64_t tokens_before = 0;
  for (const std::string& table : tables) merge_serialised(table, counts.merged, &tokens_before);
  return counts;
}

}  // namespace gv
