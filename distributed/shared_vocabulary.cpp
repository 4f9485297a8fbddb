#include "distributed/shared_vocabulary.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "distributed/pass_together.h"
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
  // A stop signal to any rank ends every rank's count (pass_together).
  const std::vector<std::string> tables = pass_together(job, [&] {
    CorpusReader reader(corpus, options.tokenizer);
    reader.set_range(split_corpus(corpus, job.size())[static_cast<size_t>(job.rank())]);
    reader.count_words(counts.own);
    return serialise(counts.own);
  });
  int64_t tokens_before = 0;
  for (const std::string& table : tables) merge_serialised(table, counts.merged, &tokens_before);
  return counts;
}

}  // namespace gv
