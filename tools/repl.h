// The interactive loop of `gradvec repl`, like word2vec's `distance` and `word-analogy`
// in one: load the vectors once, then answer one query per input line.
//   king            -> the k nearest neighbours of "king"
//   man king woman  -> the analogy man : king :: woman : ?
//   any other count -> the neighbours of the words' mean (as `distance` does)
//   EXIT, or end of input -> quit
// A word the vocabulary lacks as typed but has in another ASCII case is looked up in that case
// ("KING" -> "king", VectorIndex::resolve), and a note says so on the notes stream.
// A query the vectors cannot answer (QueryError: an unknown word, with spelling suggestions,
// or a zero vector) prints its message and the loop goes on. With a fastText model a word
// outside the vocabulary is built from its n-grams, and the answer is headed by the query
// with that word marked, e.g. "xyzzy (from subwords)".
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "tools/vectors/vector_index.h"

namespace gv::tools {

struct QueryOptions {
  int64_t k = 10;
  AnalogyMethod method = AnalogyMethod::Add;
  int64_t restrict_to = 0;  // 0: whole vocabulary
};

// "word<TAB>score" per line, best first, scores with 6 decimals.
void print_neighbors(std::ostream& out, const std::vector<Neighbor>& neighbors);

// `word`, followed by " (from subwords)" when its vector is built from its n-grams.
std::string marked_word(const VectorIndex& index, const std::string& word);

// The words a query looks up for `words` (VectorIndex::resolve), each checked to have a
// vector (require_vector: throws QueryError naming every word that has none, or the one
// UnknownWordError when one word is unknown). Only when all have one is each substitution said
// on `notes`, as "gradvec: note: KING: using king".
std::vector<std::string> resolve_query_words(const VectorIndex& index,
                                             const std::vector<std::string>& words,
                                             std::ostream& notes);

// Answers one query (the words of one line, see above) onto `out`; three words print as
// analogy does. Throws QueryError (printing nothing) for a word that has no vector or a
// query without direction.
void answer_query(const VectorIndex& index, const std::vector<std::string>& words,
                  const QueryOptions& options, std::ostream& out, std::ostream& notes);

// Reads queries from `in`, standard input, until EXIT or end of input. `prompt`: print "> "
// before each read (only when a person is typing, i.e. stdin is a terminal). Throws
// std::runtime_error "standard input:N: ..." for a line over kMaxWordLineBytes
// (io/line_reader.h) and on a read error: such input is no queries.
void run_repl(const VectorIndex& index, std::istream& in, std::ostream& out, std::ostream& notes,
              bool prompt, const QueryOptions& options);

}  // namespace gv::tools
