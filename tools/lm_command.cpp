// gradvec lm: a small GPT-style transformer trained on characters or BPE tokens (TinyShakespeare
// by default), with the positional encoding as the experiment's variable.
//
//   gradvec lm train  [--corpus FILE] [--output CHECKPOINT] [--pos none|learned|sinusoidal|rope]
//                     [--tokenizer chars|FILE]
//   gradvec lm sample [--lm MODEL] [--temperature T] [--top-k K] [--seed S]
//   gradvec lm eval   [--lm MODEL] [--context N] [--shift S]

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "autograd/require.h"
#include "autograd/simd/isa.h"
#include "io/printable.h"
#include "lm/evaluation.h"
#include "lm/lm_checkpoint.h"
#include "lm/lm_corpus.h"
#include "lm/lm_trainer.h"
#include "lm/sampling.h"
#include "text/bpe/bpe_file.h"
#include "tools/builtin_tokenizer_note.h"
#include "tools/commands.h"
#include "tools/corpus_argument.h"
#include "tools/kind_option.h"
#include "tools/launched_ranks.h"
#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/progress.h"
#include "tools/stop_signals.h"
#include "tools/threads_option.h"
#include "tools/training_session.h"
#include "tools/validators.h"

namespace gv::tools {

namespace {

const std::string kDefaultCorpus = "data/tinyshakespeare.txt";
const std::string kDefaultModel = "models/tinyshakespeare.lm";

const std::map<std::string, PositionKind> kPositions = {{"none", PositionKind::none},
                                                        {"learned", PositionKind::learned},
                                                        {"sinusoidal", PositionKind::sinusoidal},
                                                        {"rope", PositionKind::rope}};

struct LmTrainArgs {
  std::vector<std::string> corpus = {kDefaultCorpus};
  bool allow_binary = false;
  std::string output = kDefaultModel;
  std::string checkpoint;
  std::string resume;
  std::string tokenizer = kCharacterTokenizer;
  bool tokenizer_given = false;
  LmResumeChanges changes;  // with --resume: --steps and --threads, where given
  bool quiet = false;
  GptConfig config;
  LmTrainOptions options;
};

// --corpus as lm reads it, checked before anything that takes time: train's forms but standard
// input, as a run is resumed and evaluated over its corpus again. The files are one text.
CorpusArgument lm_corpus_argument(const std::vector<std::string>& values, bool allow_binary) {
  return CorpusArgument(values, {kDefaultCorpus}, allow_binary,
                        "lm reads its corpus again to resume and to evaluate a model, which "
                        "standard input cannot be; save it to a file and give that");
}

void draw_lm_progress(const LmProgress& p) {
  report_progress({p.step, p.steps, "steps", p.seconds, p.lr, p.loss});
}

// The vocabulary --tokenizer names: a BPE file's, or none for the corpus's characters.
std::optional<LmTokenizer> read_tokenizer(const std::string& tokenizer) {
  if (tokenizer == kCharacterTokenizer) return std::nullopt;
  return LmTokenizer(bpe::load_bpe(tokenizer));
}

// A resumed run continues over the checkpoint's tokens: a --tokenizer naming others is refused.
void require_same_tokenizer(const std::string& tokenizer, const std::optional<LmTokenizer>& given,
                            const LmTokenizer& trained, const std::string& checkpoint) {
  if (given ? given->same_tokenizer(trained) : trained.characters() != nullptr) return;
  throw std::invalid_argument("--tokenizer " + tokenizer + ": " + checkpoint +
                              " was trained over " + std::to_string(trained.size()) + " " +
                              trained.unit() +
                              (given && trained.bpe() ? " of another tokenizer" : "") +
                              "; give its own --tokenizer, or none");
}

// One line in both units (evaluation.h's TextLoss), which train and eval end with; when there is
// no loss per character, why not.
std::string validation_line(const TextLoss& loss, int64_t context) {
  char line[256];
  if (loss.per_character) {
    std::snprintf(line, sizeof line,
                  "validation loss %.4f nats per token, %.4f nats per character (context %lld)\n",
                  loss.per_token, *loss.per_character, static_cast<long long>(context));
  } else {
    std::snprintf(line, sizeof line,
                  "validation loss %.4f nats per token, none per character: the %lld tokens "
                  "predicted hold no first byte of a UTF-8 character (context %lld)\n",
                  loss.per_token, static_cast<long long>(loss.tokens),
                  static_cast<long long>(context));
  }
  return line;
}

void describe(const LmTrainer& trainer, const std::string& corpus, bool resumed) {
  const GptConfig& c = trainer.model().config();
  const LmTrainOptions& o = trainer.options();
  int64_t params = 0;
  for (const Var& p : trainer.model().parameters()) params += p.numel();
  std::string positions = position_name(c.positions);
  if (c.positions == PositionKind::rope)
    positions += c.interleaved ? " (interleaved)" : " (halves)";
  const std::string resumed_at =
      resumed ? ", resumed at step " + std::to_string(trainer.progress().step) : "";
  std::fprintf(stderr,
               "%s: %lld %s, %zu for training, %zu for validation | %lld layers, %lld "
               "heads, dim %lld, context %lld, %s positions, %lld parameters | batch %lld, %lld "
               "steps, lr %g, %d thread(s), %s kernels%s\n",
               printable(corpus).c_str(), static_cast<long long>(trainer.corpus().vocab.size()),
               trainer.corpus().vocab.unit(), trainer.corpus().train.size(),
               trainer.corpus().validation.size(), static_cast<long long>(c.layers),
               static_cast<long long>(c.heads), static_cast<long long>(c.dim),
               static_cast<long long>(c.context), positions.c_str(), static_cast<long long>(params),
               static_cast<long long>(o.batch), static_cast<long long>(o.steps), o.lr, o.threads,
               isa_name(active_isa()).data(), resumed_at.c_str());
}

// After training: the model written (it is the output; if it cannot be, it goes to $TMPDIR
// rather than nowhere), then --checkpoint, the summary line, and the validation loss.
void write_and_validate(const LmTrainArgs& args, const LmTrainer& trainer,
                        const TrainingSession& session, const SaveCheckpoint& save,
                        int64_t steps_before, const std::atomic<bool>& stop) {
  const KeptCheckpoint kept = keep_checkpoint(save, args.output, "lm");
  if (kept.path != args.output) {
    throw std::runtime_error(kept.failure + (kept.path.empty()
                                                 ? "; the trained model is lost"
                                                 : "; the trained model is kept in " + kept.path));
  }
  if (!args.checkpoint.empty()) trainer.save_checkpoint(args.checkpoint);

  const LmProgress p = trainer.progress();
  const int64_t context = trainer.model().config().context;
  char line[160];
  std::snprintf(
      line, sizeof line, "trained %lld steps in %.1f s | %.2f steps/s | train loss %.4f\n",
      static_cast<long long>(p.step), p.seconds, p.seconds > 0 ? p.step / p.seconds : 0.0, p.loss);
  // A run resumed at its end takes no step, and has no training loss to report.
  if (p.step == steps_before) {
    std::snprintf(line, sizeof line,
                  "no step to train: the run had already finished its %lld steps; --steps M (M > "
                  "%lld) extends it\n",
                  static_cast<long long>(p.step), static_cast<long long>(p.step));
  }
  std::ostream& messages = session.messages();
  messages << line << "model written to " << shown_on(messages, args.output) << std::endl;
  // The model is written: a signal during validation (long on a large held-out text) ends it
  // at the next batch, with no line.
  const LmCorpus& corpus = trainer.corpus();
  const std::optional<WindowLoss> loss =
      mean_loss_unless_stopped(trainer.model(), corpus.validation, context, trainer.options().batch,
                               trainer.options().threads, stop);
  if (loss) {
    messages << validation_line(text_loss(*loss, corpus.validation, corpus.vocab), context)
             << std::flush;
  }
}

void run_lm_train(LmTrainArgs args) {
  refuse_launched_ranks("gradvec lm train runs as one process", "train", kStartWithoutLauncher);
  // From the first check through the last write: a signal stops training (at once if it came
  // before) but never cuts a write off.
  const StopSignals signals;
  const std::optional<LmTokenizer> tokenizer = read_tokenizer(args.tokenizer);
  const LmTokenizer* vocab = tokenizer ? &*tokenizer : nullptr;
  // Options first: a user should not wait for the corpus to learn of a typo.
  if (args.resume.empty()) check_lm_settings(args.config, args.options, vocab);
  const CorpusArgument corpus_argument = lm_corpus_argument(args.corpus, args.allow_binary);
  const LmCorpusFiles corpus_files(corpus_argument.files().paths, corpus_argument.files().name);
  // The model written is itself a checkpoint: resuming from one and rewriting it, as --output or
  // --checkpoint, is one run continuing another.
  SessionFiles files{corpus_argument.inputs(),
                     {{"--output", args.output}, {"--checkpoint", args.checkpoint}},
                     {{"--resume", "--output"}, {"--resume", "--checkpoint"}},
                     args.checkpoint};
  files.inputs.insert(files.inputs.end(), {{"--resume", args.resume},
                                           {"--tokenizer", tokenizer ? args.tokenizer : ""}});
  const TrainingSession session(signals, files, "lm", args.quiet);
  LmTrainer trainer = args.resume.empty()
                          ? LmTrainer(corpus_files, args.config, args.options, vocab)
                          : LmTrainer::from_checkpoint(args.resume, corpus_files, args.changes);
  const int64_t steps_before = trainer.progress().step;
  if (!args.resume.empty() && args.tokenizer_given) {
    require_same_tokenizer(args.tokenizer, tokenizer, trainer.corpus().vocab, args.resume);
  }
  if (args.tokenizer_given && !tokenizer) note_file_named_like_tokenizer(args.tokenizer);
  if (!args.quiet) describe(trainer, corpus_files.name, !args.resume.empty());

  const SaveCheckpoint save = [&](const std::string& path) { trainer.save_checkpoint(path); };
  const bool finished = session.run([&](const std::atomic<bool>& stop) {
    return trainer.train(session.shows_progress() ? LmTrainer::ProgressFn(draw_lm_progress)
                                                  : LmTrainer::ProgressFn(),
                         stop);
  });
  if (!finished) {
    session.keep_stopped(
        save,
        [&](const std::string& path) {
          std::string command = "gradvec lm train --resume " + shell_quoted(path) + " --corpus";
          for (const std::string& value : args.corpus) command += " " + shell_quoted(value);
          return command + " --output " + shell_quoted(args.output);
        },
        signals.received());
  }
  write_and_validate(args, trainer, session, save, steps_before, signals.stop());
  session.end(args.output);
}

// The model `path` names, read; a missing one is refused with how to make one, as a new user
// meets that first: the default model exists only once `lm train` has written it.
LmCheckpoint read_model(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error) && !error) {
    throw std::runtime_error(path + ": no model there; run gradvec lm train first (it writes " +
                             kDefaultModel + "), or give --lm FILE");
  }
  return read_lm_checkpoint(path);
}

