// fastText's .bin model: writing one, and reading one as word vectors plus the n-gram rows that
// give a vector to any word. The byte layout lives in fasttext_layout.h.
//
// A word's vector (fastText's getWordVector) is the mean of input-matrix rows: a dictionary
// word w reads row w, then one row per character n-gram (embeddings/subword_rows.h); a word
// outside the dictionary reads its n-gram rows alone, and is all zeros if it has none.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tools/vectors/subword_vectors.h"
#include "tools/vectors/vector_io.h"

namespace gv {

// fastText's numbers for FastTextArgs::loss and ::model.
namespace fasttext {
inline constexpr int32_t kLossHs = 1, kLossNs = 2, kLossSoftmax = 3, kLossOneVsAll = 4;
inline constexpr int32_t kModelCbow = 1, kModelSkipgram = 2, kModelSupervised = 3;
}  // namespace fasttext

// The training arguments a model stores: fastText's dim, ws, epoch, minCount, neg, wordNgrams,
// loss, model, bucket, minn, maxn, lrUpdateRate and t. Defaults are its skipgram defaults.
struct FastTextArgs {
  int32_t dim = 100, ws = 5, epoch = 5, min_count = 5, neg = 5, word_ngrams = 1;
  int32_t loss = fasttext::kLossNs, model = fasttext::kModelSkipgram;
  int32_t bucket = 2'000'000, minn = 3, maxn = 6, lr_update_rate = 100;
  double t = 1e-4;  // subsampling threshold
};

inline constexpr int8_t kFastTextWord = 0, kFastTextLabel = 1;  // FastTextEntry::type

struct FastTextEntry {
  std::string word;
  int64_t count = 0;
  int8_t type = kFastTextWord;
};

// A row-major float32 matrix someone else owns, its rows `stride` floats apart (0: cols; a
// trainer's table rows are padded to whole cache lines, word2vec/trainer.h).
struct MatrixView {
  const float* data;
  int64_t rows, cols;
  int64_t stride = 0;
  const float* row(int64_t i) const { return data + i * (stride == 0 ? cols : stride); }
};

// Writes a .bin that fastText loads: `entries` are the dictionary, words first, then labels;
// `input` is (words + args.bucket, args.dim), word rows then n-gram bucket rows; `output` is
// (words, args.dim), or (labels, args.dim) for a supervised model. The matrices are written
// straight from their memory. The file is replaced atomically (write_file_atomically: "-",
// a device or a FIFO is written in place). Throws std::invalid_argument for arguments a
// model cannot hold or that disagree with each other (shapes, a label before a word, an
// empty word or one with whitespace or a NUL, a count under 1 or counts adding up past
// kMaxTotalCount (io/count_limit.h), a NaN or infinite value),
// before creating a file, and std::runtime_error when the file cannot be written.
void write_fasttext_bin(const std::string& path, const FastTextArgs& args,
                        std::span<const FastTextEntry> entries, int64_t ntokens, MatrixView input,
                        MatrixView output);

// A .bin as read: the matrices stay in the mapped file, the input one behind `input`.
struct FastTextModel {
  int32_t version = 0;
  FastTextArgs args;  // maxn is 0 for version-11 supervised models, as fastText reads them
  std::vector<FastTextEntry> entries;  // words first, then labels
  int64_t words = 0;
  int64_t ntokens = 0;
  int64_t output_rows = 0;
  std::shared_ptr<const SubwordVectors> input;  // (words + bucket, dim); keeps the file mapped
  // Both matrices' little-endian float32 rows where they lie in the file that `input` keeps
  // mapped: (words + bucket, dim) and (output_rows, dim), unaligned.
  const char* input_matrix = nullptr;
  const char* output_matrix = nullptr;
};

// Whether `bytes` start with fastText's magic number: how VectorFormat::Auto tells a model.
bool has_fasttext_magic(std::string_view bytes);

// Reads and checks a whole model. Every size is checked against the bytes left before anything
// is allocated by it. Throws VectorFileError "PATH: what" (one line) for a file that is not an
// unquantized fastText model of version 11 or 12, is truncated or contradicts itself.
FastTextModel read_fasttext_model(const std::string& path);

// The format table's reader (VectorFormat::FastTextBin): the dictionary's words in file order,
// each with fastText's vector for it, and `subwords` set for every other word. A limit keeps
// the first words; the rest then count as unknown words, built from their n-grams.
WordVectors read_fasttext_vectors(const VectorSource& source, const ReadOptions& options,
                                  ReadReport& report);

}  // namespace gv
