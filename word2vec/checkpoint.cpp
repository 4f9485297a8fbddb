// Trainer checkpoints: everything needed to continue training exactly.
//
// Layout (native little-endian on every machine we build for; checked by the magic):
//   "GVCKPT01"                              magic + format version
//   options                                 every TrainOptions field, fixed widths
//   corpus size  int64                      the corpus must be the same file on resume
//   vocabulary   int64 V, V × (string word, int64 count)
//   W_in, W_out  tensors (int64 ndim, dims, float32 data)
//   optimizer    int64 n, n tensors; int64 m, m int64 counters
//   progress     double seconds; int64 workers, per worker: epoch, byte offset,
//                sentences after, 4 × uint64 rng words, double cached normal,
//                uint8 has cached normal, words done, double loss sum, loss pairs
//   "GVCKPTEND"                             end marker: a truncated file cannot pass
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "autograd/io/atomic_file.h"
#include "word2vec/trainer.h"

namespace gv {

namespace {

constexpr char kMagic[8] = {'G', 'V', 'C', 'K', 'P', 'T', '0', '1'};
constexpr char kEnd[9] = {'G', 'V', 'C', 'K', 'P', 'T', 'E', 'N', 'D'};

class Writer {
 public:
  explicit Writer(std::ostream& out) : out_(out) {}
  template <class T>
  void pod(const T& value) {
    out_.write(reinterpret_cast<const char*>(&value), sizeof(T));
  }
  void bytes(const void* data, size_t n) {
    out_.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
  }
  void string(const std::string& s) {
    pod(static_cast<int64_t>(s.size()));
    bytes(s.data(), s.size());
  }
  void tensor(const Tensor& t) {
    pod(t.ndim());
    for (int64_t d : t.shape()) pod(d);
    bytes(t.data(), static_cast<size_t>(t.numel()) * sizeof(float));
  }

 private:
  std::ostream& out_;
};

// Reads with every length checked against what is left of the file, so a corrupt size field
// cannot make it allocate or read wildly: it fails with the file's name instead.
class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path), in_(path, std::ios::binary) {
    if (!in_) throw std::runtime_error(path + ": cannot open checkpoint");
    in_.seekg(0, std::ios::end);
    remaining_ = static_cast<int64_t>(in_.tellg());
    in_.seekg(0);
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(path_ + ": not a valid gradvec checkpoint (" + what + ")");
  }
  void bytes(void* data, int64_t n, const char* what) {
    if (n < 0 || n > remaining_) fail(std::string("truncated in ") + what);
    in_.read(static_cast<char*>(data), n);
    if (!in_) fail(std::string("read error in ") + what);
    remaining_ -= n;
  }
  template <class T>
  T pod(const char* what) {
    T value;
    bytes(&value, sizeof(T), what);
    return value;
  }
  int64_t count(const char* what, int64_t element_bytes) {
    const int64_t n = pod<int64_t>(what);
    if (n < 0 || n > remaining_ / element_bytes) fail(std::string("bad length of ") + what);
    return n;
  }
  std::string string(const char* what) {
    std::string s(static_cast<size_t>(count(what, 1)), '\0');
    bytes(s.data(), static_cast<int64_t>(s.size()), what);
    return s;
  }
  Tensor tensor(const char* what) {
    const int64_t ndim = pod<int64_t>(what);
    if (ndim < 0 || ndim > 8) fail(std::string("bad rank of ") + what);
    Shape shape(static_cast<size_t>(ndim));
    int64_t numel = 1;
    for (int64_t& d : shape) {
      d = pod<int64_t>(what);
      if (d < 0 || (d > 0 && numel > remaining_ / 4 / d)) fail(std::string("bad shape of ") + what);
      numel *= d;
    }
    Tensor t(shape);
    bytes(t.data(), numel * 4, what);
    return t;
  }
  void expect_end() {
    char end[sizeof(kEnd)];
    bytes(end, sizeof(kEnd), "end marker");
    if (std::memcmp(end, kEnd, sizeof(kEnd)) != 0 || remaining_ != 0) fail("bad end marker");
  }

 private:
  std::string path_;
  std::ifstream in_;
  int64_t remaining_ = 0;
};