struct LmSampleArgs {
  std::string model = kDefaultModel;
  std::string prompt;
  bool prompt_given = false;
  SampleOptions options;
};

void run_lm_sample(const LmSampleArgs& args) {
  args.options.check();
  const LmCheckpoint checkpoint = read_model(args.model);
  const std::string prompt = args.prompt_given ? args.prompt : checkpoint.vocab.default_prompt();
  if (prompt.empty()) throw std::invalid_argument("--prompt: needs at least one character");
  std::vector<int64_t> ids = checkpoint.vocab.encode(prompt, "--prompt");
  std::fputs(prompt.c_str(), stdout);
  char last = prompt.back();
  // Each token's bytes as drawn: a BPE token may end inside a UTF-8 character, which the next
  // one completes.
  sample(*checkpoint.model, std::move(ids), args.options, [&](int64_t id) {
    const std::string bytes = checkpoint.vocab.decode(std::span(&id, 1));
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    std::fflush(stdout);
    if (!bytes.empty()) last = bytes.back();
  });
  if (last != '\n') std::fputc('\n', stdout);
}

struct LmEvalArgs {
  std::string model = kDefaultModel;
  std::vector<std::string> corpus;  // none: the model's own
  bool allow_binary = false;
  int64_t context = 0;  // 0: the trained context
  int64_t shift = 0;
  int threads = 1;  // add_threads_option sets the default
};

