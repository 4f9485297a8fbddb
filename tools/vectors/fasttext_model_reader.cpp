// Reading a fastText .bin (fasttext_layout.h) front to back. A model comes from anywhere, so
// every count is checked against the bytes left before it sizes anything, and every field
// against the others: a short or lying file is one line naming what is wrong, never a read
// past the end or a terabyte allocation.
#include <algorithm>
#include <cstring>

#include "autograd/require.h"
#include "io/count_limit.h"
#include "io/finite_values.h"

#include "tools/vectors/fasttext_layout.h"
#include "tools/vectors/parallel_for.h"
#include "tools/vectors/vector_source.h"
#include "tools/vectors/word_vectors_builder.h"

namespace gv {

namespace {

// Takes fields off the front of the file, each checked against what is left.
class ByteCursor {
 public:
  explicit ByteCursor(const VectorSource& source) : source_(source) {}

  uint64_t left() const { return source_.bytes.size() - offset_; }

  template <class T>
  T take(std::string_view what) {
    T value;
    std::memcpy(&value, skip(sizeof value, what), sizeof value);
    return value;
  }

  // The next `bytes` bytes, which must all be there.
  const char* skip(uint64_t bytes, std::string_view what) {
    if (bytes > left()) {
      throw TruncatedVectorFile(source_.error("truncated: " + std::string(what) + " needs " +
                                              std::to_string(bytes) + " bytes at offset " +
                                              std::to_string(offset_) + ", the file ends at " +
                                              std::to_string(source_.bytes.size())));
    }
    const char* start = source_.bytes.data() + offset_;
    offset_ += bytes;
    return start;
  }

  // Entry `index`'s word: the bytes up to its NUL, which must come before the end, and which
  // fastText's writer (and ours) can have written: no blanks, no line breaks.
  std::string_view take_word(int64_t index) {
    const std::string_view rest = source_.bytes.substr(offset_);
    const size_t nul = rest.find('\0');
    if (std::min(nul, rest.size()) > kMaxLineBytes) {
      throw source_.error_at_word(index, rest, word_too_long("NUL byte"));
    }
    if (nul == std::string_view::npos) {
      throw TruncatedVectorFile(
          source_.error_at_word(index, rest, "truncated: no NUL byte ends the word"));
    }
    const std::string_view word = rest.substr(0, nul);
    if (const std::string why = word_problem(word, /*blanks_in_words=*/false); !why.empty()) {
      throw source_.error_at_word(index, word, "the word " + why);
    }
    offset_ += nul + 1;
    return word;
  }

