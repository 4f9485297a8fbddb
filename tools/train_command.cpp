// gradvec train: skip-gram or CBOW on a corpus (TinyShakespeare by default), then a summary
// and the nearest neighbours of a few probe words.
#include <functional>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <thread>

#include "io/atomic_file.h"
#include "io/printable.h"
#include "text/corpus/corpus_reader.h"
#include "text/tokenizer.h"
#include "tools/commands.h"
#include "tools/corpus_argument.h"
#include "tools/initial_model_loading.h"
#include "tools/out_of_memory.h"
#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/progress.h"
#include "tools/read_vocabulary.h"
#include "tools/resumed_run.h"
#include "tools/small_vocabulary.h"
#include "tools/stop_signals.h"
#include "tools/train_args.h"
#include "tools/train_group_options.h"
#include "tools/train_kinds.h"
#include "tools/trained_vectors.h"
#include "tools/training_session.h"
#include "tools/vectors/vector_formats.h"
#include "tools/vectors/vector_index.h"
#include "tools/vectors/vector_io.h"
#include "word2vec/trainer.h"
#ifdef GRADVEC_MPI
#include "distributed/mpi_train_group.h"
#endif

namespace gv::tools {

namespace {

const TrainArgs kDefaults;

// One line redrawn in place (or the Python module's bar): percent, words/s, lr, loss, ETA.
void draw_progress(const TrainProgress& p) {
  report_progress({p.words_done, p.words_total, "words", p.seconds, p.lr, p.loss});
}

// The corpus's files before anything that takes time: a typo should not wait for the counting
// pass. None is read here: standard input and gzip'd files are spooled once the outputs are
// checked.
CorpusArgument check_corpus(const TrainArgs& args) {
  // A stream is read once: its words cannot be counted before training reads it. A checkpoint
  // holds its vocabulary, and its fingerprint refuses other input.
  if (args.corpus == std::vector<std::string>{"-"} && args.read_vocab.empty() &&
      args.resume.empty()) {
    throw std::runtime_error(
        "--corpus - (standard input) needs --read-vocab FILE: a stream cannot be counted "
        "before training reads it");
  }
  return CorpusArgument(args.corpus, kDefaults.corpus, args.reading.allow_binary);
}

// The command that continues from `checkpoint` and writes what this run was asked to: the same
// corpus, the same outputs in the same format, the same display, under the same `launcher`.
std::string resume_command(const TrainArgs& args, const std::string& launcher,
                           const std::string& checkpoint) {
  std::string command =
      launcher + "gradvec train --resume " + shell_quoted(checkpoint) + " --corpus";
  for (const std::string& path : args.corpus) command += " " + shell_quoted(path);
  command += " --output " + shell_quoted(args.output) + " --output-format " +
             std::string(vector_format_spec(args.format).flag);
  if (!args.checkpoint.empty()) command += " --checkpoint " + shell_quoted(args.checkpoint);
  // A run resumed on other threads may stop before they take over: its checkpoint has the old.
  if (!args.resume.empty() && args.given.contains("--threads"))
    command += " --threads " + std::to_string(args.options.threads);
  if (!args.save_vocab.empty()) command += " --save-vocab " + shell_quoted(args.save_vocab);
  if (args.quiet) command += " --quiet";
  if (args.reading.allow_binary) command += " --allow-binary-corpus";
  if (args.given.contains("--show")) {
    command += " --show";
    for (const std::string& word : args.show) command += " " + shell_quoted(word);
  }
  return command;
}

void write_output(const Trainer& trainer, const TrainArgs& args) {
  if (args.format == VectorFormat::FastTextBin) return write_fasttext_model(trainer, args.output);
  write_input_vectors(trainer, args.output, args.format);
}

// The options as TrainOptions: --lr the model's own rate for `processes` training together unless
// given.
TrainOptions train_options(const TrainArgs& args, int processes) {
  TrainOptions options = args.options;
  options.tokenizer = args.reading.tokenizer_options();
  if (!args.lr_given) options.lr = default_lr(options.model, processes);
  return options;
}

// What the run reads and writes, by option: resuming from a checkpoint and rewriting it is one
// run continuing another.
SessionFiles session_files(const TrainArgs& args, const CorpusArgument& corpus) {
  SessionFiles files{corpus.inputs(),
                     {{"--output", args.output},
                      {"--checkpoint", args.checkpoint},
                      {"--save-vocab", args.save_vocab}},
                     {{"--resume", "--checkpoint"}},
                     args.checkpoint};
  files.inputs.insert(files.inputs.end(), {{"--read-vocab", args.read_vocab},
                                           {"--resume", args.resume},
                                           {"--init", args.continued.init},
                                           {"--tokenizer", args.reading.bpe_file}});
  return files;
}

// The trainer the command asks for: resumed from a checkpoint, continuing a model (--init), on
// a vocabulary read from a file, or fresh, its vocabulary counted (by the group together).
template <TrainGroup Group>
Trainer start_trainer(const TrainArgs& args, Group& group, const Corpus& corpus,
                      const TrainOptions& options, const std::optional<ModelToContinue>& init,
                      KnownWords known) {
  if (!args.resume.empty()) return Trainer::resumed(args.resume, corpus);
  if (init) return group.continued_trainer(corpus, init->options, init->model, known);
  if (args.read_vocab.empty()) return group.counted_trainer(corpus, options);
  return Trainer::fresh(corpus, options,
                        read_vocabulary(args.read_vocab, args.keep_unseen_vocab, options));
}

// The header: the corpus, its vocabulary and tokens, the model, loss and rate, and the threads
// (or, resumed, where the checkpoint's runs stood).
void describe_run(const TrainArgs& args, int processes, const Trainer& trainer,
                  const Corpus& corpus, const std::string& resumed_from) {
  const TrainOptions& o = trainer.options();
  const std::string lr_note =
      args.lr_given || !args.resume.empty() ? "" : default_lr_note(o.model, processes);
  std::fprintf(
      stderr, "%s: %lld words in vocabulary, %lld tokens, %s%s + %s, lr %g%s, %s\n",
      printable(corpus.name()).c_str(), static_cast<long long>(trainer.vocabulary().size()),
      static_cast<long long>(trainer.tokens_per_epoch()), name_of(kModels, o.model).c_str(),
      o.subwords ? " with subwords" : "", name_of(kLosses, o.loss).c_str(), o.lr, lr_note.c_str(),
      args.resume.empty() ? (std::to_string(o.threads) + " thread(s)").c_str()
                          : resumed_from.c_str());
}

// What a user reads before the first step: the notes and warnings on the tokenizer file, the
// vocabulary and the words of a continued model, and (unless --quiet) the header.
template <TrainGroup Group>
void announce_run(const TrainArgs& args, const Group& group, const Trainer& trainer,
                  const Corpus& corpus, const std::optional<ModelToContinue>& init,
                  const std::string& resumed_from) {
  args.reading.note_file_named_like_tokenizer();
  if (group.leads()) warn_if_vocabulary_tiny(trainer, stderr);
  if (!args.quiet) describe_run(args, group.processes(), trainer, corpus, resumed_from);
  if (init && group.leads()) {
    const TokenizerOptions& tokenizer = trainer.options().tokenizer;
    note_continued_run(corpus.name(), trainer.vocabulary(), init->model, tokenizer,
                       tokenizer_name(tokenizer), args.quiet, stderr);
  }
}

// The checkpoint before the vectors: if they cannot be written, it keeps the work (in $TMPDIR
// when no --checkpoint was asked for), and if it cannot be, the vectors still are.
void write_results(const TrainArgs& args, const Trainer& trainer, const SaveCheckpoint& save,
                   const std::function<std::string(const std::string&)>& continue_with) {
  KeptCheckpoint kept;
  if (!args.checkpoint.empty()) kept = keep_checkpoint(save, args.checkpoint, "train");
  try {
    write_output(trainer, args);
  } catch (const std::exception& e) {
    if (kept.path.empty()) kept = keep_checkpoint(save, "", "train");
    throw std::runtime_error(failure_message(e, "writing " + printable(args.output)) +
                             (kept.path.empty()
                                  ? "; the trained model is lost: " + kept.failure
                                  : "; the trained model is kept in " + kept.path +
                                        ": write its vectors with " + continue_with(kept.path)));
  }
  if (!kept.failure.empty()) {
    throw std::runtime_error(kept.failure +
                             (kept.path.empty() ? "" : "; checkpoint written to " + kept.path) +
                             "; the vectors were written to " + args.output);
  }
}

// The closing summary: the vocabulary, how long it took to be ready, this run's part of the
// training beside the checkpoint's runs (`before`) and its mean loss.
void print_summary(std::ostream& messages, const TrainArgs& args, const Trainer& trainer,
                   const TrainProgress& before, double ready_seconds) {
  const TrainProgress p = trainer.progress();
  // No pair at all (every sentence subsampled to one word or none): there is no loss to show.
  char loss[32] = "n/a (no pairs trained)";
  if (p.pairs_done > 0) std::snprintf(loss, sizeof(loss), "%.4f", p.run_loss);
  char vocabulary[96];
  std::snprintf(vocabulary, sizeof vocabulary, "vocabulary %lld words, ready in %.2f s | ",
                static_cast<long long>(trainer.vocabulary().size()), ready_seconds);
  messages << vocabulary << trained_summary(before, p) << " | mean loss " << loss
           << "\nvectors written to " << shown_on(messages, args.output) << '\n';
}

// What `pass()`, a pass over an input before training (reading the model to continue, reading
// and counting the corpus), returns. A signal to any process of the group ends every process's
// pass (an MPI job's ranks' together): each leaves with the signal they agree on, the one that
// leads saying so.
template <TrainGroup Group, class Pass>
auto input_pass(Group& group, const StopSignals& signals, const Pass& pass) {
  try {
    return pass();
  } catch (const InputPassStopped& e) {
    const int signal = group.stop_signal(signals.received());
    if (group.leads()) report_stopped_pass(e);
    throw Interrupted(signal);
  }
}

// What `read()`, reading an input (the model to continue, the corpus), returns: each process of
// the group reads it together with the others, as input_pass's.
template <TrainGroup Group, class Read>
auto read_input(Group& group, const StopSignals& signals, const Read& read) {
  return input_pass(group, signals, [&] { return group.read_together(read); });
}

template <TrainGroup Group>
void run_train(const TrainArgs& args, Group& group) {
  // From the counting pass through the last write: a signal stops training (at once if it came
  // before) but never cuts a write off.
  const StopSignals signals;
  group.end_waits_at_stop(signals.stop(), [] { return failed_status(2); });
  const auto started = std::chrono::steady_clock::now();
  const TrainOptions options = train_options(args, group.processes());
  // Options first, sizes against this machine's memory included: a user should not wait for
  // the corpus to learn of a typo. A checkpoint's own options are checked as it is read.
  if (args.resume.empty()) options.check();
  const CorpusArgument corpus_argument = check_corpus(args);
  // The model before the outputs are prepared: it may contradict the options.
  const std::optional<ModelToContinue> init =
      args.continued.init.empty() ? std::nullopt : std::optional(read_input(group, signals, [&] {
        return model_to_continue(args.continued.init, options, args.given, group.processes());
      }));
  // What training does with the model's words, refused before the corpus is read when the
  // options contradict each other.
  const KnownWords known =
      init ? known_words_from_options(args.continued.freeze_known, args.continued.anchor_known,
                                      init->options.lr)
           : KnownWords{};
  const TrainingSession session(signals, session_files(args, corpus_argument), "train", args.quiet);
  const Corpus corpus = read_input(group, signals, [&] { return corpus_argument.read(); });
  group.agree(args.settings, corpus);
  Trainer trainer = input_pass(
      group, signals, [&] { return start_trainer(args, group, corpus, options, init, known); });
  group.join(trainer);
  const ResumeRequest resumed{args.resume, args.given, {options, args.group.sync_words}};
  const int64_t saved_epochs = trainer.options().epochs;
  if (!args.resume.empty()) {
    group.check_alike([&] {
      check_resumed(resumed, {trainer.options(), trainer.resumed_sync().sync_words});
      continue_resumed(trainer, resumed);
    });
  }
  // What the checkpoint's runs did: the summary gives this process's part beside the run's.
  const TrainProgress before = trainer.progress();
  // Before training, as word2vec.c's -save-vocab: the file is there even if the run stops.
  if (!args.save_vocab.empty()) trainer.vocabulary().save(args.save_vocab);
  // Counting, the vocabulary and the tables: what a user waits for before the first step.
  const std::chrono::duration<double> ready = std::chrono::steady_clock::now() - started;
  announce_run(args, group, trainer, corpus, init,
               args.resume.empty() ? "" : resumed_note(trainer, resumed, saved_epochs));

  const SaveCheckpoint save = [&](const std::string& path) {
    group.save_checkpoint(trainer, path);
  };
  const auto continue_with = [&](const std::string& path) {
    return resume_command(args, group.launcher(), path);
  };
  const bool finished = session.run([&](const std::atomic<bool>& stop) {
    return trainer.train(
        session.shows_progress() ? Trainer::ProgressFn(draw_progress) : Trainer::ProgressFn(),
        stop);
  });
  group.end_training(trainer);
  if (!finished) {
    const int signal = group.stop_signal(signals.received());
    // The group's other processes leave the checkpoint to the one that leads.
    if (!group.leads()) throw Interrupted(signal);
    session.keep_stopped(save, continue_with, signal);
  }
  if (!group.leads()) return;  // the group's other processes write nothing
  write_results(args, trainer, save, continue_with);
  print_summary(session.messages(), args, trainer, before, ready.count());
  if (!args.quiet && signals.received() == 0) {
    // Written and kept: the trainer goes, so that the neighbours' index takes the memory of its
    // tables rather than adding to them.
    const TokenizerOptions tokenizer = trainer.options().tokenizer;
    print_neighbours(take_input_vectors(std::move(trainer)), args.show,
                     args.given.contains("--show") ? ShownWords::Asked : ShownWords::Demo,
                     tokenizer, session.messages());
  }
  session.messages().flush();
  session.end(args.output);
}

// What the command line leaves to the run once it is parsed: which options were given, the
// .bin's default name, and the group of processes (only its leader writes and prints), for
// which the run is compiled: a plain run's calls to its group are inline no-ops.
void start_train(TrainArgs& args, const CLI::App& cmd) {
  for (const CLI::Option* option : cmd.get_options()) {
    if (option->count() > 0) args.given.insert(option->get_name());
  }
  args.lr_given = cmd.count("--lr") > 0;
  // A whole fastText model is a .bin, not the default .vec.
  if (args.format == VectorFormat::FastTextBin && cmd.count("--output") == 0)
    args.output = std::filesystem::path(args.output).replace_extension(".bin").string();
  args.settings = group_settings(cmd);
  const auto run = [&args](TrainGroup auto& group) {
    if (!group.leads()) {  // the other processes of the group write and print nothing
      args.output.clear();
      args.checkpoint.clear();
      args.save_vocab.clear();
      args.quiet = true;
    }
    group.run([&] { run_train(args, group); });
  };
  if (launched_as_rank()) {
#ifdef GRADVEC_MPI
    MpiTrainGroup group(args.group.sync_words, args.group.rank_timeout);
    return run(group);
#endif
  }
  PlainTrainGroup group;
  run(group);
}

}  // namespace

void add_train_command(CLI::App& app) {
  auto args = std::make_shared<TrainArgs>();
  CLI::App* cmd =
      app.add_subcommand("train", "Train skip-gram or CBOW word vectors on a text corpus");
  add_train_options(*cmd, *args);
  cmd->footer(std::string(kStopSignalsHelp) +
              " One that comes while the model to continue (--init) is read or the corpus is "
              "counted (or a gzip'd one or standard input spooled), before training, ends that "
              "pass and the run with it, with nothing written.");
  cmd->callback([args, cmd] { start_train(*args, *cmd); });
}

}  // namespace gv::tools