void run_lm_eval(const LmEvalArgs& args) {
  LmCheckpoint checkpoint = read_model(args.model);
  const CorpusArgument corpus_argument =
      lm_corpus_argument(args.corpus.empty() ? trained_corpus(checkpoint, args.model) : args.corpus,
                         args.allow_binary);
  const LmCorpusFiles corpus_files(corpus_argument.files().paths, corpus_argument.files().name);
  GptModel& model = *checkpoint.model;
  const int64_t length = args.context > 0 ? args.context : model.config().context;
  // The moved text keeps at least one character within the window.
  require(args.shift < length, "--shift", "below the context (" + std::to_string(length) + ")",
          args.shift);
  model.extend_positions(length);
  const LmCorpus corpus = read_lm_corpus(corpus_files, length, &checkpoint.vocab);
  const WindowLoss loss =
      mean_loss(model, corpus.validation, length, checkpoint.training.options.batch, args.threads);
  std::fputs(validation_line(text_loss(loss, corpus.validation, corpus.vocab), length).c_str(),
             stdout);
  // Past the trained context: the positions it never saw, apart from those it did.
  const int64_t trained = model.config().context;
  if (length > trained) {
    std::printf("at positions 0-%lld: %.4f | at positions %lld-%lld: %.4f\n",
                static_cast<long long>(trained - 1), loss.mean_over(0, trained),
                static_cast<long long>(trained), static_cast<long long>(length - 1),
                loss.mean_over(trained, length));
  }
  if (args.shift > 0) {
    const int64_t span = length - args.shift;  // the longest text that fits when moved
    const ShiftCheck check = relative_position_check(model, corpus.validation, span, args.shift);
    std::printf(
        "relative positions: layer 1's attention scores among %lld validation tokens change "
        "by at most %.3g when they move %lld positions later (the scores span %.3g)\n",
        static_cast<long long>(span), check.max_change, static_cast<long long>(args.shift),
        check.spread);
  }
}