 private:
  const VectorSource& source_;
  uint64_t offset_ = 0;
};

VectorFileError quantized(const VectorSource& source) {
  return source.error("quantized fastText models (.ftz) are not supported");
}

void read_args(ByteCursor& in, const VectorSource& source, FastTextModel& model) {
  const int32_t magic = in.take<int32_t>("the magic number");
  if (magic != fasttext::kMagic) {
    throw source.error("not a fastText model: it does not start with the magic number " +
                       std::to_string(fasttext::kMagic));
  }
  model.version = in.take<int32_t>("the version");
  if (model.version < fasttext::kOldestVersion || model.version > fasttext::kVersion) {
    throw source.error("fastText model version " + std::to_string(model.version) +
                       " is not supported (only 11 and 12 are)");
  }
  FastTextArgs& args = model.args;
  for (const auto field : fasttext::kArgsInOrder) args.*field = in.take<int32_t>("the arguments");
  args.t = in.take<double>("the arguments");
  const auto bad = [&](const std::string& what) { return source.error("arguments: " + what); };
  if (args.dim < 1 || args.dim > kMaxDim) {
    throw bad("dim " + std::to_string(args.dim) + " is not in 1.." + std::to_string(kMaxDim));
  }
  if (args.loss < fasttext::kLossHs || args.loss > fasttext::kLossOneVsAll) {
    throw bad("loss " + std::to_string(args.loss) + " is none of hs, ns, softmax, ova (1-4)");
  }
  if (args.model < fasttext::kModelCbow || args.model > fasttext::kModelSupervised) {
    throw bad("model " + std::to_string(args.model) + " is none of cbow, skipgram, sup (1-3)");
  }
  if (args.minn < 0 || args.maxn < 0) {
    throw bad("n-gram lengths minn " + std::to_string(args.minn) + " and maxn " +
              std::to_string(args.maxn) + " must be >= 0");
  }
  // Before version 12, supervised models had no n-grams whatever maxn said.
  if (model.version == 11 && args.model == fasttext::kModelSupervised) args.maxn = 0;
  if (args.bucket < 0 || (args.maxn > 0 && args.bucket == 0)) {
    throw bad("bucket " + std::to_string(args.bucket) + " leaves the n-grams (maxn " +
              std::to_string(args.maxn) + ") no rows");
  }
}

void read_dictionary(ByteCursor& in, const VectorSource& source, FastTextModel& model) {
  const auto size = in.take<int32_t>("the dictionary's size");
  const auto words = in.take<int32_t>("the dictionary's word count");
  const auto labels = in.take<int32_t>("the dictionary's label count");
  model.ntokens = in.take<int64_t>("the dictionary's token count");
  const auto pruned_pairs = in.take<int64_t>("the dictionary's pruned-index size");
  if (words < 0 || labels < 0 || int64_t{words} + labels != size) {
    throw source.error("dictionary: " + std::to_string(words) + " words and " +
                       std::to_string(labels) + " labels do not make its " + std::to_string(size) +
                       " entries");
  }
  if (model.ntokens < 0) {
    throw source.error("dictionary: negative token count " + std::to_string(model.ntokens));
  }
  if (pruned_pairs != fasttext::kNotPruned) {
    if (pruned_pairs >= 0) throw quantized(source);  // only quantizing prunes
    throw source.error("dictionary: pruned-index size " + std::to_string(pruned_pairs) +
                       " is neither -1 nor a pair count");
  }
  // Checked before anything is sized by it; a stream's prefix, whose size is not the file's,
  // sizes only what its bytes can hold and grows as entries arrive.
  const uint64_t entries_that_fit = in.left() / fasttext::kMinEntryBytes;
  if (source.complete && static_cast<uint64_t>(size) > entries_that_fit) {
    throw source.error("truncated: the dictionary's " + std::to_string(size) + " entries need " +
                       "at least " + std::to_string(fasttext::kMinEntryBytes) + " bytes each, " +
                       std::to_string(in.left()) + " bytes are left");
  }
  model.words = words;
  model.entries.reserve(std::min(static_cast<uint64_t>(size), entries_that_fit));
  int64_t total = 0;  // the counts so far, within the bound of every file's (count_limit.h)
  for (int64_t i = 0; i < size; ++i) {
    FastTextEntry& entry = model.entries.emplace_back();
    entry.word = in.take_word(i);
    entry.count = in.take<int64_t>("a word's count");
    entry.type = in.take<int8_t>("a word's type");
    if (!count_fits(entry.count, total)) {
      throw source.error_at_word(
          i, entry.word, "count " + must_be(count_requirement(total), std::to_string(entry.count)));
    }
    total += entry.count;
    if (entry.type != kFastTextWord && entry.type != kFastTextLabel) {
      throw source.error_at_word(
          i, entry.word,
          "type byte " + std::to_string(entry.type) + " is neither word (0) nor label (1)");
    }
    if ((entry.type == kFastTextWord) != (i < words)) {
      throw source.error_at_word(i, entry.word,
                                 "type " + std::to_string(entry.type) + ", but the first " +
                                     std::to_string(words) + " entries are words, the rest labels");
    }
  }
}

// A matrix's header and the position of its rows x cols floats; `rows` is what the model
// says it must have.
const char* read_matrix(ByteCursor& in, const VectorSource& source, const std::string& name,
                        int64_t rows, const std::string& rows_meaning, int64_t cols) {
  const auto flag = in.take<uint8_t>(name + " matrix's quantization flag");
  if (flag == 1) throw quantized(source);
  if (flag != 0) {
    throw source.error(name + " matrix: quantization flag " + std::to_string(flag) +
                       " is neither 0 nor 1");
  }
  const auto m = in.take<int64_t>(name + " matrix's row count");
  const auto n = in.take<int64_t>(name + " matrix's column count");
  if (n != cols) {
    throw source.error(name + " matrix: " + std::to_string(n) + " columns, but dim is " +
                       std::to_string(cols));
  }
  if (m != rows) {
    throw source.error(name + " matrix: " + std::to_string(m) + " rows, expected " + rows_meaning +
                       " = " + std::to_string(rows));
  }
  // rows * cols * 4 can pass 2^64 in a lying file: divide instead.
  if (static_cast<uint64_t>(m) > in.left() / sizeof(float) / static_cast<uint64_t>(n)) {
    throw TruncatedVectorFile(source.error(
        "truncated: the " + name + " matrix's " + std::to_string(m) + " x " + std::to_string(n) +
        " floats need more than the " + std::to_string(in.left()) + " bytes left"));
  }
  return in.skip(static_cast<uint64_t>(m * n) * sizeof(float), name + " matrix");
}

FastTextModel parse_fasttext_model(const VectorSource& source) {
  ByteCursor in(source);
  FastTextModel model;
  read_args(in, source, model);
  read_dictionary(in, source, model);
  const FastTextArgs& args = model.args;
  const char* input =
      read_matrix(in, source, "input", model.words + args.bucket, "words + bucket", args.dim);
  const bool supervised = args.model == fasttext::kModelSupervised;
  model.output_rows =
      supervised ? static_cast<int64_t>(model.entries.size()) - model.words : model.words;
  model.input_matrix = input;
  model.output_matrix = read_matrix(in, source, "output", model.output_rows,
                                    supervised ? "labels" : "words", args.dim);
  if (in.left() > 0) {
    throw source.error(std::to_string(in.left()) + " bytes after the output matrix");
  }
  model.input = std::make_shared<const SubwordVectors>(
      source.file, input, model.words, args.dim, SubwordScheme{args.minn, args.maxn, args.bucket});
  return model;
}

// Words per thread when their vectors are computed: each reads about a dozen rows.
constexpr int64_t kMinWordsPerThread = 4096;

}  // namespace

FastTextModel read_fasttext_model(const std::string& path) {
  return parse_fasttext_model(
      load_vector_source(path, /*prefault=*/false, [](const VectorSource& prefix) {
        parse_fasttext_model(prefix);
        return false;
      }));
}

WordVectors read_fasttext_vectors(const VectorSource& source, const ReadOptions& options,
                                  ReadReport& report) {
  const FastTextModel model = parse_fasttext_model(source);
  if (!source.complete)
    return {};  // a stream's prefix is only checked: it is the whole model
                // only if no bytes follow, and then it is read once more
  const SubwordVectors& table = *model.input;
  const int64_t dim = table.dim();
  const int64_t wanted = options.limit > 0 ? std::min(options.limit, model.words) : model.words;
  WordVectorsBuilder builder(dim);
  // Batches of candidates until `wanted` are kept: duplicates and skipped rows leave room.
  for (int64_t next = 0; builder.size() < wanted && next < model.words;) {
    const int64_t count = std::min(wanted - builder.size(), model.words - next);
    const int64_t first_candidate = builder.size();
    float* rows = builder.make_room(count);  // (count, dim)
    tools::parallel_for(count, options.threads, kMinWordsPerThread,
                        [&](int64_t begin, int64_t end) {
                          std::vector<int64_t> ids;
                          for (int64_t i = begin; i < end; ++i) {
                            if (i % kRowsBetweenStopChecks == 0) source.throw_if_stopped();
                            ids.assign(1, next + i);
                            append_ngram_rows(model.entries[static_cast<size_t>(next + i)].word,
                                              table.scheme(), model.words, ids);
                            table.mean_of_rows(ids, rows + i * dim);
                          }
                        });
    for (int64_t i = 0; i < count; ++i) {
      const std::string& word = model.entries[static_cast<size_t>(next + i)].word;
      if (const std::string problem = non_finite_problem(builder.row(first_candidate + i), dim);
          !problem.empty()) {
        if (!options.skip_bad) throw source.error_at_word(next + i, word, problem);
        ++report.skipped_lines;
        continue;
      }
      builder.keep(word, first_candidate + i);
    }
    next += count;
  }
  report.duplicates += builder.duplicates();
  WordVectors vectors = std::move(builder).finish();
  vectors.subwords = model.input;
  return vectors;
}

}  // namespace gv
