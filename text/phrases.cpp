#include "text/phrases.h"

#include <algorithm>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "autograd/require.h"
#include "text/corpus/corpus_reader.h"

namespace gv {

namespace {

// Slices of `corpus` for counting bigrams with `threads` readers. A bigram never spans two
// sentences, so the counts stay independent of the number of threads only if every slice
// starts where a sentence does: at a file's start or after a newline. split_corpus cuts at line
// starts unless a line is over 1 MiB long (text8, say, is one line); then one reader counts the
// whole corpus instead.
std::vector<ByteRange> sentence_slices(const Corpus& corpus, int threads) {
  std::vector<ByteRange> ranges = split_corpus(corpus, threads);
  for (const ByteRange& range : ranges) {
    if (corpus.is_file_boundary(range.begin)) continue;
    const size_t i = corpus.file_at(range.begin - 1);
    std::ifstream file(corpus.path(i), std::ios::binary);
    char previous = 0;
    file.seekg(range.begin - 1 - corpus.start(i));
    if (!file.get(previous) || previous != '\n') return {{0, ranges.back().end}};
  }
  return ranges;
}

}  // namespace

double phrase_score(int64_t count_a, int64_t count_b, int64_t count_ab, int64_t min_count,
                    int64_t n) {
  // gensim multiplies Python integers, which do not overflow, and rounds the product once.
  const __int128 denominator = static_cast<__int128>(count_a) * count_b;
  if (denominator == 0) return -std::numeric_limits<double>::infinity();
  return static_cast<double>(count_ab - min_count) / static_cast<double>(denominator) *
         static_cast<double>(n);
}

double PhraseCounts::score(std::string_view a, std::string_view b, int64_t min_count) const {
  const int64_t id_a = words.id(a);
  const int64_t id_b = words.id(b);
  if (id_a == Vocabulary::kUnknown || id_b == Vocabulary::kUnknown) {
    return -std::numeric_limits<double>::infinity();
  }
  const int64_t count_ab = bigrams.count(BigramCounts::key(id_a, id_b));
  if (count_ab == 0) return -std::numeric_limits<double>::infinity();
  return phrase_score(words.count(id_a), words.count(id_b), count_ab, min_count, n());
}

PhraseCounts count_phrases(const Corpus& corpus, const TokenizerOptions& tokenizer, int threads) {
  require_positive("phrases: threads", threads);
  PhraseCounts counts;
  counts.tokenizer = tokenizer;
  {
    const WordCounts words = count_words(corpus, tokenizer, threads);
    if (words.empty()) throw std::runtime_error(corpus.name() + ": the corpus holds no words");
    counts.words = Vocabulary::build(words);
  }  // the words' string-keyed counts are freed before the bigram tables grow

  const std::vector<ByteRange> slices = sentence_slices(corpus, threads);
  std::vector<BigramCounts> partial(slices.size());
  const std::string doing = "counting the bigrams of " + corpus.name();
  read_ranges_in_parallel(corpus, tokenizer, slices, [&](size_t t, CorpusReader& reader) {
    std::vector<int64_t> ids;
    while (reader.next_sentence(counts.words, ids)) {
      throw_if_input_pass_stopped(doing);
      for (size_t i = 1; i < ids.size(); ++i) partial[t].add(BigramCounts::key(ids[i - 1], ids[i]));
    }
  });
  counts.bigrams = std::move(partial[0]);
  for (size_t t = 1; t < partial.size(); ++t) {
    counts.bigrams.merge(partial[t]);
    partial[t] = BigramCounts();  // frees the slice's table before the next merge grows
  }
  return counts;
}

Phrases::Phrases(PhraseCounts counts, const PhraseOptions& options)
    : tokenizer_(counts.tokenizer), options_(options), n_(counts.n()) {
  require_positive("phrases: min_count", options.min_count);
  require_positive("phrases: threshold", options.threshold);
  words_ = std::move(counts.words);
  counts.bigrams.for_each([&](uint64_t key, int64_t count) {
    if (score(key, count) > options.threshold) phrases_.add(key, count);
  });
}

double Phrases::score(uint64_t key, int64_t count) const {
  return phrase_score(words_.count(BigramCounts::first(key)),
                      words_.count(BigramCounts::second(key)), count, options_.min_count, n_);
}

std::vector<Phrase> Phrases::list() const {
  std::vector<Phrase> found;
  phrases_.for_each([&](uint64_t key, int64_t count) {
    found.push_back({words_.word(BigramCounts::first(key)), words_.word(BigramCounts::second(key)),
                     count, score(key, count)});
  });
  std::sort(found.begin(), found.end(), [](const Phrase& x, const Phrase& y) {
    return std::tie(y.score, y.count, x.a, x.b) < std::tie(x.score, x.count, y.a, y.b);
  });
  return found;
}

bool Phrases::contains(std::string_view a, std::string_view b) const {
  const int64_t id_a = words_.id(a);
  const int64_t id_b = words_.id(b);
  return id_a != Vocabulary::kUnknown && id_b != Vocabulary::kUnknown &&
         phrases_.count(BigramCounts::key(id_a, id_b)) > 0;
}

int64_t Phrases::join(std::span<const int64_t> ids, std::string& line) const {
  int64_t joins = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) line += ' ';
    line += words_.word(ids[i]);
    // A word joined to the one before it is not joined to the one after it: gensim's
    // left-to-right reading, and word2phrase's.
    if (i + 1 < ids.size() && phrases_.count(BigramCounts::key(ids[i], ids[i + 1])) > 0) {
      line += kPhraseDelimiter;
      line += words_.word(ids[++i]);
      ++joins;
    }
  }
  return joins;
}

PhraseRewrite Phrases::rewrite(const Corpus& corpus, std::ostream& out) const {
  CorpusReader reader(corpus, tokenizer_);
  PhraseRewrite done;
  std::vector<int64_t> ids;
  std::string line;
  const std::string doing = "rewriting " + corpus.name();
  while (reader.next_sentence(words_, ids)) {
    throw_if_input_pass_stopped(doing);
    line.clear();
    done.joins += join(ids, line);
    line += '\n';
    out.write(line.data(), static_cast<std::streamsize>(line.size()));
    ++done.sentences;
  }
  return done;
}

}  // namespace gv
