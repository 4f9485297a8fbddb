// write_fasttext_bin: fastText's layout (fasttext_layout.h), written straight from the caller's
// matrices after everything that would make fastText or our reader refuse the file is checked.
#include <cstring>
#include <ostream>
#include <stdexcept>

#include "io/atomic_file.h"
#include "io/count_limit.h"
#include "io/finite_values.h"
#include "io/printable.h"
#include "autograd/require.h"
#include "tools/vectors/fasttext_layout.h"
#include "tools/vectors/vector_source.h"

namespace gv {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::invalid_argument("write_fasttext_bin: " + printable(path) + ": " + what);
}

void check_args(const std::string& path, const FastTextArgs& args) {
  if (args.dim < 1 || args.dim > kMaxDim) {  // what the reader takes
    fail(path,
         "dim must be in 1.." + std::to_string(kMaxDim) + ", got " + std::to_string(args.dim));
  }
  if (args.minn < 0 || args.maxn < 0) {
    fail(path, "minn and maxn must be >= 0, got " + std::to_string(args.minn) + " and " +
                   std::to_string(args.maxn));
  }
  if (args.bucket < 0 || (args.maxn > 0 && args.bucket == 0)) {
    fail(path,
         "bucket must be >= 1 when maxn > 0 (>= 0 otherwise), got " + std::to_string(args.bucket));
  }
  if (args.loss < fasttext::kLossHs || args.loss > fasttext::kLossOneVsAll) {
    fail(path,
         "loss " + std::to_string(args.loss) + " is none of hs (1), ns (2), softmax (3), ova (4)");
  }
  if (args.model < fasttext::kModelCbow || args.model > fasttext::kModelSupervised) {
    fail(path,
         "model " + std::to_string(args.model) + " is none of cbow (1), skipgram (2), sup (3)");
  }
}

// The number of words: the entries before the first label.
int64_t check_entries(const std::string& path, std::span<const FastTextEntry> entries) {
  if (entries.size() > static_cast<size_t>(INT32_MAX)) {
    fail(path, std::to_string(entries.size()) + " entries; a dictionary holds at most 2^31 - 1");
  }
  int64_t words = 0;
  int64_t total = 0;  // the counts so far: the reader's bound (count_limit.h)
  for (size_t i = 0; i < entries.size(); ++i) {
    const FastTextEntry& entry = entries[i];
    const std::string where = "entry " + std::to_string(i) + " (" + quoted(entry.word) + ")";
    // fastText's reader splits words at whitespace and NUL; a NUL also ends the word on disk.
    if (const std::string why = word_problem(entry.word, /*blanks_in_words=*/false); !why.empty()) {
      fail(path, where + " " + why);
    }
    if (!count_fits(entry.count, total)) {
      fail(path,
           where + " count " + must_be(count_requirement(total), std::to_string(entry.count)));
    }
    total += entry.count;
    if (entry.type != kFastTextWord && entry.type != kFastTextLabel) {
      fail(path,
           where + " has type " + std::to_string(entry.type) + ", neither word (0) nor label (1)");
    }
    if (entry.type == kFastTextWord && words != static_cast<int64_t>(i)) {
      fail(path, where + " is a word after a label: words come first");
    }
    if (entry.type == kFastTextWord) ++words;
  }
  return words;
}

void check_matrix(const std::string& path, const char* name, MatrixView matrix, int64_t rows,
                  int64_t cols, const std::string& expected) {
  if (matrix.rows != rows || matrix.cols != cols) {
    fail(path, std::string(name) + " is (" + std::to_string(matrix.rows) + ", " +
                   std::to_string(matrix.cols) + "), expected " + expected + " = (" +
                   std::to_string(rows) + ", " + std::to_string(cols) + ")");
  }
  if (matrix.stride != 0 && matrix.stride < cols) {
    fail(path, std::string(name) + " rows are " + std::to_string(matrix.stride) +
                   " floats apart, fewer than its " + std::to_string(cols) + " columns");
  }
  if (rows * cols > 0 && matrix.data == nullptr) fail(path, std::string(name) + " has no data");
  for (int64_t i = 0; i < rows; ++i) {
    if (const std::string problem = non_finite_problem(matrix.row(i), cols); !problem.empty())
      fail(path, std::string(name) + " row " + std::to_string(i) + ": " + problem);
  }
}

template <class T>
void put(std::ostream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

void put_matrix(std::ostream& out, MatrixView matrix) {
  put<uint8_t>(out, 0);  // not quantized
  put<int64_t>(out, matrix.rows);
  put<int64_t>(out, matrix.cols);
  if (matrix.stride == 0 || matrix.stride == matrix.cols) {
    out.write(reinterpret_cast<const char*>(matrix.data),
              static_cast<std::streamsize>(matrix.rows * matrix.cols * sizeof(float)));
    return;
  }
  for (int64_t i = 0; i < matrix.rows; ++i) {
    out.write(reinterpret_cast<const char*>(matrix.row(i)),
              static_cast<std::streamsize>(matrix.cols * sizeof(float)));
  }
}

}  // namespace

bool has_fasttext_magic(std::string_view bytes) {
  int32_t magic = 0;
  if (bytes.size() < sizeof magic) return false;
  std::memcpy(&magic, bytes.data(), sizeof magic);
  return magic == fasttext::kMagic;
}

void write_fasttext_bin(const std::string& path, const FastTextArgs& args,
                        std::span<const FastTextEntry> entries, int64_t ntokens, MatrixView input,
                        MatrixView output) {
  check_args(path, args);
  const int64_t words = check_entries(path, entries);
  const int64_t labels = static_cast<int64_t>(entries.size()) - words;
  if (ntokens < 0) fail(path, "ntokens must be >= 0, got " + std::to_string(ntokens));
  check_matrix(path, "input", input, words + args.bucket, args.dim, "(words + bucket, dim)");
  const bool supervised = args.model == fasttext::kModelSupervised;
  check_matrix(path, "output", output, supervised ? labels : words, args.dim,
               supervised ? "(labels, dim)" : "(words, dim)");

  write_file_atomically(path, [&](std::ostream& out) {
    put(out, fasttext::kMagic);
    put(out, fasttext::kVersion);
    for (const auto field : fasttext::kArgsInOrder) put(out, args.*field);
    put(out, args.t);
    put(out, static_cast<int32_t>(entries.size()));
    put(out, static_cast<int32_t>(words));
    put(out, static_cast<int32_t>(labels));
    put(out, ntokens);
    put(out, fasttext::kNotPruned);
    for (const FastTextEntry& entry : entries) {
      out.write(entry.word.data(), static_cast<std::streamsize>(entry.word.size()) + 1);  // + NUL
      put(out, entry.count);
      put(out, entry.type);
    }
    put_matrix(out, input);
    put_matrix(out, output);
  });
}

}  // namespace gv
