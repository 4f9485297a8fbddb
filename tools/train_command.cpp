// gradvec train: skip-gram or CBOW on a corpus (TinyShakespeare by default), then a summary
// and the nearest neighbours of a few probe words.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <thread>

#include "tools/commands.h"
#include "tools/progress.h"
#include "tools/trained_vectors.h"
#include "tools/validators.h"
#include "tools/vector_file_options.h"
#include "tools/vectors/vector_index.h"
#include "tools/vectors/vector_io.h"
#include "word2vec/tokenizer.h"
#include "word2vec/trainer.h"

namespace gv::tools {

namespace {

struct TrainArgs {
  std::string corpus = "data/tinyshakespeare.txt";
  std::string output = "models/tinyshakespeare.vec";
  VectorFormat format = VectorFormat::Word2VecText;
  std::string optimizer = "sgd";
  std::string loss = "sgns";
  std::string model = "skipgram";
  // Whether --loss and --model were given: with --resume they may only restate the
  // checkpoint's own.
  bool loss_given = false;
  bool model_given = false;
  bool lr_given = false;  // if not, the model's default_lr
  std::string checkpoint;
  std::string resume;
  bool quiet = false;
  // Words whose neighbours end the run. The defaults are the frequent words whose top-5
  // neighbours on TinyShakespeare agree most across seeds (bench/demo_words.py measures it).
  std::vector<std::string> show = {"thou", "shall", "more", "son", "york"};
  TrainOptions options;
};

const std::map<std::string, LossKind> kLosses = {
    {"sgns", LossKind::sgns}, {"hs", LossKind::hs}, {"softmax", LossKind::softmax}};
const std::map<std::string, ModelKind> kModels = {{"skipgram", ModelKind::skipgram},
                                                  {"cbow", ModelKind::cbow}};

// The flag value that names `kind` in `names`.
template <class Kind>
std::string name_of(const std::map<std::string, Kind>& names, Kind kind) {
  for (const auto& [name, value] : names) {
    if (value == kind) return name;
  }
  return "?";
}

// A checkpoint continues the run that wrote it: a --model or --loss given with --resume must
// be the one it was trained with.
template <class Kind>
void check_resumed(const std::string& checkpoint, const char* flag, bool given,
                   const std::string& asked, const std::map<std::string, Kind>& names,
                   Kind trained) {
  if (!given || names.at(asked) == trained) return;
  throw std::runtime_error(checkpoint + ": was trained with " + flag + " " +
                           name_of(names, trained) + ", not " + asked + "; resume it with " + flag +
                           " " + name_of(names, trained) + " or without " + flag);
}

// One line redrawn in place: percent, words/s, lr, loss, ETA.
void draw_progress(const TrainProgress& p) {
  const double rate = p.seconds > 0 ? double(p.words_done) / p.seconds : 0.0;
  const double eta = rate > 0 ? double(p.words_total - p.words_done) / rate : 0.0;
  char rate_text[32];
  std::snprintf(rate_text, sizeof rate_text, "%7.1fk words/s", rate / 1000.0);
  draw_progress_line(p.fraction(), rate_text, p.lr, p.loss, eta);
}

// `word` as the corpus's tokenizer spells it ("King" is king unless --keep-case, "don’t" is
// don't), or as typed when it is not one token, so that the lookup fails visibly.
std::string as_corpus_word(const std::string& word, const TokenizerOptions& options) {
  Tokenizer tokenizer(options);
  tokenizer.feed(word);
  tokenizer.finish();
  std::vector<std::string> tokens;
  for (Tokenizer::Event e; (e = tokenizer.next()) != Tokenizer::Event::kNeedInput;) {
    if (e == Tokenizer::Event::kToken) tokens.emplace_back(tokenizer.token());
  }
  return tokens.size() == 1 ? tokens.front() : word;
}

void print_neighbours(const WordVectors& vectors, const std::vector<std::string>& words) {
  const VectorIndex index(vectors);
  size_t width = 0;
  for (const std::string& word : words) width = std::max(width, word.size());
  for (const std::string& probe : words) {
    if (!index.find(probe)) {
      std::printf("%-*s  (not in vocabulary)\n", static_cast<int>(width), probe.c_str());
      continue;
    }
    std::printf("%-*s", static_cast<int>(width), probe.c_str());
    for (const Neighbor& n : index.most_similar({probe}, {}, 5)) {
      std::printf("  %s %.3f", n.word.c_str(), n.score);
    }
    std::printf("\n");
  }
}

void run_train(const TrainArgs& args) {
  // Option combinations first: a user should not wait for the corpus to learn of a typo.
  if (args.options.subwords) args.options.subword_scheme.check();
  if (args.resume.empty() && !std::filesystem::is_regular_file(args.corpus)) {
    // The default corpus ships in the repository, so missing it means another directory.
    throw std::runtime_error(args.corpus + ": corpus not found" +
                             (args.corpus == TrainArgs{}.corpus
                                  ? std::string("; it ships in the repository: run gradvec from "
                                                "the repository root, or give --corpus FILE")
                                  : std::string()));
  }
  TrainOptions options = args.options;
  options.optimizer = args.optimizer == "sgd"       ? OptimizerKind::sgd
                      : args.optimizer == "adagrad" ? OptimizerKind::adagrad
                                                    : OptimizerKind::adam;
  options.loss = kLosses.at(args.loss);
  options.model = kModels.at(args.model);
  if (!args.lr_given) options.lr = default_lr(options.model);

  Trainer trainer = args.resume.empty() ? Trainer(args.corpus, options)
                                        : Trainer::from_checkpoint(args.resume, args.corpus);
  if (!args.resume.empty()) {
    check_resumed(args.resume, "--model", args.model_given, args.model, kModels,
                  trainer.options().model);
    check_resumed(args.resume, "--loss", args.loss_given, args.loss, kLosses,
                  trainer.options().loss);
  }
  const bool show_progress = !args.quiet && isatty(STDERR_FILENO);
  if (!args.quiet) {
    const TrainOptions& o = trainer.options();
    std::fprintf(
        stderr, "%s: %lld words in vocabulary, %lld tokens, %s%s + %s, lr %g, %d thread(s)%s\n",
        args.corpus.c_str(), static_cast<long long>(trainer.vocabulary().size()),
        static_cast<long long>(trainer.vocabulary().total_count()),
        name_of(kModels, o.model).c_str(), o.subwords ? " with subwords" : "",
        name_of(kLosses, o.loss).c_str(), o.lr, o.threads, args.resume.empty() ? "" : ", resumed");
  }

  const std::string checkpoint = args.checkpoint.empty() ? args.output + ".ckpt" : args.checkpoint;
  train_or_checkpoint(
      show_progress,
      [&](const std::atomic<bool>& stop) {
        return trainer.train(
            show_progress ? Trainer::ProgressFn(draw_progress) : Trainer::ProgressFn(), stop);
      },
      checkpoint, [&](const std::string& path) { trainer.save_checkpoint(path); },
      "gradvec train --resume " + checkpoint + " --corpus " + args.corpus);
  if (!args.checkpoint.empty()) trainer.save_checkpoint(args.checkpoint);

  const WordVectors vectors = input_vectors(trainer);
  const std::filesystem::path output(args.output);
  if (output.has_parent_path()) std::filesystem::create_directories(output.parent_path());
  if (args.format == VectorFormat::FastTextBin) {
    write_fasttext_model(trainer, args.output);
  } else {
    write_vectors(args.output, vectors, args.format);
  }

  const TrainProgress p = trainer.progress();
  // No pair at all (every sentence subsampled to one word or none): there is no loss to show.
  char loss[32] = "n/a (no pairs trained)";
  if (p.pairs_done > 0) std::snprintf(loss, sizeof(loss), "%.4f", p.loss);
  std::printf(
      "vocabulary %lld words | trained %lld words in %.1f s | %.0f words/s | "
      "final loss %s\nvectors written to %s\n",
      static_cast<long long>(trainer.vocabulary().size()), static_cast<long long>(p.words_done),
      p.seconds, p.seconds > 0 ? double(p.words_done) / p.seconds : 0.0, loss, args.output.c_str());
  if (!args.quiet) {
    std::vector<std::string> show = args.show;
    for (std::string& word : show) word = as_corpus_word(word, trainer.options().tokenizer);
    print_neighbours(vectors, show);
  }
}

}  // namespace

void add_train_command(CLI::App& app) {
  auto args = std::make_shared<TrainArgs>();
  TrainOptions& o = args->options;
  o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  CLI::App* cmd =
      app.add_subcommand("train", "Train skip-gram or CBOW word vectors on a text corpus");
  cmd->add_option("--corpus", args->corpus, "Text file, one sentence per line")
      ->capture_default_str();
  cmd->add_option("--output", args->output, "Where to write the vectors")->capture_default_str();
  add_format_option(*cmd, "--format", args->format,
                    "Output format (fasttext-bin: the whole model, fastText's .bin)",
                    FormatChoices::Write);
  cmd->add_option("--dim", o.dim, "Vector width")->check(kPositiveInteger)->capture_default_str();
  cmd->add_option("--window", o.window, "Maximal context radius")
      ->check(kPositiveInteger)
      ->capture_default_str();
  cmd->add_option("--negative", o.negatives, "Negative samples per centre word")
      ->check(kPositiveInteger)
      ->capture_default_str();
  cmd->add_option("--min-count", o.min_count, "Drop words rarer than this")
      ->check(kPositiveInteger)
      ->capture_default_str();
  cmd->add_option("--max-vocab", o.max_vocab, "Keep only the most frequent N words (0: all)")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
  cmd->add_option("--sample", o.sample, "Subsampling threshold (0: off)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--epochs", o.epochs, "Passes over the corpus")
      ->check(kPositiveInteger)
      ->capture_default_str();
  cmd->add_option("--lr", o.lr,
                  "Starting learning rate, decaying linearly (default: 0.025 for skip-gram, "
                  "0.05 for CBOW, as word2vec.c)")
      ->check(kPositiveReal);
  cmd->add_option("--init-scale", o.init_scale,
                  "W_in starts uniform in +-SCALE/dim (word2vec.c: 0.5, gensim and fastText: 1)")
      ->check(kPositiveReal)
      ->capture_default_str();
  cmd->add_option("--threads", o.threads, "Worker threads (Hogwild)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd->add_option("--seed", o.seed, "Random seed")->capture_default_str();
  cmd->add_option("--batch", o.batch,
                  "Centre words per optimizer step: whole sentences until at least N (a "
                  "sentence longer than 2N is cut)")
      ->check(kPositiveInteger)
      ->capture_default_str();
  cmd->add_option("--optimizer", args->optimizer, "sgd, adagrad or adam (lazy sparse Adam)")
      ->check(CLI::IsMember({"sgd", "adagrad", "adam"}))
      ->capture_default_str();
  cmd->add_option("--loss", args->loss,
                  "sgns (negative sampling: the best scores on TinyShakespeare, in every word-"
                  "frequency band), hs (hierarchical softmax down a Huffman tree: no negatives "
                  "to draw, O(log V) steps per pair; here slower and weaker, most on rare words) "
                  "or softmax (full softmax: small vocabularies, for reading). Measured in the "
                  "README, 'Choosing a model and a loss'")
      ->check(CLI::IsMember(kLosses))
      ->capture_default_str();
  cmd->add_option("--model", args->model,
                  "skipgram (each context predicts the centre: the best on rare words) or cbow "
                  "(their mean does: one update per centre, so faster; as good on frequent "
                  "words, weaker on rare ones). Measured in the README")
      ->check(CLI::IsMember(kModels))
      ->capture_default_str();
  cmd->add_option(
      "--checkpoint", args->checkpoint,
      "Write a checkpoint here at the end or on Ctrl-C (default on Ctrl-C: OUTPUT.ckpt)");
  cmd->add_option("--resume", args->resume, "Continue from a checkpoint (same corpus)")
      ->check(CLI::ExistingFile);
  cmd->add_flag(
      "--keep-case", [args](int64_t) { args->options.tokenizer.lowercase = false; },
      "Do not lowercase words");
  cmd->add_flag(
      "--pair-negatives", [args](int64_t) { args->options.shared_negatives = false; },
      "Fresh negatives for every (context, centre) pair, as word2vec.c; the default "
      "shares one draw per centre word (skip-gram only)");
  cmd->add_option("--show", args->show, "Words whose nearest neighbours are printed at the end")
      ->capture_default_str();
  CLI::Option* subwords =
      cmd->add_flag("--subwords", o.subwords,
                    "fastText's subword model: a word's vector is the mean of its own row and its "
                    "character n-grams' rows, hashed into --buckets rows; words never seen get "
                    "vectors too");
  cmd->add_option("--minn", o.subword_scheme.minn, "Shortest character n-gram (--subwords)")
      ->check(kPositiveInteger)
      ->needs(subwords)
      ->capture_default_str();
  cmd->add_option("--maxn", o.subword_scheme.maxn, "Longest character n-gram (--subwords; 0: none)")
      ->check(kNonNegativeInteger)
      ->needs(subwords)
      ->capture_default_str();
  cmd->add_option("--buckets", o.subword_scheme.buckets,
                  "Rows the n-grams hash into (--subwords): the table's big cost, buckets x dim "
                  "floats (800 MB at the default and dim 100)")
      ->check(CLI::Range(int64_t{1}, int64_t{INT32_MAX}))
      ->needs(subwords)
      ->capture_default_str();
  cmd->add_flag("--quiet", args->quiet, "No progress bar, no neighbours");
  cmd->callback([args, cmd] {
    args->loss_given = cmd->count("--loss") > 0;
    args->model_given = cmd->count("--model") > 0;
    args->lr_given = cmd->count("--lr") > 0;
    // A whole fastText model is a .bin, not the default .vec.
    if (args->format == VectorFormat::FastTextBin && cmd->count("--output") == 0)
      args->output = std::filesystem::path(args->output).replace_extension(".bin").string();
    run_train(*args);
  });
}

}  // namespace gv::tools
