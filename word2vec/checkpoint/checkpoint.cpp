#include "word2vec/checkpoint/checkpoint.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include "autograd/optimizer_state_io.h"
#include "autograd/require.h"
#include "autograd/rng_state_io.h"
#include "autograd/tensor_io.h"
#include "io/atomic_file.h"
#include "io/count_limit.h"
#include "io/printable.h"
#include "io/word_bytes.h"
#include "text/corpus/corpus_fingerprint.h"
#include "text/corpus/corpus_reader.h"
#include "word2vec/checkpoint/bpe_merges_io.h"
#include "word2vec/checkpoint/rare_words_io.h"
#include "word2vec/checkpoint/row_anchor_io.h"
#include "word2vec/checkpoint/sync_state_io.h"

namespace gv {

namespace {

// Each older version lacks a part of the next (checkpoint.h lists them): all are read as such.
constexpr uint32_t kOldestCheckpointVersion = 8;
constexpr FileFormat kFormat{"checkpoint", "GVCHKPNT", kCheckpointVersion, "GVCKPT01",
                             kOldestCheckpointVersion};

// init_scale is not stored: it only shapes the initial tables, which a checkpoint replaces.
void write_options(TensorWriter& w, const TrainOptions& o) {
  for (int64_t v :
       {o.dim, o.window, o.negatives, o.min_count, o.max_vocab, o.epochs, o.batch,
        int64_t{o.threads}, static_cast<int64_t>(o.optimizer), static_cast<int64_t>(o.loss),
        static_cast<int64_t>(o.model), static_cast<int64_t>(o.tokenizer.kind)}) {
    w.pod(v);
  }
  w.pod(o.sample);
  w.pod(o.lr);
  w.pod(o.seed);
  for (bool flag : {o.tokenizer.lowercase, o.tokenizer.keep_punctuation,
                    o.tokenizer.line_is_sentence, o.shared_negatives, o.subwords}) {
    w.pod(static_cast<uint8_t>(flag));
  }
  for (int64_t v : {o.subword_scheme.minn, o.subword_scheme.maxn, o.subword_scheme.buckets})
    w.pod(v);
  if (o.tokenizer.kind == TokenizerKind::bpe) write_bpe_merges(w, *o.tokenizer.bpe);
}

// An enum stored as int64: bounded by the enum's last value.
template <class Enum>
Enum read_enum(TensorReader& r, const char* field, Enum last) {
  const int64_t value = r.pod<int64_t>("options");
  r.require_field(value >= 0 && value <= static_cast<int64_t>(last), field,
                  TensorReader::in_range(0, static_cast<int64_t>(last)), value);
  return static_cast<Enum>(value);
}

// The fields TrainOptions::check does not bound; dim, window, negatives, epochs, batch, lr and
// sample it does (read_checkpoint calls it once the tables are checked).
TrainOptions read_options(TensorReader& r) {
  TrainOptions o;
  for (int64_t* v :
       {&o.dim, &o.window, &o.negatives, &o.min_count, &o.max_vocab, &o.epochs, &o.batch}) {
    *v = r.pod<int64_t>("options");
  }
  r.require_field(o.min_count >= 1, "min_count", ">= 1", o.min_count);
  r.require_field(o.max_vocab >= 0, "max_vocab", ">= 0", o.max_vocab);
  const int64_t threads = r.pod<int64_t>("options");
  // Bounded here (train_options.h's bound), before the cast to int that check() would see.
  r.require_field(threads >= 1 && threads <= kMaxThreads, "threads",
                  TensorReader::in_range(1, kMaxThreads), threads);
  o.threads = static_cast<int>(threads);
  o.optimizer = read_enum(r, "optimizer", OptimizerKind::adam);
  o.loss = read_enum(r, "loss", LossKind::hs);
  o.model = read_enum(r, "model", ModelKind::cbow);
  o.tokenizer.kind = read_enum(
      r, "tokenizer",
      r.version() > kOldestCheckpointVersion ? TokenizerKind::bpe : TokenizerKind::whitespace);
  o.sample = r.pod<double>("options");
  o.lr = r.pod<float>("options");
  o.seed = r.pod<uint64_t>("options");
  const std::pair<bool*, const char*> flags[] = {
      {&o.tokenizer.lowercase, "lowercase"},
      {&o.tokenizer.keep_punctuation, "keep_punctuation"},
      {&o.tokenizer.line_is_sentence, "line_is_sentence"},
      {&o.shared_negatives, "shared_negatives"},
      {&o.subwords, "subwords"}};
  for (const auto& [flag, field] : flags) {
    const auto value = r.pod<uint8_t>("options");
    r.require_field(value <= 1, field, "0 or 1", int{value});
    *flag = value != 0;
  }
  for (int64_t* v : {&o.subword_scheme.minn, &o.subword_scheme.maxn, &o.subword_scheme.buckets})
    *v = r.pod<int64_t>("options");
  try {
    o.subword_scheme.check();  // buckets sizes W_in: checked before the tables are
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  if (o.tokenizer.kind == TokenizerKind::bpe) o.tokenizer.bpe = read_bpe_merges(r);
  return o;
}

// The words come in id order, each at least as frequent as the next; `first` = id makes ties
// in count keep that order, so the resumed run has the saved ids. A corpus of N bytes holds
// at most N tokens, which with the model's counts of a continued run bounds the counts, as does
// the bound of every file's (count_limit.h): N and the model's are fields too. A model's word
// may occur less than min_count times in the corpus.
Vocabulary read_vocabulary(TensorReader& r, const TrainOptions& o, int64_t corpus_bytes,
                           int64_t prior_tokens) {
  const int64_t most_tokens = corpus_bytes + prior_tokens;
  const int64_t least_count = prior_tokens > 0 ? 1 : o.min_count;
  const int64_t size = r.count("vocabulary", kMinWordEntryBytes);
  r.require_field(size >= kMinVocab, "vocabulary size", ">= " + std::to_string(kMinVocab), size);
  if (o.max_vocab > 0) {
    r.require_field(size <= o.max_vocab, "vocabulary size",
                    "<= max_vocab (" + std::to_string(o.max_vocab) + ")", size);
  }
  WordCounts counts;
  int64_t tokens = 0;
  int64_t previous = 0;
  for (int64_t id = 0; id < size; ++id) {
    const std::string word = r.string("vocabulary");
    // Checked here rather than when the vectors are written, after the whole run.
    if (const std::string why = word_problem(word, /*blanks_in_words=*/false); !why.empty())
      r.fail("vocabulary word " + std::to_string(id) + " '" + quoted_input(word) + "' " + why);
    const auto count = r.pod<int64_t>("vocabulary");
    const std::string field = "vocabulary count of word " + std::to_string(id);
    r.require_field(count >= least_count, field,
                    ">= " + std::to_string(least_count) + " (min_count, or 1 in a continued run)",
                    count);
    r.require_field(id == 0 || count <= previous, field,
                    "<= the count of the word before it (" + std::to_string(previous) + ")", count);
    r.require_field(count <= most_tokens - tokens, field,
                    "at most the corpus's " + std::to_string(corpus_bytes) +
                        " bytes and the model's tokens less the words before it",
                    count);
    r.require_field(count_fits(count, tokens), field, count_requirement(tokens), count);
    tokens += count;
    previous = count;
    if (!counts.insert(word, {count, id})) r.fail("duplicate words in vocabulary");
  }
  return Vocabulary::build(counts, 1);  // keeps every word, in the saved order
}

// W_in (V or V + buckets rows) and W_out (V rows), both row_floats(dim) wide with zeros past
// dim: the tensors' own shapes and padding against the fields that size the trainer's tables.
void check_tables(const TensorReader& r, const TrainOptions& o, int64_t vocab_size,
                  const Tensor& in, const Tensor& out) {
  // Ahead of TrainOptions::check's own check of this bound: rounding a dim near 2^63 up to whole
  // cache lines would overflow.
  r.require_field(o.dim >= 1 && o.dim <= kMaxDim, "dim", TensorReader::in_range(1, kMaxDim), o.dim);
  const int64_t width = row_floats(o.dim);
  for (const auto& [table, name] : {std::pair{&in, "W_in"}, std::pair{&out, "W_out"}}) {
    if (table->shape().size() != 2)
      r.fail(std::string(name) + " shape " + shape_str(table->shape()));
    r.require_field(table->shape()[1] == width, std::string(name) + "'s width",
                    std::to_string(width) + " (dim " + std::to_string(o.dim) +
                        " rounded up to whole cache lines)",
                    table->shape()[1]);
    for (int64_t row = 0; row < table->shape()[0]; ++row) {
      const float* padding = table->data() + row * width + o.dim;
      if (std::any_of(padding, padding + (width - o.dim), [](float v) { return v != 0.0f; }))
        r.fail(std::string(name) + " row " + std::to_string(row) + ": nonzero padding past dim");
    }
  }
  r.require_field(out.shape()[0] == vocab_size, "vocabulary size",
                  "W_out's height (" + std::to_string(out.shape()[0]) + ")", vocab_size);
  const int64_t extra_rows = in.shape()[0] - vocab_size;
  if (o.subwords) {
    r.require_field(extra_rows == o.subword_scheme.buckets, "buckets",
                    "W_in's height less the vocabulary's (" + std::to_string(extra_rows) + ")",
                    o.subword_scheme.buckets);
  } else {
    r.require_field(extra_rows == 0, "W_in height",
                    "the vocabulary size (" + std::to_string(vocab_size) + ") without subwords",
                    in.shape()[0]);
  }
}

CorpusFingerprint read_corpus_fingerprint(TensorReader& r) {
  CorpusFingerprint saved;
  saved.bytes = r.pod<int64_t>("corpus size");
  r.require_field(saved.bytes >= 0, "corpus size", ">= 0", saved.bytes);
  saved.hash = r.pod<uint64_t>("corpus fingerprint");
  return saved;
}

struct SavedModel {
  ContinuedRun continued;
  WordCounts rare;  // in memory, where a model to continue looks them up
  Vocabulary vocab;
  Tensor w_in, w_out;
};

// The fields after the corpus's fingerprint up to the optimizer state, each checked; `options`
// are the checkpoint's, and `corpus_bytes` the size of the corpus its counts came from.
SavedModel read_model(TensorReader& r, const TrainOptions& options, int64_t corpus_bytes) {
  SavedModel model;
  ContinuedRun& continued = model.continued;
  continued.prior_tokens = r.pod<int64_t>("prior tokens");
  const int64_t most_prior = std::numeric_limits<int64_t>::max() - corpus_bytes;
  r.require_field(continued.prior_tokens >= 0 && continued.prior_tokens <= most_prior,
                  "prior tokens",
                  TensorReader::in_range(0, most_prior) + " (2^63 less the corpus's bytes)",
                  continued.prior_tokens);
  model.vocab = read_vocabulary(r, options, corpus_bytes, continued.prior_tokens);
  if (r.version() >= kFirstRareWordsVersion) model.rare = read_rare_words(r, model.vocab);
  const int64_t words = model.vocab.total_count() - continued.prior_tokens;
  r.require_field(
      words >= 1, "prior tokens",
      "fewer than the vocabulary's counts (" + std::to_string(model.vocab.total_count()) + ")",
      continued.prior_tokens);
  // Bounded before the products of the epochs and the words; require_countable comes too late.
  const int64_t most_epochs = std::numeric_limits<int64_t>::max() / words;
  r.require_field(options.epochs >= 1 && options.epochs <= most_epochs, "epochs",
                  TensorReader::in_range(1, most_epochs) + " (2^63 / the vocabulary's " +
                      std::to_string(words) + " words)",
                  options.epochs);
  // The tables before the trainer, which allocates its own from dim, the vocabulary and
  // buckets: those fields must first agree with the tensors the file holds.
  model.w_in = r.tensor("W_in");
  model.w_out = r.tensor("W_out");
  check_tables(r, options, model.vocab.size(), model.w_in, model.w_out);
  const int64_t frozen = r.count("frozen rows", sizeof(int64_t));
  r.require_field(frozen <= model.vocab.size(), "frozen rows",
                  "<= the vocabulary size (" + std::to_string(model.vocab.size()) + ")", frozen);
  for (int64_t i = 0; i < frozen; ++i) {
    const auto id = r.pod<int64_t>("frozen rows");
    const int64_t least = continued.frozen_rows.empty() ? 0 : continued.frozen_rows.back() + 1;
    r.require_field(
        id >= least && id < model.vocab.size(), "frozen row",
        TensorReader::in_range(least, model.vocab.size() - 1) + " (ascending vocabulary ids)", id);
    continued.frozen_rows.push_back(id);
  }
  if (r.version() >= kFirstAnchorVersion) {
    continued.anchor = read_row_anchor(r, options.lr, model.vocab.size(), options.dim,
                                       static_cast<int64_t>(continued.frozen_rows.size()));
  }
  // The hyperparameters against the trainer's bounds and the tables against this machine's
  // memory, as the trainer's constructor will check them: its errors are this checkpoint's.
  try {
    options.check();
    require_training_fits(options, model.vocab.size());
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  return model;
}

// The most (input, output) pairs one word read can add to the loss's count: a centre has at most
// 2 x window contexts (skip-gram: one row each; CBOW: one row in all), and SGNS scores each row
// against its K negatives besides the positive.
int64_t max_pairs_per_word(const TrainOptions& o) {
  return 2 * o.window * (o.loss == LossKind::sgns ? o.negatives + 1 : 1);
}

// What the workers before the one being read have done: its fields are bounded by the rest.
struct WorkersBefore {
  int64_t words = 0;
  int64_t pairs = 0;
};

// One worker's position; its corpus offset is checked against the corpus by the caller.
// `words_total`: epochs x the vocabulary's words.
WorkerPosition read_position(TensorReader& r, int64_t t, const TrainOptions& o, int64_t words_total,
                             const WorkersBefore& before) {
  const int64_t words_left = words_total - before.words;
  const std::string worker = "worker " + std::to_string(t) + " ";
  WorkerPosition p;
  p.epoch = r.pod<int64_t>("progress");
  r.require_field(p.epoch >= 0 && p.epoch <= o.epochs, worker + "epoch",
                  TensorReader::in_range(0, o.epochs), p.epoch);
  p.corpus.byte_offset = r.pod<int64_t>("progress");
  p.corpus.sentences_after = r.pod<int64_t>("progress");
  p.rng = read_rng_state(r, worker);
  p.words_done = r.pod<int64_t>("progress");
  r.require_field(p.words_done >= 0 && p.words_done <= words_left, worker + "words done",
                  TensorReader::in_range(0, words_left) +
                      " (epochs x the vocabulary's words, less the workers' before)",
                  p.words_done);
  p.loss_sum = r.pod<double>("progress");
  p.loss_pairs = r.pod<int64_t>("progress");
  // Every pair comes from a word read, and the workers' counts are added up: bounded by both.
  const int64_t per_word = max_pairs_per_word(o);
  const int64_t max_pairs = std::min(p.words_done > std::numeric_limits<int64_t>::max() / per_word
                                         ? std::numeric_limits<int64_t>::max()
                                         : p.words_done * per_word,
                                     std::numeric_limits<int64_t>::max() - before.pairs);
  r.require_field(p.loss_pairs >= 0 && p.loss_pairs <= max_pairs, worker + "loss pairs",
                  TensorReader::in_range(0, max_pairs) + " (its words done x " +
                      std::to_string(per_word) +
                      " pairs a word can add, within 2^63 for all workers)",
                  p.loss_pairs);
  // A step adds one loss, a finite float (a larger one stops the run as diverged), and at least
  // one pair.
  const double max_loss = double(p.loss_pairs) * std::numeric_limits<float>::max();
  r.require_field(
      std::isfinite(p.loss_sum) && p.loss_sum >= 0 && p.loss_sum <= max_loss, worker + "loss sum",
      "in [0, " + value_str(max_loss) + "] (its loss pairs x the largest float)", p.loss_sum);
  return p;
}

}  // namespace

void write_checkpoint(const std::string& path, const Vocabulary& vocab, const Tensor& w_in,
                      const Tensor& w_out, const TrainingState& training) {
  write_file_atomically(path, [&](std::ostream& out) {
    TensorWriter w(out, kFormat);
    write_options(w, training.options);
    w.pod(training.corpus.bytes);
    w.pod(training.corpus.hash);
    w.pod(training.continued.prior_tokens);
    w.count(vocab.size());
    for (int64_t id = 0; id < vocab.size(); ++id) {
      w.string(vocab.word(id));
      w.pod(vocab.count(id));
    }
    write_rare_words(w, training.rare);
    w.tensor(w_in);
    w.tensor(w_out);
    w.count(static_cast<int64_t>(training.continued.frozen_rows.size()));
    for (int64_t id : training.continued.frozen_rows) w.pod(id);
    write_row_anchor(w, training.continued.anchor.get(), training.options.dim);
    write_optimizer_state(w, training.optimizer);
    w.pod(training.seconds);
    write_sync_state(w, training.sync);
    w.count(static_cast<int64_t>(training.positions.size()));
    for (const WorkerPosition& p : training.positions) {
      w.pod(p.epoch);
      w.pod(p.corpus.byte_offset);
      w.pod(p.corpus.sentences_after);
      write_rng_state(w, p.rng);
      w.pod(p.words_done);
      w.pod(p.loss_sum);
      w.pod(p.loss_pairs);
    }
  });
}

TrainerCheckpoint read_checkpoint(const std::string& path, const Corpus& corpus) {
  TensorReader r(path, kFormat);
  TrainingState training;
  training.options = read_options(r);
  const CorpusFingerprint saved = read_corpus_fingerprint(r);
  training.corpus = fingerprint_corpus(corpus);
  check_same_corpus(path, saved, corpus.name(), training.corpus);
  SavedModel model = read_model(r, training.options, saved.bytes);
  const TrainOptions& options = training.options;
  training.continued = std::move(model.continued);
  training.rare = RareWords(std::exchange(model.rare, WordCounts()));  // out to disk
  const int64_t words_total =
      options.epochs * (model.vocab.total_count() - training.continued.prior_tokens);

  // Bounded by the workers' loss pairs once they are read (below).
  training.optimizer =
      read_optimizer_state(r, "optimizer", std::numeric_limits<int64_t>::max(), "");

  training.seconds = r.pod<double>("progress");
  r.require_field(std::isfinite(training.seconds) && training.seconds >= 0, "seconds",
                  "finite and >= 0", training.seconds);
  if (r.version() >= kFirstSyncVersion)
    training.sync = read_sync_state(r, options.epochs, words_total / options.epochs, words_total);
  const auto processes = static_cast<int64_t>(training.sync.processes.size());
  const int64_t workers = r.count("progress", 1);
  const int64_t expected = options.threads * std::max<int64_t>(processes, 1);
  r.require_field(workers == expected, "worker count",
                  std::to_string(expected) + " (the threads option (" +
                      std::to_string(options.threads) + ") x the sync processes (" +
                      std::to_string(std::max<int64_t>(processes, 1)) + "))",
                  workers);
  // The slices the trainer gives its workers: a saved position must be a resume point of its
  // worker's slice, or the field is corrupt (the corpus is the checkpoint's, fingerprinted above).
  const std::vector<ByteRange> slices = worker_slices(corpus, options.threads, processes);
  WorkersBefore before;
  for (int64_t t = 0; t < workers; ++t) {
    const WorkerPosition p = read_position(r, t, options, words_total, before);
    before.words += p.words_done;
    before.pairs += p.loss_pairs;
    CorpusReader reader(corpus, options.tokenizer);
    reader.set_range(slices[static_cast<size_t>(t)]);
    try {
      reader.seek(p.corpus);
    } catch (const std::logic_error& e) {
      r.fail("worker " + std::to_string(t) + " position: " + e.what());
    }
    training.positions.push_back(p);
  }
  // An optimizer counts its steps, and a step trains at least one pair.
  for (const int64_t steps : training.optimizer.counters) {
    r.require_field(steps <= before.pairs, "optimizer step count",
                    "<= the workers' loss pairs (" + std::to_string(before.pairs) + ")", steps);
  }
  r.finish();
  return {std::move(model.vocab), std::move(model.w_in), std::move(model.w_out),
          std::move(training)};
}

bool has_checkpoint_magic(std::string_view bytes) {
  return has_magic(bytes, kFormat);
}

InitialModel read_checkpoint_model(const std::string& path) {
  TensorReader r(path, kFormat);
  InitialModel model;
  model.path = path;
  const TrainOptions options = read_options(r);
  const CorpusFingerprint saved = read_corpus_fingerprint(r);
  SavedModel saved_model = read_model(r, options, saved.bytes);
  model.options = options;
  model.dim = options.dim;
  model.words = saved_model.vocab.words();
  model.counts = saved_model.vocab.counts();
  model.rare = std::move(saved_model.rare);
  const int64_t width = row_floats(options.dim);
  for (const auto& [table, rows] :
       {std::pair{&saved_model.w_in, &model.w_in}, std::pair{&saved_model.w_out, &model.w_out}}) {
    rows->reserve(static_cast<size_t>(table->shape()[0] * options.dim));
    for (int64_t row = 0; row < table->shape()[0]; ++row) {
      const float* values = table->data() + row * width;
      rows->insert(rows->end(), values, values + options.dim);
    }
  }
  return model;
}

void throw_bad_checkpoint(const std::string& path, const std::string& what) {
  throw std::runtime_error(path + ": not a valid gradvec " + std::string(kFormat.kind) + " (" +
                           what + ")");
}

}  // namespace gv
