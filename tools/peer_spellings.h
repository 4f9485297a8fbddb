// Options as word2vec.c, fastText and gensim spell them, answered with gradvec's, the whole
// command line at once: a line copied from another tool's usage gets one answer naming every
// foreign option and the line in gradvec's spelling, ready to copy:
//   word2vec.c's spellings: -train is --corpus, -size is --dim and -hs 1 -negative 0 is --loss hs.
//   In gradvec's spelling: gradvec train --corpus text8 --dim 200 --loss hs
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace gv::tools {

// Whether `typed` (an option as typed, without "=VALUE") is a peer's spelling of an option
// `command` has, or of one gradvec has no counterpart for (word2vec.c's -classes), and not a
// name of `command`'s own. Every peer option takes a value.
bool is_peer_spelling(const CLI::App& command, std::string_view typed);

// The answer to the command line `args` (argv after the program), whose words at `peers` are
// the peer spellings is_peer_spelling found, in order: each one with gradvec's option (and value,
// for a peer option whose values differ: word2vec.c's "-cbow 1" is "--model cbow"), then the
// whole line with each replaced, its values carried over. Combinations are answered whole:
// "-hs 1 -negative 0" (or gensim's "--hs 1 --negative 0") is "--loss hs", as gradvec's
// hierarchical softmax draws no negatives; fastText's n-gram options bring --subwords.
std::string answer_peer_spellings(const std::vector<std::string>& args,
                                  const std::vector<size_t>& peers);

}  // namespace gv::tools