void add_train(CLI::App& lm) {
  auto args = std::make_shared<LmTrainArgs>();
  GptConfig& c = args->config;
  LmTrainOptions& o = args->options;
  CLI::App* cmd = lm.add_subcommand(
      "train", "Train the character-level transformer, or one over BPE tokens (--tokenizer)");
  add_corpus_option(*cmd, args->corpus, args->allow_binary,
                    "Text read as bytes, its first 90% for training: a file; several files, "
                    "read as one text in this order; or a directory, for every regular file "
                    "directly in it in byte-wise name order. gzip'd files are decompressed");
  cmd->add_option("--tokenizer", args->tokenizer,
                  "What the model reads and predicts: chars (each byte of the corpus a symbol) or "
                  "a BPE file from gradvec bpe train, which the model keeps (a file named chars is "
                  "./chars; with --resume: the checkpoint's, the default)")
      ->capture_default_str();
  cmd->add_option("--output", args->output, "Where to write the trained model (a checkpoint)")
      ->capture_default_str();
  CLI::Option* resume =
      cmd->add_option("--resume", args->resume, "Continue from a checkpoint (same corpus)")
          ->check(regular_file("checkpoint"));
  cmd->add_option("--checkpoint", args->checkpoint,
                  "Write a checkpoint here at the end, and when a signal stops training "
                  "(Ctrl-C, TERM, HUP) (default: none at the end; OUTPUT.ckpt on a stop)");
  // Settings of the run a checkpoint continues: refused with --resume rather than ignored.
  const auto setting = [&](CLI::Option* option) {
    option->excludes(resume)->capture_default_str();
  };
  setting(add_kind_option(*cmd, "--pos", c.positions, kPositions,
                          "Positions: none, learned (a trained table, GPT-2), sinusoidal (the "
                          "fixed sin/cos table) or rope (rotated queries and keys)"));
  setting(cmd->add_flag("--interleaved", c.interleaved,
                        "rope: pair dims (2i, 2i+1) as the RoPE paper, not (i, i + D/2) as "
                        "GPT-NeoX"));
  setting(cmd->add_option("--layers", c.layers, "Transformer blocks")->check(kPositiveInteger));
  setting(
      cmd->add_option("--heads", c.heads, "Attention heads per block")->check(kPositiveInteger));
  setting(cmd->add_option("--dim", c.dim, "Model width C")->check(kPositiveInteger));
  setting(cmd->add_option("--context", c.context, "Tokens (characters) per training window T")
              ->check(positive_integer_up_to(GptConfig::kMaxContext)));
  setting(cmd->add_option("--batch", o.batch, "Windows per step")
              ->check(positive_integer_up_to(LmTrainOptions::kMaxBatch)));
  // A resumed run may take more steps, or other threads, as train --resume takes --epochs and
  // --threads.
  cmd->add_option("--steps", o.steps,
                  "Optimizer steps. With --resume, the run's new total, at least the steps it has "
                  "taken: more extend it, finished or not, the schedule spanning the new total")
      ->check(positive_integer_up_to(LmTrainOptions::kMaxSteps))
      ->capture_default_str();
  setting(cmd->add_option("--lr", o.lr, "Peak learning rate (AdamW)")->check(kPositiveFloat));
  setting(cmd->add_option("--warmup", o.warmup, "Steps of linear warm-up")
              ->check(integer_in<int64_t>(0, LmTrainOptions::kMaxSteps)));
  setting(cmd->add_option("--weight-decay", o.weight_decay, "AdamW's decay of the weights")
              ->check(number_in(0, 1e6)));
  setting(
      cmd->add_option("--seed", o.seed, "Random seed (initialisation and windows)")->check(kSeed));
  add_threads_option(*cmd, o.threads,
                     "Threads sharing each batch. With --resume, the checkpoint's unless given; "
                     "a resumed run repeats an uninterrupted one bit for bit at its count only");
  cmd->add_flag("--quiet", args->quiet, kQuietHelp);
  cmd->footer(kStopSignalsHelp);
  cmd->callback([args, cmd] {
    args->tokenizer_given = cmd->count("--tokenizer") > 0;
    if (cmd->count("--steps") > 0) args->changes.steps = args->options.steps;
    if (cmd->count("--threads") > 0) args->changes.threads = args->options.threads;
    run_lm_train(*args);
  });
}

