// `gradvec phrases`: joins a corpus's frequent bigrams with '_' (word2phrase, gensim's
// Phrases), writing a corpus that `gradvec train --corpus` reads with its phrases as words.
//
//   gradvec phrases --corpus data/tinyshakespeare.txt --output bigrams.txt
//   gradvec phrases --corpus bigrams.txt --output trigrams.txt   # phrases of phrases
#include <algorithm>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "autograd/require.h"
#include "io/atomic_file.h"
#include "io/printable.h"
#include "text/phrases.h"
#include "tools/commands.h"
#include "tools/corpus_argument.h"
#include "tools/corpus_reading_options.h"
#include "tools/launched_ranks.h"
#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/progress.h"
#include "tools/threads_option.h"
#include "tools/validators.h"

namespace gv::tools {

namespace {

struct PhrasesArgs {
  std::vector<std::string> corpus = {"data/tinyshakespeare.txt"};
  std::string output;
  std::string list;  // where the phrases go, if anywhere
  PhraseOptions options;
  CorpusReadingOptions reading;
  int threads = 1;
};

// "a_b score count" lines; the score in the shortest form that reads back as the same double.
void write_list(const Phrases& phrases, std::ostream& out) {
  for (const Phrase& phrase : phrases.list()) {
    out << phrase.a << kPhraseDelimiter << phrase.b << ' ' << value_str(phrase.score) << ' '
        << phrase.count << '\n';
  }
}

void run_phrases(const PhrasesArgs& args) {
  refuse_launched_ranks("gradvec phrases runs as one process", "rewrite the corpus",
                        kStartWithoutLauncher);
  // From the start through the last write: a signal (INT even where a script's background job
  // has it ignored) ends counting or the rewrite at the next sentence, with no output, but never
  // cuts a write that has finished the rewrite.
  const StopSignals signals;
  // "corpus not found", "is a directory", "looks like vectors", ... before any output.
  const CorpusArgument corpus_argument(args.corpus, PhrasesArgs().corpus,
                                       args.reading.allow_binary);
  const TokenizerOptions tokenizer = args.reading.tokenizer_options();
  refuse_shared_files(corpus_argument.inputs(), {{"--output", args.output}, {"--list", args.list}});
  const OutputLocks locks = prepare_outputs({args.output, args.list});
  args.reading.note_file_named_like_tokenizer();
  // Counting happens inside the write, so an output that cannot be created fails the command
  // before the corpus is read, not after. The rewrite's summary waits for the write to finish:
  // a file is never said to be written that then is not.
  PhraseRewrite done;
  int64_t found = 0;
  write_file_atomically(args.output, [&](std::ostream& out) {
    const Corpus corpus = corpus_argument.read();
    PhraseCounts counts = count_phrases(corpus, tokenizer, args.threads);
    std::fprintf(stderr, "%s: %lld tokens, %lld words, %lld bigrams (N = %lld)\n",
                 printable(corpus.name()).c_str(),
                 static_cast<long long>(counts.words.total_count()),
                 static_cast<long long>(counts.words.size()),
                 static_cast<long long>(counts.bigrams.size()), static_cast<long long>(counts.n()));
    const Phrases phrases(std::move(counts), args.options);
    done = phrases.rewrite(corpus, out);
    // After the rewrite, which a signal may end with nothing written, the list included.
    if (!args.list.empty()) {
      write_file_atomically(args.list, [&](std::ostream& list) { write_list(phrases, list); });
    }
    found = phrases.size();
  });
  std::fprintf(stderr,
               "%lld phrases score above %g with min count %lld; %lld pairs joined in %lld "
               "lines written to %s\n",
               static_cast<long long>(found), args.options.threshold,
               static_cast<long long>(args.options.min_count), static_cast<long long>(done.joins),
               static_cast<long long>(done.sentences), printable(args.output).c_str());
  end_if_signalled(signals, "the rewrite", args.output);
}

}  // namespace

void add_phrases_command(CLI::App& app) {
  auto args = std::make_shared<PhrasesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "phrases",
      "Join frequent bigrams with '_' as gensim's Phrases does: a b becomes a_b when "
      "(count(ab) - min_count) / (count(a) * count(b)) * N > threshold, N being gensim 4's "
      "len_vocab, the number of distinct words plus distinct bigrams. Run it on its own output "
      "for trigrams");
  cmd->add_option("--corpus", args->corpus,
                  "Text file, one sentence per line; several files, read in this order; a "
                  "directory, for every regular file directly in it in byte-wise name order; or "
                  "- for standard input. A file's end ends a sentence; gzip'd files are "
                  "decompressed")
      ->capture_default_str();
  cmd->add_option("--output", args->output,
                  "Where the rewritten corpus goes, one sentence per line ('-': standard output)")
      ->required();
  cmd->add_option("--list", args->list,
                  "Also write the phrases found here, one 'a_b score count' line each, highest "
                  "score first ('-': standard output)");
  cmd->add_option("--min-count", args->options.min_count,
                  "Subtracted from each bigram's count: a phrase occurs more often than this")
      ->check(kPositiveInteger)
      ->capture_default_str();
  cmd->add_option("--threshold", args->options.threshold,
                  "A phrase scores strictly more than this (higher: fewer phrases)")
      ->check(kPositiveReal)
      ->capture_default_str();
  add_threads_option(
      *cmd, args->threads,
      "Counting threads, one slice of the corpus each, counted into a table of its "
      "own until they are summed (memory grows with the threads; the counts do not)");
  // Its output is text for train to read again: BPE pieces joined by _ would be encoded anew.
  args->reading.add_to(*cmd,
                       "phrases writes its words back as text, which a BPE file's pieces are not");
  cmd->footer(kPhrasesStopSignalsHelp);
  cmd->callback([args] { run_phrases(*args); });
}

}  // namespace gv::tools
