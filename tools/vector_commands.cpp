// The commands that ask questions of a vector file: nearest, analogy, eval analogy,
// eval similarity, repl, convert, info and plot (and vector, in print_vectors_command.cpp). Each
// one loads the file once with the shared options (vector_file_options.h) and hands the vectors to
// a library piece that knows nothing about the command line, so everything here is wiring and
// printing.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>

#include "io/input_pass_stop.h"
#include "io/printable.h"
#include "tools/commands.h"
#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/pca.h"
#include "tools/pca_plot.h"
#include "tools/progress.h"
#include "tools/repl.h"
#include "tools/stop_signals.h"
#include "tools/validators.h"
#include "tools/vector_file_options.h"
#include "tools/vectors/analogy_eval.h"
#include "tools/vectors/similarity_eval.h"
#include "tools/vectors/vector_index.h"

namespace gv::tools {
namespace {

// Loads the file named by `file` and indexes it (unit rows, word lookup).
VectorIndex load_index(const VectorFileOptions& file) {
  return VectorIndex(file.load(std::cerr).vectors, file.threads);
}

// For convert and plot, which take INT, TERM and HUP as the training commands do (the handlers of
// a StopSignals from the command's start): the readers stop at a signal as they go
// (VectorSource::throw_if_stopped), and one that came after their last look ends the command
// here, before its write, with nothing written.
void stop_before_writing(const VectorFileOptions& file) {
  throw_if_input_pass_stopped("reading " + printable(input_name(file.path)));
}

// Runs `query` on the `words_read` words loaded with `file`; an unknown word that is only
// past --limit is refused as that (VectorFileOptions::past_limit), not as unknown.
template <typename Query>
void explaining_limit(const VectorFileOptions& file, int64_t words_read, const Query& query) {
  try {
    query();
  } catch (const UnknownWordError& e) {
    const std::string past = file.past_limit(e.word(), words_read);
    if (past.empty()) throw;
    throw QueryError(past);
  }
}

// "n-grams of 3-6 characters in 2000000 buckets", or why there are none.
std::string describe_ngrams(const SubwordVectors& subwords) {
  const SubwordScheme& scheme = subwords.scheme();
  if (scheme.maxn == 0) return "none (maxn 0): words outside the vocabulary have no vector";
  return "n-grams of " + std::to_string(scheme.minn) + "-" + std::to_string(scheme.maxn) +
         " characters in " + std::to_string(scheme.buckets) + " buckets";
}

void add_method_option(CLI::App& command, AnalogyMethod& method) {
  static const std::map<std::string, AnalogyMethod> methods{{"add", AnalogyMethod::Add},
                                                            {"mul", AnalogyMethod::Mul}};
  command.add_option("--method", method, "3CosAdd (add) or 3CosMul (mul)")
      ->transform(CLI::CheckedTransformer(methods))
      ->option_text("add|mul (default: add)");
}

// One text in every command that has it (tests/tools/option_meanings_test.cpp): eval analogy's
// default differs, and its command's description says why.
void add_restrict_option(CLI::App& command, int64_t& restrict_to) {
  command
      .add_option("--restrict", restrict_to,
                  "Consider only the file's first N words, its most frequent (0: all)")
      ->check(kNonNegativeInteger)
      ->capture_default_str();
}

void add_k_option(CLI::App& command, int64_t& k) {
  command.add_option("--k", k, "Answers per query: a word's neighbours, an analogy's candidates")
      ->check(kPositiveInteger)
      ->capture_default_str();
}

// State of each command: it outlives add_vector_commands because CLI11 runs the callbacks
// during app.parse(), so it is owned by shared_ptrs captured in the callbacks.
struct QueryCommand {
  VectorFileOptions file;
  QueryOptions query;
  std::vector<std::string> words;
};

void add_nearest_command(CLI::App& app) {
  auto state = std::make_shared<QueryCommand>();
  CLI::App* command = app.add_subcommand("nearest", "Nearest neighbours of words by cosine");
  state->file.add_to(*command);
  add_k_option(*command, state->query.k);
  add_restrict_option(*command, state->query.restrict_to);
  command->add_option("words", state->words, "Query words")->required();
  command->callback([state] {
    const VectorIndex index = load_index(state->file);
    // Each word is a query of its own: one without a vector (an unknown BPE token, a typo) is
    // named in the one error line the run ends with, after the others are answered.
    std::string refused;
    size_t answered = 0;
    for (const std::string& asked : state->words) {
      try {
        explaining_limit(state->file, index.size(), [&] {
          const std::string word = resolve_query_words(index, {asked}, std::cerr)[0];
          const std::vector<Neighbor> neighbours =
              index.most_similar({word}, {}, state->query.k, state->query.restrict_to);
          std::cout << "nearest to " << marked_word(index, word) << ":\n";
          print_neighbors(std::cout, neighbours);
        });
        ++answered;
      } catch (const QueryError& e) {
        refused += (refused.empty() ? "" : "; ") + std::string(e.what());
      }
    }
    if (refused.empty()) return;
    std::cout.flush();  // the answers before the line that ends the run
    throw QueryError(refused + (answered == 0 ? "" : "; the other words are answered"));
  });
}

void add_analogy_command(CLI::App& app) {
  auto state = std::make_shared<QueryCommand>();
  CLI::App* command = app.add_subcommand("analogy", "Solve A : B :: C : ? (b - a + c)");
  state->file.add_to(*command);
  add_k_option(*command, state->query.k);
  add_method_option(*command, state->query.method);
  add_restrict_option(*command, state->query.restrict_to);
  // Counted in the callback, not by CLI11, whose "At least 3 required" says neither what the
  // words are nor how to give them.
  command->add_option("words", state->words, "A B C: A is to B as C is to ?")
      ->option_text("A B C REQUIRED");
  command->callback([state] {
    if (state->words.size() != 3) {
      throw std::invalid_argument(
          "analogy takes three words A B C (A is to B as C is to ?), got " +
          std::to_string(state->words.size()) +
          ": e.g. gradvec analogy --vectors V he his she (he is to his as she is to ?)");
    }
    const VectorIndex index = load_index(state->file);
    explaining_limit(state->file, index.size(), [&] {
      answer_query(index, state->words, state->query, std::cout, std::cerr);
    });
  });
}

void add_eval_commands(CLI::App& app) {
  CLI::App* eval = app.add_subcommand("eval", "Score vectors on a benchmark");
  eval->require_subcommand(1);

  struct AnalogyEval {
    VectorFileOptions file;
    std::string questions;
    AnalogyEvalOptions options;
    bool case_sensitive = false;
  };
  auto analogy = std::make_shared<AnalogyEval>();
  CLI::App* analogy_command =
      eval->add_subcommand("analogy",
                           "Accuracy on a questions-words file (gensim's counting). --restrict is "
                           "30000 by default, the most frequent words word2vec.c's "
                           "compute-accuracy scores, as published analogy scores do");
  analogy->file.add_to(*analogy_command);
  analogy_command->add_option("--questions", analogy->questions, "questions-words file")
      ->required();
  add_restrict_option(*analogy_command, analogy->options.restrict_to);
  add_method_option(*analogy_command, analogy->options.method);
  analogy_command->add_flag("--case-sensitive", analogy->case_sensitive,
                            "Match words exactly (default: ignore case)");
  analogy_command->callback([analogy] {
    const std::vector<AnalogySection> sections = read_analogy_questions(analogy->questions);
    const VectorIndex index = load_index(analogy->file);
    AnalogyEvalOptions options = analogy->options;
    options.case_insensitive = !analogy->case_sensitive;
    std::cout << format_analogy_report(evaluate_analogies(index, sections, options));
  });

  struct SimilarityEval {
    VectorFileOptions file;
    std::string pairs;
    int64_t restrict_to = 0;
    bool case_sensitive = false;
  };
  auto similarity = std::make_shared<SimilarityEval>();
  CLI::App* similarity_command =
      eval->add_subcommand("similarity", "Spearman correlation with human similarity scores");
  similarity->file.add_to(*similarity_command);
  similarity_command->add_option("--pairs", similarity->pairs, "'word1 word2 score' file")
      ->required();
  add_restrict_option(*similarity_command, similarity->restrict_to);
  similarity_command->add_flag("--case-sensitive", similarity->case_sensitive,
                               "Match words exactly (default: ignore case)");
  similarity_command->callback([similarity] {
    const std::vector<SimilarityPair> pairs = read_similarity_pairs(similarity->pairs);
    const VectorIndex index = load_index(similarity->file);
    std::cout << format_similarity_report(evaluate_similarity(
        index, pairs, similarity->pairs, similarity->restrict_to, !similarity->case_sensitive));
  });
}

void add_repl_command(CLI::App& app) {
  auto state = std::make_shared<QueryCommand>();
  CLI::App* command = app.add_subcommand(
      "repl",
      "Interactive queries: one word -> neighbours, three words -> analogy, two or four or more "
      "-> neighbours of their mean (gensim's most_similar(positive=...)), EXIT quits");
  state->file.add_to(*command);
  add_k_option(*command, state->query.k);
  add_method_option(*command, state->query.method);
  add_restrict_option(*command, state->query.restrict_to);
  command->callback([state] {
    state->file.refuse_standard_input("repl");
    const bool interactive = isatty(STDIN_FILENO) == 1;
    const VectorIndex index = load_index(state->file);
    if (interactive) {
      std::cout << index.size() << " words, " << index.dim()
                << " dimensions. One word: neighbours; three words a b c: a : b :: c : ?; two, "
                   "or four or more: neighbours of their mean (gensim's "
                   "most_similar(positive=[...])); EXIT quits.\n";
    }
    run_repl(index, std::cin, std::cout, std::cerr, interactive, state->query);
    // std::cin reads through stdio, which takes a read error (stdin a directory) for the end.
    if (std::ferror(stdin)) throw std::runtime_error("standard input: cannot read");
  });
}

void add_convert_command(CLI::App& app) {
  struct Convert {
    VectorFileOptions file;
    std::string out;
    VectorFormat to = VectorFormat::Auto;  // not a format to write: --output-format is required
  };
  auto state = std::make_shared<Convert>();
  CLI::App* command = app.add_subcommand("convert", "Convert between vector file formats");
  state->file.add_to(*command);
  command->add_option("--output", state->out, "Output file (written atomically)")->required();
  add_format_option(*command, "--output-format", state->to, "Output format",
                    FormatChoices::WriteWordVectors);
  command->footer(kWriteStopSignalsHelp);
  command->callback([state] {
    // From the start through the write (INT even where a script's background job has it
    // ignored): a signal ends the command before the write, or once the write is done.
    const StopSignals signals;
    refuse_shared_files({{"--vectors", state->file.path}}, {{"--output", state->out}});
    const OutputLocks locks = prepare_outputs({state->out});
    const LoadedVectors loaded = state->file.load(std::cerr);
    stop_before_writing(state->file);
    write_vectors(state->out, loaded.vectors, state->to, state->file.threads);
    std::ostream& messages = message_stream({state->out});
    messages << "wrote " << loaded.vectors.size() << " words x " << loaded.vectors.dim << " dims ("
             << vector_format_name(loaded.report.format) << " -> " << vector_format_name(state->to)
             << ") to " << shown_on(messages, state->out) << "\n";
    end_if_signalled(signals, "the conversion", state->out);
  });
}

void add_info_command(CLI::App& app) {
  auto file = std::make_shared<VectorFileOptions>();
  CLI::App* command = app.add_subcommand("info", "Format, size and norms of a vector file");
  file->add_to(*command);
  command->callback([file] {
    const LoadedVectors loaded = file->load(std::cerr);
    const WordVectors& v = loaded.vectors;
    double min_norm = INFINITY, max_norm = 0, sum_norm = 0;
    for (int64_t i = 0; i < v.size(); ++i) {
      double squares = 0;
      for (int64_t d = 0; d < v.dim; ++d) squares += static_cast<double>(v.row(i)[d]) * v.row(i)[d];
      const double norm = std::sqrt(squares);
      min_norm = std::min(min_norm, norm), max_norm = std::max(max_norm, norm);
      sum_norm += norm;
    }
    if (v.size() == 0) min_norm = 0;
    char line[160];
    std::cout << "file: " << printable_on_terminal(file->path) << "\n"
              << "format: " << vector_format_name(loaded.report.format) << "\n"
              << "words: " << v.size() << "\n"
              << "dims: " << v.dim << "\n";
    if (v.subwords != nullptr) std::cout << "subwords: " << describe_ngrams(*v.subwords) << "\n";
    std::snprintf(line, sizeof line, "norm: min %.4f, mean %.4f, max %.4f\n", min_norm,
                  v.size() > 0 ? sum_norm / static_cast<double>(v.size()) : 0.0, max_norm);
    std::cout << line;
    std::snprintf(line, sizeof line, "load: %.3f s, %.1f MB, %.1f MB/s\n", loaded.seconds,
                  loaded.file_bytes / 1e6,
                  loaded.seconds > 0 ? loaded.file_bytes / 1e6 / loaded.seconds : 0.0);
    std::cout << line;
  });
}

void add_plot_command(CLI::App& app) {
  struct Plot {
    VectorFileOptions file;
    std::vector<std::string> words;
    int64_t top = 0;
    std::string out, title;
  };
  auto state = std::make_shared<Plot>();
  CLI::App* command =
      app.add_subcommand("plot", "2-D PCA picture (SVG) of some words' unit vectors");
  state->file.add_to(*command);
  CLI::Option* words = command->add_option("--words", state->words, "Words to plot");
  CLI::Option* top = command->add_option("--top", state->top, "Plot the first N words")
                         ->check(integer_in<int64_t>(2, 5000));
  words->excludes(top);
  command->add_option("--output", state->out, "SVG file (written atomically)")->required();
  command->add_option("--title", state->title, "Title (default: what is plotted)");
  command->footer(kWriteStopSignalsHelp);
  command->callback([state, words, top] {
    if (words->count() == 0 && top->count() == 0) {
      throw std::invalid_argument("plot: give --words W... or --top N");
    }
    const StopSignals signals;  // as convert's
    refuse_shared_files({{"--vectors", state->file.path}}, {{"--output", state->out}});
    const OutputLocks locks = prepare_outputs({state->out});
    VectorFileOptions file = state->file;
    if (state->top > 0 && (file.limit == 0 || file.limit > state->top)) file.limit = state->top;
    const VectorIndex index = load_index(file);
    stop_before_writing(file);
    std::vector<int64_t> rows;
    if (state->top > 0) {
      for (int64_t i = 0; i < std::min(state->top, index.size()); ++i) rows.push_back(i);
    } else {
      for (const std::string& word : state->words) rows.push_back(index.index_of(word));
    }
    if (rows.size() < 2) {
      throw std::invalid_argument("plot: need at least 2 words, got " +
                                  std::to_string(rows.size()));
    }
    // (n, dim) unit rows: the picture shows the cosine geometry every other command uses.
    std::vector<float> points;
    std::vector<std::string> labels;
    for (const int64_t row : rows) {
      points.insert(points.end(), index.unit_row(row), index.unit_row(row) + index.dim());
      labels.push_back(index.word(row));
    }
    const PrincipalPlane plane =
        principal_plane(points, static_cast<int64_t>(rows.size()), index.dim());
    const std::string title = state->title.empty() ? "PCA of " + std::to_string(rows.size()) +
                                                         " word vectors from " + state->file.path
                                                   : state->title;
    pca_scatter_plot(labels, plane, title).save(state->out);
    std::ostream& messages = message_stream({state->out});
    messages << "wrote " << shown_on(messages, state->out) << " (" << rows.size() << " words)\n";
    end_if_signalled(signals, "the plot", state->out);
  });
}

}  // namespace

void add_vector_commands(CLI::App& app) {
  add_nearest_command(app);
  add_analogy_command(app);
  add_eval_commands(app);
  add_repl_command(app);
  add_convert_command(app);
  add_info_command(app);
  add_plot_command(app);
  add_print_vectors_command(app);
}

}  // namespace gv::tools