// init_scale is not stored: it only shapes the initial tables, which a checkpoint replaces.
void write_options(Writer& w, const TrainOptions& o) {
  for (int64_t v :
       {o.dim, o.window, o.negatives, o.min_count, o.max_vocab, o.epochs, o.batch,
        int64_t{o.threads}, static_cast<int64_t>(o.optimizer), static_cast<int64_t>(o.loss)}) {
    w.pod(v);
  }
  w.pod(o.sample);
  w.pod(o.lr);
  w.pod(o.seed);
  for (bool flag : {o.tokenizer.lowercase, o.tokenizer.keep_punctuation,
                    o.tokenizer.line_is_sentence, o.shared_negatives}) {
    w.pod(static_cast<uint8_t>(flag));
  }
}

TrainOptions read_options(Reader& r) {
  TrainOptions o;
  for (int64_t* v :
       {&o.dim, &o.window, &o.negatives, &o.min_count, &o.max_vocab, &o.epochs, &o.batch}) {
    *v = r.pod<int64_t>("options");
  }
  const int64_t threads = r.pod<int64_t>("options");
  const int64_t optimizer = r.pod<int64_t>("options");
  const int64_t loss = r.pod<int64_t>("options");
  if (threads < 1 || threads > 4096 || optimizer < 0 || optimizer > 2 || loss < 0 || loss > 1) {
    r.fail("bad options");
  }
  o.threads = static_cast<int>(threads);
  o.optimizer = static_cast<OptimizerKind>(optimizer);
  o.loss = static_cast<LossKind>(loss);
  o.sample = r.pod<double>("options");
  o.lr = r.pod<float>("options");
  o.seed = r.pod<uint64_t>("options");
  for (bool* flag : {&o.tokenizer.lowercase, &o.tokenizer.keep_punctuation,
                     &o.tokenizer.line_is_sentence, &o.shared_negatives}) {
    *flag = r.pod<uint8_t>("options") != 0;
  }
  return o;
}

}  // namespace

void Trainer::save_checkpoint(const std::string& path) const {
  write_file_atomically(path, [&](std::ostream& out) {
    Writer w(out);
    w.bytes(kMagic, sizeof(kMagic));
    write_options(w, options_);
    w.pod(corpus_bytes_);
    w.pod(vocab_.size());
    for (int64_t id = 0; id < vocab_.size(); ++id) {
      w.string(vocab_.word(id));
      w.pod(vocab_.count(id));
    }
    w.tensor(in_->weight().value());
    w.tensor(out_->weight().value());
    const Optimizer::State state = optimizer_->state();
    w.pod(static_cast<int64_t>(state.tensors.size()));
    for (const Tensor& t : state.tensors) w.tensor(t);
    w.pod(static_cast<int64_t>(state.counters.size()));
    for (int64_t c : state.counters) w.pod(c);
    w.pod(progress_.seconds);
    w.pod(static_cast<int64_t>(positions_.size()));
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
    w.bytes(kEnd, sizeof(kEnd));
  });
}

Trainer Trainer::from_checkpoint(const std::string& checkpoint_path, std::string corpus_path) {
  Reader r(checkpoint_path);
  char magic[sizeof(kMagic)];
  r.bytes(magic, sizeof(magic), "magic");
  if (std::memcmp(magic, kMagic, sizeof(kMagic)) != 0) r.fail("wrong magic or version");
  const TrainOptions options = read_options(r);
  const int64_t corpus_bytes = r.pod<int64_t>("corpus size");

  const int64_t vocab_size = r.count("vocabulary", 9);
  WordCounts counts;
  for (int64_t id = 0; id < vocab_size; ++id) {
    std::string word = r.string("vocabulary");
    counts[std::move(word)] = r.pod<int64_t>("vocabulary");
  }
  if (static_cast<int64_t>(counts.size()) != vocab_size) r.fail("duplicate words in vocabulary");
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
  const int64_t tensors = r.count("optimizer state", 8);
  for (int64_t i = 0; i < tensors; ++i) state.tensors.push_back(r.tensor("optimizer state"));
  const int64_t counters = r.count("optimizer state", 8);
  for (int64_t i = 0; i < counters; ++i)
    state.counters.push_back(r.pod<int64_t>("optimizer state"));
  try {
    trainer.optimizer_->load_state(state);
  } catch (const std::exception& e) {
    r.fail(e.what());
  }
  trainer.progress_.seconds = r.pod<double>("progress");
  if (r.pod<int64_t>("progress") != options.threads) r.fail("worker count");
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
  r.expect_end();
  return trainer;
}

}  // namespace gv
