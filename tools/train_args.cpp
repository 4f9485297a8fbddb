#include "tools/train_args.h"

#include <cstdint>

#include "tools/progress.h"
#include "tools/threads_option.h"
#include "tools/train_kinds.h"
#include "tools/validators.h"
#include "tools/vector_file_options.h"

namespace gv::tools {

namespace {

// --corpus, --output and --output-format: what the run reads and writes.
void add_file_options(CLI::App& cmd, TrainArgs& args) {
  cmd.add_option("--corpus", args.corpus,
                 "Text file, one sentence per line; several files, read in this order; a "
                 "directory, for every regular file directly in it in byte-wise name order (no "
                 "subdirectories, no hidden files); or - for standard input, with --read-vocab. "
                 "A file's end ends a sentence; gzip'd files and standard input are spooled "
                 "to $TMPDIR first")
      ->capture_default_str();
  cmd.add_option("--output", args.output, "Where to write the vectors")->capture_default_str();
  add_format_option(cmd, "--output-format", args.format,
                    "Output format (fasttext-bin: the whole model, fastText's .bin)",
                    FormatChoices::Write);
}

// The model's sizes and its vocabulary's.
void add_shape_options(CLI::App& cmd, TrainOptions& o) {
  // The bounds and their reasons: word2vec/train_options.h.
  cmd.add_option("--dim", o.dim, "Vector width")
      ->check(positive_integer_up_to(kMaxDim))
      ->capture_default_str();
  cmd.add_option("--window", o.window, "Maximal context radius")
      ->check(positive_integer_up_to(kMaxWindow))
      ->capture_default_str();
  cmd.add_option("--negative", o.negatives, "Negative samples per centre word")
      ->check(positive_integer_up_to(kMaxNegatives))
      ->capture_default_str();
  cmd.add_option("--min-count", o.min_count, "Drop words rarer than this")
      ->check(kPositiveInteger)
      ->capture_default_str();
  cmd.add_option("--max-vocab", o.max_vocab, "Keep only the most frequent N words (0: all)")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
  cmd.add_option("--max-vocab-size", o.max_vocab_size,
                 "Distinct words counting holds at most; past it the rarest are dropped with a "
                 "rising threshold, as word2vec.c and gensim do; the same words at any "
                 "--threads, which count again on one thread when one passes its share "
                 "(0: no limit)")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
  cmd.add_option("--sample", o.sample, "Subsampling threshold (0: off)")
      ->check(number_in(0, 1))
      ->capture_default_str();
}

// How training goes: epochs, rate, threads, steps, and the optimizer, loss and model.
void add_schedule_options(CLI::App& cmd, TrainOptions& o) {
  cmd.add_option("--epochs", o.epochs,
                 "Passes over the corpus. With --resume, the run's new total, at least the "
                 "epochs it has begun: the rate goes on decaying linearly from --lr over the "
                 "whole new total, so a finished run of E epochs extended to N resumes at lr x "
                 "(1 - E/N)")
      ->check(positive_integer_up_to(kMaxEpochs))
      ->capture_default_str();
  cmd.add_option("--lr", o.lr,
                 "Starting learning rate, decaying linearly (default: 0.025 for skip-gram, "
                 "0.05 for CBOW, as word2vec.c" +
                     default_lr_help() + ")")
      ->check(positive_number_up_to(kMaxLr));
  cmd.add_option("--init-scale", o.init_scale,
                 "W_in starts uniform in +-SCALE/dim (word2vec.c: 0.5, gensim and fastText: 1)")
      ->check(positive_number_up_to(kMaxInitScale))
      ->capture_default_str();
  add_threads_option(cmd, o.threads,
                     "Worker threads (Hogwild). With --resume, from the next epoch on; a resumed "
                     "run equals an uninterrupted one bit for bit only at 1 thread, both runs");
  cmd.add_option("--seed", o.seed, "Random seed")->check(kSeed)->capture_default_str();
  cmd.add_option("--batch", o.batch,
                 "Centre words per optimizer step: whole sentences until at least N (a "
                 "sentence longer than 2N is cut). A step adds up every pair's update of a row, "
                 "so a large N can diverge (CBOW + HS at lr 0.05: 1024, or 512 with 2 threads)")
      ->check(positive_integer_up_to(kMaxBatch))
      ->capture_default_str();
  add_kind_option(cmd, "--optimizer", o.optimizer, kOptimizers,
                  "sgd, adagrad or adam (lazy sparse Adam)");
  add_kind_option(cmd, "--loss", o.loss, kLosses,
                  "sgns (negative sampling: the best scores on TinyShakespeare, in every word-"
                  "frequency band), hs (hierarchical softmax down a Huffman tree: no negatives "
                  "to draw, O(log V) steps per pair; here slower and weaker, most on rare words) "
                  "or softmax (full softmax: small vocabularies, for reading). Measured in the "
                  "README, 'Choosing a model and a loss'");
  add_kind_option(cmd, "--model", o.model, kModels,
                  "skipgram (each context predicts the centre: the best on rare words) or cbow "
                  "(their mean does: one update per centre, so faster; as good on frequent "
                  "words, weaker on rare ones). Measured in the README");
}

// Runs that go on from another: checkpoints, --resume, --init, a vocabulary read or saved.
void add_continuation_options(CLI::App& cmd, TrainArgs& args) {
  cmd.add_option(
      "--checkpoint", args.checkpoint,
      "Write a checkpoint here at the end, and when a signal stops training (Ctrl-C, TERM, "
      "HUP) (default: none at the end; OUTPUT.ckpt on a stop)");
  CLI::Option* resume =
      cmd.add_option("--resume", args.resume,
                     "Continue from a checkpoint (same corpus). An option that defines the run "
                     "may restate the checkpoint's value, not change it; --epochs and "
                     "--threads may change, and the outputs, --show and --quiet are this run's")
          ->check(regular_file("checkpoint"));
  args.continued.add_to(cmd);
  CLI::Option* read_vocab =
      cmd.add_option("--read-vocab", args.read_vocab,
                     "Train the words of this vocabulary ('word count' lines, as --save-vocab and "
                     "word2vec.c write them) under --min-count and --max-vocab, with no counting "
                     "pass; its counts drive subsampling, negatives and the learning rate")
          ->check(regular_file("vocabulary"))
          ->excludes(resume);
  cmd.add_flag("--keep-unseen-vocab", args.keep_unseen_vocab,
               "Keep the --read-vocab words the tokenizer can never yield (capitals without "
               "--keep-case, punctuation), untrained; by default (off) they are left out, with "
               "a warning")
      ->needs(read_vocab);
  cmd.add_option("--save-vocab", args.save_vocab,
                 "Write the vocabulary as 'word count' lines, most frequent first, before "
                 "training");
}

// fastText's subword model and its n-grams.
void add_subword_options(CLI::App& cmd, TrainOptions& o) {
  CLI::Option* subwords =
      cmd.add_flag("--subwords", o.subwords,
                   "fastText's subword model: a word's vector is the mean of its own row and its "
                   "character n-grams' rows, hashed into --buckets rows; words never seen get "
                   "vectors too");
  cmd.add_option("--minn", o.subword_scheme.minn, "Shortest character n-gram (--subwords)")
      ->check(kPositiveInteger)
      ->needs(subwords)
      ->capture_default_str();
  cmd.add_option("--maxn", o.subword_scheme.maxn, "Longest character n-gram (--subwords; 0: none)")
      ->check(kNonNegativeInteger)
      ->needs(subwords)
      ->capture_default_str();
  cmd.add_option("--buckets", o.subword_scheme.buckets,
                 "Rows the n-grams hash into (--subwords): the table's big cost, buckets rows of "
                 "dim floats rounded up to a multiple of 16 (896 MB at the default and dim 100)")
      ->check(integer_in<int64_t>(1, INT32_MAX))
      ->needs(subwords)
      ->capture_default_str();
}

}  // namespace

void add_train_options(CLI::App& cmd, TrainArgs& args) {
  add_file_options(cmd, args);
  add_shape_options(cmd, args.options);
  add_schedule_options(cmd, args.options);
  add_continuation_options(cmd, args);
  args.reading.add_to(cmd);
  cmd.add_flag(
      "--pair-negatives", [&args](int64_t) { args.options.shared_negatives = false; },
      "Fresh negatives for every (context, centre) pair, as word2vec.c; the default "
      "shares one draw per centre word (skip-gram only)");
  cmd.add_option("--show", args.show,
                 "Words whose nearest neighbours end the run. The defaults suit TinyShakespeare: "
                 "those a corpus lacks are left out, its most frequent words shown if it has none")
      ->capture_default_str();
  add_subword_options(cmd, args.options);
  cmd.add_flag("--quiet", args.quiet, kQuietHelp);
  add_train_group_options(cmd, args.group);
}

}  // namespace gv::tools
