#include "distributed/shared_vocabulary.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "word2vec/corpus/corpus_reader.h"
#include "word2vec/corpus/counted_corpus.h"
#include "word2vec/corpus/word_counts.h"

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

SharedVocabulary count_shares(const MpiJob& job, const Corpus& corpus,
                              const TrainOptions& options) {
  options.check();  // before the corpus is read
  WordCounts own(options.max_vocab_size);
  {
    CorpusReader reader(corpus, options.tokenizer);
    reader.set_range(split_corpus(corpus, job.size())[static_cast<size_t>(job.rank())]);
    reader.count_words(own);
  }
  const std::vector<std::string> tables = job.all_gather(serialise(own));
  WordCounts merged(options.max_vocab_size);
  int64_t tokens_before = 0;
  for (const std::string& table : tables) merge_serialised(table, merged, &tokens_before);
  SharedVocabulary shared;
  shared.vocab = training_vocabulary(corpus, options, merged, kMinVocab);
  for (const auto& [word, seen] : own) {
    if (shared.vocab.id(word) != Vocabulary::kUnknown) shared.share_words += seen.count;
  }
  return shared;
}

}  // namespace gv
