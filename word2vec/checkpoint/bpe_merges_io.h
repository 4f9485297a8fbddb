// A BPE tokenizer inside a tensor file (autograd/tensor_io.h): its merges, so that a checkpoint
// of a run over BPE tokens reads its corpus again with no BPE file beside it.
//
//   count M, then M × (int32 left, int32 right)    merge k makes token 256 + k (bpe_tokens.h)
#pragma once

#include <memory>

#include "autograd/tensor_io.h"
#include "text/bpe/bpe_words.h"

namespace gv {

void write_bpe_merges(TensorWriter& w, const BpeWords& words);

// Checks M against its bound and the rest of the file before allocating, and the merges as a
// BPE file's are checked (BpeTokens); fails the file (TensorReader::fail) otherwise.
std::shared_ptr<const BpeWords> read_bpe_merges(TensorReader& r);

}  // namespace gv
