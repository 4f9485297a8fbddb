// Telling GloVe, word2vec text, word2vec binary and fastText model files apart by their first
// bytes.
#pragma once

#include <optional>
#include <string_view>

#include "tools/vectors/vector_io.h"

namespace gv {

// The format of a non-empty file, by the rules in vector_io.h; a leading UTF-8 byte order mark
// is skipped, as the readers skip it.
VectorFormat detect_vector_format(std::string_view bytes);

// The same for the first bytes of a stream: nullopt while more bytes could change the answer
// (the first line or the first record is not all there yet). Every answer it gives is the one
// the whole file gets.
std::optional<VectorFormat> detect_vector_format_of_prefix(std::string_view bytes);

// The format `head`, a file's first bytes, shows beyond doubt, for naming a vector file given
// where text is wanted: a fastText .bin's magic number; a good "V d" header line (d >= 2)
// followed by a record of d values, text or binary; or two GloVe lines, each a word and the same
// number (2 or more) of values. nullopt for anything else: detect_vector_format calls any text
// GloVe.
std::optional<VectorFormat> unmistakable_vector_format(std::string_view head);

// Whether a file GloVe's reader refused is plain text: its first line holds two fields or more
// and ends in one that is not a number, as a sentence does and no vector record can.
bool looks_like_plain_text(std::string_view bytes);

}  // namespace gv
