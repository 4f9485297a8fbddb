// Trainer checkpoints: everything needed to continue training exactly.
//
// A tensor file (autograd/tensor_io.h) of magic "GVCHKPNT", version 4, holding
//   options      every TrainOptions field, fixed widths (the model, the loss and the subword
//                scheme among them)
//   corpus size  int64                      the corpus must be the same file on resume
//   vocabulary   count V, V × (string word, int64 count)
//   W_in, W_out  tensors
//   optimizer    count n, n tensors; count m, m int64 counters
//   progress     double seconds; count workers, per worker: epoch, byte offset,
//                sentences after, 4 × uint64 rng words, double cached normal,
//                uint8 has cached normal, words done, double loss sum, loss pairs
// Version 3 lacked the subword scheme, version 2 the model (it trained skip-gram only). Version 1
// had a format of its own, starting "GVCKPT01". All are refused by their version.
#include <stdexcept>

#include "autograd/io/atomic_file.h"
#include "autograd/tensor_io.h"
#include "word2vec/trainer.h"

namespace gv {

namespace {

constexpr FileFormat kFormat{"checkpoint", "GVCHKPNT", 4, "GVCKPT01"};

// The fewest bytes one entry of each counted list takes, to refuse impossible counts.
constexpr int64_t kMinWordBytes = sizeof(uint32_t) + sizeof(int64_t);
constexpr int64_t kMinTensorBytes = sizeof(uint32_t);

// init_scale is not stored: it only shapes the initial tables, which a checkpoint replaces.
void write_options(TensorWriter& w, const TrainOptions& o) {
  for (int64_t v : {o.dim, o.window, o.negatives, o.min_count, o.max_vocab, o.epochs, o.batch,
                    int64_t{o.threads}, static_cast<int64_t>(o.optimizer),
                    static_cast<int64_t>(o.loss), static_cast<int64_t>(o.model)}) {
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
}

TrainOptions read_options(TensorReader& r) {
  TrainOptions o;
  for (int64_t* v :
       {&o.dim, &o.window, &o.negatives, &o.min_count, &o.max_vocab, &o.epochs, &o.batch}) {
    *v = r.pod<int64_t>("options");
  }
  const int64_t threads = r.pod<int64_t>("options");
  const int64_t optimizer = r.pod<int64_t>("options");
  const int64_t loss = r.pod<int64_t>("options");
  const int64_t model = r.pod<int64_t>("options");
  // Each enum's last value bounds what a checkpoint may hold.
  if (threads < 1 || threads > 4096 || optimizer < 0 ||
      optimizer > static_cast<int64_t>(OptimizerKind::adam) || loss < 0 ||
      loss > static_cast<int64_t>(LossKind::hs) || model < 0 ||
      model > static_cast<int64_t>(ModelKind::cbow)) {
    r.fail("bad options");
  }
  o.threads = static_cast<int>(threads);
  o.optimizer = static_cast<OptimizerKind>(optimizer);
  o.loss = static_cast<LossKind>(loss);
  o.model = static_cast<ModelKind>(model);
  o.sample = r.pod<double>("options");
  o.lr = r.pod<float>("options");
  o.seed = r.pod<uint64_t>("options");
  for (bool* flag : {&o.tokenizer.lowercase, &o.tokenizer.keep_punctuation,
                     &o.tokenizer.line_is_sentence, &o.shared_negatives, &o.subwords}) {
    *flag = r.pod<uint8_t>("options") != 0;
  }
  for (int64_t* v : {&o.subword_scheme.minn, &o.subword_scheme.maxn, &o.subword_scheme.buckets})
    *v = r.pod<int64_t>("options");
  return o;
}

}  // namespace

void Trainer::save_checkpoint(const std::string& path) const {
  write_file_atomically(path, [&](std::ostream& out) {
    TensorWriter w(out, kFormat);
    write_options(w, options_);
    w.pod(corpus_bytes_);
    w.count(vocab_.size());
    for (int64_t id = 0; id < vocab_.size(); ++id) {
      w.string(vocab_.word(id));
      w.pod(vocab_.count(id));
    }
    w.tensor(in_->weight().value());
    w.tensor(out_->weight().value());
    const Optimizer::State state = optimizer_->state();
    w.count(static_cast<int64_t>(state.tensors.size()));
    for (const Tensor& t : state.tensors) w.tensor(t);
    w.count(static_cast<int64_t>(state.counters.size()));
    for (int64_t c : state.counters) w.pod(c);
    w.pod(progress_.seconds);
    w.count(static_cast<int64_t>(positions_.size()));
    for (const WorkerPosition& p : positions_) {
      w.pod(p.epoch);
      w.pod(p.corpus.byte_offset);
      w.pod(p.corpus.sentences_after);
      for (uint64_t word : p.rng.words) w.pod(word);
      w.pod(p.rng.cached_normal);
      w.pod(static_cast<uint8_t>(p.rng.has_cached_normal));
      w.pod(p.words_done);
      w.pod(p.loss_sum);
      w.pod(p.loss_pairs);
    }
  });
}

Trainer Trainer::from_checkpoint(const std::string& checkpoint_path, std::string corpus_path) {
  TensorReader r(checkpoint_path, kFormat);
  const TrainOptions options = read_options(r);
  const int64_t corpus_bytes = r.pod<int64_t>("corpus size");

  const int64_t vocab_size = r.count("vocabulary", kMinWordBytes);
  // The words come in id order; `first` = id makes ties in count keep that order, so the
  // resumed run has the saved ids.
  WordCounts counts;
  for (int64_t id = 0; id < vocab_size; ++id) {
    std::string word = r.string("vocabulary");
    if (!counts.insert(word, {r.pod<int64_t>("vocabulary"), id})) {
      r.fail("duplicate words in vocabulary");
    }
  }
  Vocabulary vocab;
  try {
    vocab = Vocabulary::build(counts, 1);
  } catch (const std::exception& e) {
    r.fail(std::string("vocabulary: ") + e.what());
  }
  // Re-checks the hyperparameters and rebuilds samplers; the tables are overwritten below.
  Trainer trainer(std::move(corpus_path), options, std::move(vocab));
  if (trainer.corpus_bytes_ != corpus_bytes) {
    throw std::runtime_error(checkpoint_path + ": was written for a corpus of " +
                             std::to_string(corpus_bytes) + " bytes, but " + trainer.corpus_path_ +
                             " has " + std::to_string(trainer.corpus_bytes_));
  }
  for (Embedding* table : {trainer.in_.get(), trainer.out_.get()}) {
    Tensor t = r.tensor("tables");
    if (t.shape() != table->weight().shape()) r.fail("table shape " + shape_str(t.shape()));
    Var weight = table->weight();  // a handle: writes reach the table
    std::copy(t.data(), t.data() + t.numel(), weight.value().data());
  }
  Optimizer::State state;
  const int64_t tensors = r.count("optimizer state", kMinTensorBytes);
  for (int64_t i = 0; i < tensors; ++i) state.tensors.push_back(r.tensor("optimizer state"));
  const int64_t counters = r.count("optimizer state", sizeof(int64_t));
  for (int64_t i = 0; i < counters; ++i)
    state.counters.push_back(r.pod<int64_t>("optimizer state"));
  try {
    trainer.optimizer_->load_state(state);
  } catch (const std::exception& e) {
    r.fail(e.what());
  }
  trainer.progress_.seconds = r.pod<double>("progress");
  if (r.count("progress", 1) != options.threads) r.fail("worker count");
  for (WorkerPosition& p : trainer.positions_) {
    p.epoch = r.pod<int64_t>("progress");
    p.corpus.byte_offset = r.pod<int64_t>("progress");
    p.corpus.sentences_after = r.pod<int64_t>("progress");
    for (uint64_t& word : p.rng.words) word = r.pod<uint64_t>("progress");
    p.rng.cached_normal = r.pod<double>("progress");
    p.rng.has_cached_normal = r.pod<uint8_t>("progress") != 0;
    p.words_done = r.pod<int64_t>("progress");
    p.loss_sum = r.pod<double>("progress");
    p.loss_pairs = r.pod<int64_t>("progress");
    if (p.epoch < 0 || p.epoch > options.epochs) r.fail("bad epoch");
  }
  r.finish();
  return trainer;
}

}  // namespace gv
