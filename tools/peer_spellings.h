// Options as word2vec.c, fastText and gensim spell them, answered with gradvec's spelling:
// "-size is word2vec.c's spelling; gradvec's is --dim".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace gv::tools {

// The answer to `typed` (an option as typed, e.g. "-cbow") when it is a peer's spelling of an
// option `command` has; `value` is the argument after it, which picks the answer for a peer
// option that takes a number or a name (word2vec.c's "-cbow 1" is gradvec's "--model cbow").
std::optional<std::string> answer_peer_spelling(const CLI::App& command, std::string_view typed,
                                                std::string_view value);

}  // namespace gv::tools
