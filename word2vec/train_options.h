// TrainOptions: every knob of word2vec training, with word2vec's defaults; the bounds each is
// checked against, and what the options size together (the tables, each worker's steps) against
// this machine's memory. Every TrainOptions passes check() before anything is read or
// allocated from it, fresh from the command line or read from a checkpoint.
#pragma once

#include <algorithm>
#include <cstdint>

#include "autograd/machine.h"  // kMaxThreads, the bound on --threads
#include "embeddings/subword_rows.h"
#include "text/corpus/corpus_reader.h"
#include "text/tokenizer.h"

namespace gv {

enum class OptimizerKind { sgd, adagrad, adam };  // adam = lazy SparseAdam on the tables
enum class LossKind { sgns, softmax, hs };        // hs: hierarchical softmax
// What a centre's contexts become: skip-gram scores each context against the centre; CBOW
// scores the mean of the contexts against it (word2vec.c's cbow with cbow_mean = 1).
enum class ModelKind { skipgram, cbow };

struct TrainOptions {
  int64_t dim = 100;      // C: width of both tables
  int64_t window = 5;     // maximal context radius; each centre draws 1..window
  int64_t negatives = 5;  // K noise words per centre (SGNS)
  int64_t min_count = 5;  // rarer words are dropped from the vocabulary
  int64_t max_vocab = 0;  // keep at most this many words (0: no limit)
  // Distinct words counting may hold (gensim's max_vocab_size); past it the rarest are dropped
  // with a rising threshold (text/word_counts.h). 0: no limit. Like word2vec.c's 21 M
  // (0.7 of its 30 M hash) it only bites on corpora of billions of tokens, and it bounds counting's
  // memory: about 60 bytes a word, so 1.2 GB, twice that while the threads' tables merge.
  int64_t max_vocab_size = 20'000'000;
  double sample = 1e-3;  // subsampling threshold t (0: keep every word)
  int64_t epochs = 5;
  float lr = 0.025f;  // decays linearly to lr * 1e-4, as in word2vec; see default_lr
  // W_in starts uniform in ±init_scale/dim: 1 as gensim 4 and fastText, 0.5 as word2vec.c.
  // The wider start is the default because it scores better on small corpora, where rare
  // words move little from where they began (README, Quality).
  float init_scale = 1.0f;
  int threads = 1;  // Hogwild workers sharing the tables
  uint64_t seed = 1;
  // Centre words per optimizer step: whole sentences until a step holds at least this many,
  // a long sentence cut at twice as many. Small keeps word2vec's near-online updates; large
  // amortises the graph and the Hogwild traffic on rows every step writes. 128 trains faster
  // than 16 and scores the same on the analogy set (CONFIGS="--batch 16" bench/defaults.sh
  // scores the two).
  int64_t batch = 128;
  // true: a centre's contexts share one draw of K negatives (pWord2Vec's HogBatch: one
  // (m, C) @ (C, K+1) product per centre). false: K fresh negatives per (context, centre)
  // pair, as word2vec.c and gensim draw them. Shared is the default: it draws and touches
  // m times fewer output rows, and both score the same on bench/shakespeare_analogies.txt
  // (README, "Quality"). CBOW has one input per centre, so it always shares.
  bool shared_negatives = true;
  OptimizerKind optimizer = OptimizerKind::sgd;
  LossKind loss = LossKind::sgns;
  ModelKind model = ModelKind::skipgram;
  // fastText's subword model: a word's input is the mean of its W_in row and its character
  // n-grams' bucket rows (embeddings/subword_rows.h), so W_in has V + buckets rows.
  bool subwords = false;
  SubwordScheme subword_scheme;
  TokenizerOptions tokenizer;
  // Memory the counting pass may keep the corpus in as word ids (4 bytes a token, 8 a line;
  // sentence_cache.h), so that training replays it without reading and tokenizing it again:
  // 64 MiB holds about 14 M tokens. A larger corpus is read again every epoch, as with 0.
  int64_t sentence_cache_bytes = int64_t{64} << 20;

