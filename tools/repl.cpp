#include "tools/repl.h"

#include <algorithm>
#include <cstdio>
#include <exception>

#include "io/printable.h"
#include "tools/vectors/case_variants.h"
#include "tools/vectors/text_file.h"

namespace gv::tools {

void print_neighbors(std::ostream& out, const std::vector<Neighbor>& neighbors) {
  char score[32];
  for (const Neighbor& n : neighbors) {
    std::snprintf(score, sizeof score, "%.6f", static_cast<double>(n.score));
    out << printable_on_terminal(n.word) << '\t' << score << '\n';
  }
}

std::string marked_word(const VectorIndex& index, const std::string& word) {
  const std::string shown = printable_on_terminal(word);
  return index.from_subwords(word) ? shown + " (from subwords)" : shown;
}

namespace {

// "a : b :: c : ?" for an analogy, else the words: the query as read, each word built from
// n-grams marked. Empty when every word is in the vocabulary, so those answers stay as they are.
std::string query_header(const VectorIndex& index, const std::vector<std::string>& words) {
  if (std::none_of(words.begin(), words.end(),
                   [&](const std::string& word) { return index.from_subwords(word); })) {
    return "";
  }
  if (words.size() == 3) {
    return marked_word(index, words[0]) + " : " + marked_word(index, words[1]) +
           " :: " + marked_word(index, words[2]) + " : ?";
  }
  std::string header;
  for (const std::string& word : words) {
    if (!header.empty()) header += ' ';
    header += marked_word(index, word);
  }
  return header;
}

}  // namespace

std::vector<std::string> resolve_query_words(const VectorIndex& index,
                                             const std::vector<std::string>& words,
                                             std::ostream& notes) {
  std::vector<QueryWord> resolved;
  // Every word refused is named, in one error: one run shows all a query lacks. One alone is
  // thrown as it was (an unknown word as UnknownWordError, which a caller may explain further).
  std::vector<std::exception_ptr> refused;
  std::string messages;
  for (const std::string& word : words) {
    resolved.push_back(index.resolve(word));
    try {
      index.require_vector(resolved.back().word);
    } catch (const QueryError& e) {
      refused.push_back(std::current_exception());
      messages += (messages.empty() ? "" : "; ") + std::string(e.what());
    }
  }
  if (refused.size() == 1) std::rethrow_exception(refused[0]);
  if (!refused.empty()) throw QueryError(messages);
  std::vector<std::string> used;
  for (size_t i = 0; i < words.size(); ++i) {
    if (!resolved[i].substitutes.empty()) {
      notes << "gradvec: note: " << case_substitution_note(words[i], resolved[i].substitutes)
            << '\n';
    }
    used.push_back(std::move(resolved[i].word));
  }
  return used;
}

void answer_query(const VectorIndex& index, const std::vector<std::string>& asked,
                  const QueryOptions& options, std::ostream& out, std::ostream& notes) {
  const std::vector<std::string> words = resolve_query_words(index, asked, notes);
  // The whole answer before any of it is printed: a query refused half way prints nothing.
  const std::vector<Neighbor> answer =
      words.size() == 3 ? index.analogy(words[0], words[1], words[2], options.k, options.method,
                                        options.restrict_to)
                        : index.most_similar(words, {}, options.k, options.restrict_to);
  if (const std::string header = query_header(index, words); !header.empty()) {
    out << header << '\n';
  }
  print_neighbors(out, answer);
}

void run_repl(const VectorIndex& index, std::istream& in, std::ostream& out, std::ostream& notes,
              bool prompt, const QueryOptions& options) {
  LineReader reader(in, "standard input");
  std::string line;
  while (true) {
    if (prompt) out << "> " << std::flush;
    if (!reader.next(line)) {
      if (prompt) out << '\n';  // leave the terminal on a fresh line after Ctrl-D
      break;
    }
    const std::vector<std::string_view> fields = split_fields(line);
    if (fields.empty()) continue;
    if (fields.size() == 1 && fields[0] == "EXIT") break;
    try {
      answer_query(index, std::vector<std::string>(fields.begin(), fields.end()), options, out,
                   notes);
    } catch (const QueryError& e) {
      out << printable_on_terminal(e.what()) << '\n';
    }
    out << '\n' << std::flush;  // a blank line ends each answer
  }
}

}  // namespace gv::tools
