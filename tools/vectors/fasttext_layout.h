// The byte layout of a fastText .bin (version 12; 11 differs only in how it is read), shared by
// its writer and its reader. Little-endian, no padding:
//
//   int32 magic, int32 version
//   args        12 x int32 in kArgsInOrder's order, then double t
//   dictionary  int32 size, int32 nwords, int32 nlabels, int64 ntokens, int64 pruneidx_size;
//               `size` entries of (word bytes, NUL, int64 count, int8 type), words first;
//               pruneidx_size pairs of int32 (only in pruned, i.e. quantized, models)
//   input       uint8 quantized, int64 rows (nwords + bucket), int64 cols (dim), rows x cols
//   float32 output      uint8 quantized, int64 rows (nwords, or nlabels when supervised), int64
//   cols,
//               rows x cols float32
#pragma once

#include <bit>
#include <cstdint>

#include "tools/vectors/fasttext_model.h"

namespace gv::fasttext {

static_assert(std::endian::native == std::endian::little, "fastText models are little-endian");

inline constexpr int32_t kMagic = 793712314;
inline constexpr int32_t kVersion = 12;        // what the writer writes
inline constexpr int32_t kOldestVersion = 11;  // what the reader still reads
inline constexpr int64_t kNotPruned = -1;      // pruneidx_size of an unpruned dictionary

inline constexpr int32_t FastTextArgs::*kArgsInOrder[] = {
    &FastTextArgs::dim,       &FastTextArgs::ws,    &FastTextArgs::epoch,
    &FastTextArgs::min_count, &FastTextArgs::neg,   &FastTextArgs::word_ngrams,
    &FastTextArgs::loss,      &FastTextArgs::model, &FastTextArgs::bucket,
    &FastTextArgs::minn,      &FastTextArgs::maxn,  &FastTextArgs::lr_update_rate,
};

// The smallest dictionary entry: a 1-byte word, its NUL, the count and the type.
inline constexpr int64_t kMinEntryBytes = 1 + 1 + sizeof(int64_t) + sizeof(int8_t);

}  // namespace gv::fasttext