  // Throws std::invalid_argument "train: --dim must be in [1, 65536], got 0" for an option out
  // of its bounds (below), or naming the options and sizes that could not fit in this machine's
  // memory even for the smallest vocabulary (require_training_fits with kMinVocab words). The
  // trainer calls it before anything is read; a caller may call it earlier still.
  void check() const;
};

// Upper bounds of the options that size tables, buffers, steps or counters, each with its
// reason. TrainOptions::check() enforces them, and the command line's validators quote them.
//
// Wider than any embedding in use: GloVe and fastText publish 300 dims, the largest language
// models 12,288 (GPT-3) to 18,432 (PaLM).
inline constexpr int64_t kMaxDim = int64_t{1} << 16;
// Sentences are cut at kMaxSentenceTokens tokens, so no wider radius reaches another word.
inline constexpr int64_t kMaxWindow = CorpusReader::kMaxSentenceTokens;
// word2vec's authors recommend 5 to 20 noise words (2 to 5 on large corpora). Each is one more
// output row scored for every input, so 1000 is already 50 times the work of 20; --loss
// softmax, which scores every word, is the exact form of a larger K.
inline constexpr int64_t kMaxNegatives = 1000;
// A step holds up to 2 * batch centres; a million already outgrows any sensible step.
inline constexpr int64_t kMaxBatch = int64_t{1} << 20;
// word2vec trains 1 to 20 epochs, a tiny corpus a few hundred; a million is past any use. The
// progress counter, epochs x tokens, is an int64: the trainer checks that product too.
inline constexpr int64_t kMaxEpochs = 1'000'000;
// word2vec.c, gensim and fastText start at 0.025 to 0.1 (fastText's supervised mode at up to 1).
// Every optimizer here moves a coordinate by up to about lr per step while rows start within
// ±init_scale/dim, so above 1 none converges (plain SGD diverges on TinyShakespeare from 0.5).
inline constexpr float kMaxLr = 1.0f;
// The most times the plain rate a run across processes starts at when --lr is not given
// (default_lr): the largest factor docs/distributed.md measured to keep one process's quality,
// and far from kMaxLr (64 ranks at 64 x 0.025 would pass it).
inline constexpr int kMaxLrScale = 8;
// W_in starts uniform in ±init_scale/dim: word2vec.c uses 0.5, gensim and fastText 1. From 1000
// the starting noise outweighs what training adds, and towards 1e30 products of rows overflow a
// float.
inline constexpr float kMaxInitScale = 100.0f;
// A cache numbers its words with 32 bits (sentence_cache.h): 4 bytes a token for 2^32 tokens.
inline constexpr int64_t kMaxSentenceCacheBytes = int64_t{16} << 30;

// Skip-gram needs two distinct words; before the corpus is counted, the memory check assumes
// this many, the fewest any corpus can give.
inline constexpr int64_t kMinVocab = 2;

// Throws std::invalid_argument naming --epochs when `epochs` x `tokens`, the count of words a
// run trains (its progress counter), overflows an int64. With tokens <= bytes (the trainer
// checks it) and epochs bounded this takes a corpus past 9 TB, but a count that wraps would
// train forever.
void require_countable(int64_t epochs, int64_t tokens);

// The tables' shapes. W_in's rows: the vocabulary's, and with subwords the n-gram buckets after
// them. W_out has the vocabulary's.
int64_t input_table_rows(const TrainOptions& options, int64_t vocab);

// Floats a table row of `dim` takes: dim rounded up to whole 64-byte cache lines. With the
// tables' storage aligned (autograd/tensor.cpp) every row lies on lines of its own, so a row
// read or written touches only its own lines and no vector load straddles two; the columns
// past dim are zero and stay so (their gradients are zero).
inline int64_t row_floats(int64_t dim) {
  return (dim + 15) / 16 * 16;
}

// Training's memory, estimated from the options and the vocabulary size alone and checked
// before anything is allocated, so that sizes this machine cannot hold are one clear error
// rather than std::bad_alloc or the OOM killer mid-run. It counts what the options size:
//   - the tables W_in and W_out, with the optimizer's per-coordinate state (Adagrad keeps one
//     more table, Adam two);
//   - per worker, the maps from table rows to gradient entries (SparseRows), its corpus reader,
//     and one step: `batch` centres with window + 1 contexts each (the dynamic window's mean,
//     at most a sentence), each input row scored against its outputs (SGNS K + 1, HS a
//     Huffman path of about log2 V, softmax every word), with the gradient rows they touch.
// The counts of the words given no row, which the run keeps for a run continued from its
// checkpoints, take disk, not memory (rare_words.h).
// Throws std::invalid_argument naming the largest part and the options behind it.
void require_training_fits(const TrainOptions& o, int64_t vocab);

// word2vec.c's starting rates: CBOW takes twice skip-gram's, since each centre makes one update
// of its window's rows where skip-gram makes one per context. `processes` that average their
// tables (sync_schedule.h) move them 1/processes as far per word read as one process moves its
// own, so each starts at `processes` times the rate, up to kMaxLrScale times.
inline float default_lr(ModelKind model, int processes = 1) {
  const double plain = model == ModelKind::cbow ? 0.05 : 0.025;
  return static_cast<float>(plain * std::min(processes, kMaxLrScale));
}

}  // namespace gv