void add_sample(CLI::App& lm) {
  auto args = std::make_shared<LmSampleArgs>();
  SampleOptions& o = args->options;
  o.temperature = 0.8f;  // a little sharper than the model's own distribution: fewer misspellings
  CLI::App* cmd = lm.add_subcommand("sample", "Generate text from a trained model");
  cmd->add_option("--lm", args->model, "A model written by lm train (its --output)")
      ->check(regular_file("model"))
      ->capture_default_str();
  cmd->add_option("--length", o.length, "Tokens (characters) to generate")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
  cmd->add_option("--temperature", o.temperature,
                  "Below 1: likelier tokens; above: bolder; 0: always the likeliest (greedy)")
      ->check(kNonNegativeFloat)
      ->capture_default_str();
  cmd->add_option("--top-k", o.top_k, "Draw among the K likeliest tokens only (0: all)")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
  cmd->add_option("--seed", o.seed, "Random seed")->check(kSeed)->capture_default_str();
  cmd->add_option("--prompt", args->prompt,
                  "Text to continue, encoded with the model's tokenizer (default: a newline for "
                  "BPE tokens; the model's first character, a newline for TinyShakespeare)");
  cmd->callback([args, cmd] {
    args->prompt_given = cmd->count("--prompt") > 0;
    run_lm_sample(*args);
  });
}

void add_eval(CLI::App& lm) {
  auto args = std::make_shared<LmEvalArgs>();
  CLI::App* cmd = lm.add_subcommand(
      "eval", "Validation loss of a trained model, at its context or another length");
  cmd->add_option("--lm", args->model, "A model written by lm train (its --output)")
      ->check(regular_file("model"))
      ->capture_default_str();
  add_corpus_option(*cmd, args->corpus, args->allow_binary,
                    "The corpus whose last 10% is the validation text, in lm train's forms "
                    "(default: the files the model was trained on)");
  cmd->add_option(
         "--context", args->context,
         "Tokens (characters) per window (default: the trained context); learned positions "
         "cannot go past it")
      ->check(positive_integer_up_to(GptConfig::kMaxContext));
  cmd->add_option("--shift", args->shift,
                  "Also test whether layer 1's attention scores depend on relative positions "
                  "only: move validation text by this many positions (0: no such test)")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
  add_threads_option(*cmd, args->threads, "Threads");
  cmd->callback([args] { run_lm_eval(*args); });
}

}  // namespace

void add_lm_command(CLI::App& app) {
  CLI::App* lm = app.add_subcommand(
      "lm",
      "A small transformer over characters or BPE tokens: learned, sinusoidal or RoPE positions "
      "side by side");
  lm->require_subcommand(1);
  add_train(*lm);
  add_sample(*lm);
  add_eval(*lm);
}

}  // namespace gv::tools
