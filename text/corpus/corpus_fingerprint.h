// The fingerprint (io/fingerprint.h) of a corpus of one file or several.
#pragma once

#include "io/fingerprint.h"
#include "text/corpus/corpus.h"

namespace gv {

// Reads all of `corpus`. One file's hash is XXH64 of its bytes; several files' is XXH64 of each
// file's (bytes, hash) in order, so that the same bytes cut into files elsewhere, or the files in
// another order, fingerprint differently: their sentences differ. Throws std::runtime_error
// naming a path that is not a readable regular file or cannot be read to its end.
CorpusFingerprint fingerprint_corpus(const Corpus& corpus);

}  // namespace gv
