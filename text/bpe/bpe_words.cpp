#include "text/bpe/bpe_words.h"

#include <cstdio>
#include <sstream>

#include "io/fingerprint.h"
#include "text/bpe/bpe_file.h"
#include "text/bpe/readable_piece.h"

namespace gv {

BpeWords::BpeWords(bpe::BpeTokens vocabulary) : vocabulary_(std::move(vocabulary)) {
  pieces_.reserve(static_cast<size_t>(vocabulary_.size()));
  for (bpe::TokenId id = 0; id < vocabulary_.size(); ++id)
    pieces_.push_back(bpe::readable_piece(vocabulary_.bytes(id)));
  piece_set_.insert(pieces_.begin(), pieces_.end());
  std::ostringstream file;
  bpe::write_bpe(file, vocabulary_);
  fingerprint_ = fingerprint_bytes(file.view()).hash;
}

std::string BpeWords::name() const {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fingerprint_));
  return std::string("BPE merges ") + hex;
}

}  // namespace gv
