// fastText .bin models: write_fasttext_bin and the reader against vectors computed by hand
// (tiny_fasttext_model.h), against fastText's documented layout, against hostile files, and,
// when it is installed, against fastText itself.
#include "tools/vectors/fasttext_model.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

#include "io/count_limit.h"
#include "tests/file_bytes.h"
#include "tests/vectors/tiny_fasttext_model.h"
#include "tests/vectors/vector_test_support.h"

namespace gv::test {

namespace {

// Byte offsets in the tiny model's file, from fastText's layout: magic and version (8), 12
// int32 arguments and a double (56), the dictionary header (3 int32 + 2 int64 = 28), then the
// entries "the\0" + 9, "café\0" + 9, "</s>\0" + 9.
constexpr size_t kVersion = 4, kDim = 8, kModel = 36, kBucket = 40, kMaxn = 48;
constexpr size_t kSize = 64, kWords = 68, kLabels = 72, kPruned = 84, kEntries = 92;
constexpr size_t kCafeCount = kEntries + 13 + 6, kTheType = kEntries + 12;
constexpr size_t kInput = kEntries + 13 + 15 + 14;  // quantization flag, then rows and cols
constexpr size_t kOutput = kInput + 1 + 16 + 8 * 3 * 4;
constexpr size_t kFileSize = kOutput + 1 + 16 + 3 * 3 * 4;

using gv::testing::patched;
using gv::testing::read_at;

void check_vector(const float* actual, const std::vector<double>& expected) {
  for (size_t c = 0; c < expected.size(); ++c) {
    INFO("component " << c);
    CHECK(actual[c] == Approx(expected[c]).margin(1e-6));
  }
}

}  // namespace

TEST_CASE("write_fasttext_bin writes fastText's layout") {
  const ScratchDir dir("ft_layout");
  const TinyFastTextModel tiny;
  tiny.write(dir.file("m.bin"));
  const std::string bytes = read_file(dir.file("m.bin"));
  REQUIRE(bytes.size() == kFileSize);
  CHECK(read_at<int32_t>(bytes, 0) == 793712314);
  CHECK(read_at<int32_t>(bytes, kVersion) == 12);
  CHECK(read_at<int32_t>(bytes, kDim) == 3);
  CHECK(read_at<int32_t>(bytes, kBucket) == 5);
  CHECK(read_at<double>(bytes, kDim + 48) == 1e-4);
  CHECK(read_at<int32_t>(bytes, kSize) == 3);
  CHECK(read_at<int32_t>(bytes, kWords) == 3);
  CHECK(read_at<int32_t>(bytes, kLabels) == 0);
  CHECK(read_at<int64_t>(bytes, kLabels + 4) == 10);
  CHECK(read_at<int64_t>(bytes, kPruned) == -1);
  CHECK(bytes.substr(kEntries, 4) == std::string("the\0", 4));
  CHECK(read_at<int64_t>(bytes, kEntries + 4) == 5);
  CHECK(read_at<int64_t>(bytes, kCafeCount) == 3);
  CHECK(bytes[kInput] == 0);
  CHECK(read_at<int64_t>(bytes, kInput + 1) == 8);
  CHECK(read_at<int64_t>(bytes, kInput + 9) == 3);
  CHECK(read_at<float>(bytes, kInput + 17) == tiny.input[0]);
  CHECK(read_at<int64_t>(bytes, kOutput + 1) == 3);
}

TEST_CASE("rows stored wider than the model's dim are written as the same model") {
  // A trainer's rows are padded to whole cache lines: a (rows, 3) matrix whose rows lie 5 floats
  // apart, the extra floats not part of it (NaN here, which the writer would refuse).
  const ScratchDir dir("ft_stride");
  const TinyFastTextModel tiny;
  tiny.write(dir.file("plain.bin"));
  const auto padded = [](const std::vector<float>& values) {
    std::vector<float> wide;
    for (size_t i = 0; i < values.size(); i += 3) {
      wide.insert(wide.end(), values.begin() + static_cast<std::ptrdiff_t>(i),
                  values.begin() + static_cast<std::ptrdiff_t>(i + 3));
      wide.insert(wide.end(), 2, std::numeric_limits<float>::quiet_NaN());
    }
    return wide;
  };
  const std::vector<float> input = padded(tiny.input), output = padded(tiny.output);
  gv::write_fasttext_bin(dir.file("wide.bin"), tiny.args, tiny.entries, tiny.ntokens,
                         {input.data(), 8, 3, 5}, {output.data(), 3, 3, 5});
  CHECK(read_file(dir.file("wide.bin")) == read_file(dir.file("plain.bin")));
  CHECK_THROWS_WITH(
      gv::write_fasttext_bin(dir.file("bad.bin"), tiny.args, tiny.entries, tiny.ntokens,
                             {input.data(), 8, 3, 2}, {output.data(), 3, 3, 5}),
      Catch::Contains("rows are 2 floats apart, fewer than its 3 columns"));
}

TEST_CASE("a written model reads back: its dictionary, arguments, and fastText's vectors") {
  const ScratchDir dir("ft_round_trip");
  const TinyFastTextModel tiny;
  const std::string path = dir.file("m.bin");
  tiny.write(path);

  const gv::FastTextModel model = gv::read_fasttext_model(path);
  CHECK(model.version == 12);
  CHECK(model.words == 3);
  CHECK(model.ntokens == 10);
  CHECK(model.output_rows == 3);
  CHECK(model.args.dim == 3);
  CHECK(model.args.minn == 2);
  CHECK(model.args.maxn == 3);
  CHECK(model.args.bucket == 5);
  CHECK(model.args.epoch == 1);
  CHECK(model.args.loss == gv::fasttext::kLossNs);
  CHECK(model.args.model == gv::fasttext::kModelSkipgram);
  REQUIRE(model.entries.size() == tiny.entries.size());
  for (size_t i = 0; i < tiny.entries.size(); ++i) {
    CHECK(model.entries[i].word == tiny.entries[i].word);
    CHECK(model.entries[i].count == tiny.entries[i].count);
    CHECK(model.entries[i].type == gv::kFastTextWord);
  }

  ReadReport report;
  const WordVectors vectors = gv::read_vectors(path, {}, &report);
  CHECK(report.format == VectorFormat::FastTextBin);
  CHECK(vectors.words == std::vector<std::string>{"the", "caf\xc3\xa9", "</s>"});
  REQUIRE(vectors.dim == 3);
  for (int64_t w = 0; w < vectors.size(); ++w) {
    INFO(vectors.words[w]);
    check_vector(vectors.row(w), tiny.vector_of(vectors.words[w], w));
  }
  // "</s>" has no n-grams: its vector is its own row.
  check_vector(vectors.row(2), {tiny.input[6], tiny.input[7], tiny.input[8]});
}

TEST_CASE("a word outside the dictionary is the mean of its n-gram rows; without any, zeros") {
  const ScratchDir dir("ft_oov");
  const TinyFastTextModel tiny;
  tiny.write(dir.file("m.bin"));
  const WordVectors vectors = gv::read_vectors(dir.file("m.bin"));
  REQUIRE(vectors.subwords != nullptr);
  float out[3];
  for (const std::string word : {"xyz", "cafe"}) {
    INFO(word);
    CHECK(vectors.subwords->ngram_vector(word, out));
    check_vector(out, tiny.vector_of(word, -1));
  }
  CHECK_FALSE(vectors.subwords->ngram_vector("</s>", out));
  check_vector(out, {0, 0, 0});
}

TEST_CASE("a limit keeps the first words; the others are then built from their n-grams") {
  const ScratchDir dir("ft_limit");
  const TinyFastTextModel tiny;
  tiny.write(dir.file("m.bin"));
  const WordVectors vectors = gv::read_vectors(dir.file("m.bin"), {.limit = 1});
  CHECK(vectors.words == std::vector<std::string>{"the"});
  check_vector(vectors.row(0), tiny.vector_of("the", 0));
  float out[3];
  CHECK(vectors.subwords->ngram_vector("caf\xc3\xa9", out));
  check_vector(out, tiny.vector_of("caf\xc3\xa9", -1));
}

TEST_CASE("supervised models: labels are no words, and version 11 ones have no n-grams") {
  const ScratchDir dir("ft_supervised");
  TinyFastTextModel tiny;
  tiny.args.model = gv::fasttext::kModelSupervised;
  tiny.args.loss = gv::fasttext::kLossSoftmax;
  tiny.entries = {{"the", 5}, {"caf\xc3\xa9", 3}, {"__label__x", 4, gv::kFastTextLabel}};
  const std::vector<float> input = TinyFastTextModel::table(2 + 5, 3, 1.0);
  const std::vector<float> output = TinyFastTextModel::table(1, 3, 7.0);
  const std::string path = dir.file("v12.bin");
  gv::write_fasttext_bin(path, tiny.args, tiny.entries, 12, {input.data(), 7, 3},
                         {output.data(), 1, 3});
  const WordVectors v12 = gv::read_vectors(path);
  CHECK(v12.words == std::vector<std::string>{"the", "caf\xc3\xa9"});
  CHECK(gv::read_fasttext_model(path).output_rows == 1);

  const std::string v11 = dir.write("v11.bin", patched<int32_t>(read_file(path), kVersion, 11));
  const gv::FastTextModel old = gv::read_fasttext_model(v11);
  CHECK(old.args.maxn == 0);
  const WordVectors vectors = gv::read_vectors(v11);
  for (int64_t w = 0; w < 2; ++w) {
    check_vector(vectors.row(w), {input[w * 3], input[w * 3 + 1], input[w * 3 + 2]});
  }
  float out[3];
  CHECK_FALSE(vectors.subwords->ngram_vector("xyz", out));
}

TEST_CASE("write_fasttext_bin refuses what a model cannot hold before creating a file") {
  const ScratchDir dir("ft_write_errors");
  const std::string path = dir.file("m.bin");
  const auto refuses = [&](const TinyFastTextModel& tiny, gv::MatrixView input,
                           const std::string& what) {
    CHECK_THROWS_WITH(gv::write_fasttext_bin(path, tiny.args, tiny.entries, tiny.ntokens, input,
                                             tiny.output_view()),
                      Catch::Contains(what));
  };
  TinyFastTextModel tiny;
  refuses(tiny, {tiny.input.data(), 7, 3}, "input is (7, 3), expected (words + bucket, dim)");
  refuses(tiny, {tiny.input.data(), 8, 2}, "input is (8, 2)");
  tiny.entries[0].type = gv::kFastTextLabel;
  refuses(tiny, tiny.input_view(), "entry 1 (\"caf\xc3\xa9\") is a word after a label");
  tiny.entries[0] = {"a b", 1};
  refuses(tiny, tiny.input_view(), path + ": entry 0 (\"a b\") contains a space or tab");
  tiny.entries[0] = {"a\nb", 1};
  refuses(tiny, tiny.input_view(), "entry 0 (\"a\\x0ab\") contains the byte \\x0a");
  // Counts as the reader bounds them (io/count_limit.h): at least 1, and adding up to
  // at most 2^44, so that the file this writes always reads back.
  tiny.entries[0] = {"the", -1};
  refuses(tiny, tiny.input_view(), "entry 0 (\"the\") count must be in [1, 17592186044416]");
  tiny.entries[0] = {"the", 0};
  refuses(tiny, tiny.input_view(), "entry 0 (\"the\") count must be in [1, 17592186044416]");
  tiny.entries[0] = {"the", gv::kMaxTotalCount - 2};
  refuses(tiny, tiny.input_view(),
          "entry 1 (\"caf\xc3\xa9\") count must be in [1, 2] (counts add up to at most 2^44 "
          "tokens; those before it to 17592186044414), got 3");
  tiny = TinyFastTextModel();
  tiny.input[5] = NAN;
  refuses(tiny, tiny.input_view(), "input row 1: value 3 is NaN or infinite");
  tiny = TinyFastTextModel();
  tiny.args.bucket = 0;
  refuses(tiny, {tiny.input.data(), 3, 3}, "bucket must be >= 1 when maxn > 0");
  CHECK(dir.names().empty());
}

TEST_CASE("a model cut at any byte is a one-line error naming the file, never a crash") {
  const ScratchDir dir("ft_truncated");
  const TinyFastTextModel tiny;
  tiny.write(dir.file("m.bin"));
  const std::string bytes = read_file(dir.file("m.bin"));
  for (size_t size = 0; size < bytes.size(); ++size) {
    INFO("cut at " << size);
    const std::string path = dir.write("cut.bin", bytes.substr(0, size));
    for (const VectorFormat format : {VectorFormat::Auto, VectorFormat::FastTextBin}) {
      const std::string message = read_error(path, format);
      CHECK(message.rfind(path + ":", 0) == 0);  // "PATH: what", or "PATH:1: what" as text
      CHECK(message.find('\n') == std::string::npos);
    }
  }
  // One entry declared, and bytes enough for one, but no NUL before the end.
  const std::string one_entry =
      patched<int32_t>(patched<int32_t>(bytes, kSize, 1), kWords, 1).substr(0, kEntries);
  const std::string no_nul = dir.write("no_nul.bin", one_entry + std::string(12, 'a'));
  CHECK(read_error(no_nul) ==
        no_nul + ": word index 0 (\"aaaaaaaaaaaa\"): truncated: no NUL byte ends the word");
  const std::string cut_input = dir.write("cut_input.bin", bytes.substr(0, kInput + 30));
  CHECK(read_error(cut_input) == cut_input +
                                     ": truncated: the input matrix's 8 x 3 floats need more "
                                     "than the 13 bytes left");
}

TEST_CASE("a lying or inconsistent field has its own message") {
  const ScratchDir dir("ft_hostile");
  const TinyFastTextModel tiny;
  tiny.write(dir.file("m.bin"));
  const std::string bytes = read_file(dir.file("m.bin"));
  const auto error_with = [&](const std::string& file_bytes) {
    const std::string path = dir.write("bad.bin", file_bytes);
    const std::string message = read_error(path);
    CHECK(message.find('\n') == std::string::npos);
    return message.substr(path.size() + 2);  // after "PATH: "
  };
  CHECK(error_with(patched<int32_t>(bytes, kVersion, 13)) ==
        "fastText model version 13 is not supported (only 11 and 12 are)");
  CHECK(error_with(patched<int32_t>(bytes, kDim, 0)) == "arguments: dim 0 is not in 1..4194304");
  CHECK(error_with(patched<int32_t>(bytes, kDim, INT32_MAX)) ==
        "arguments: dim 2147483647 is not in 1..4194304");
  CHECK(error_with(patched<int32_t>(bytes, kModel, 9)) ==
        "arguments: model 9 is none of cbow, skipgram, sup (1-3)");
  CHECK(error_with(patched<int32_t>(bytes, kMaxn, -1)) ==
        "arguments: n-gram lengths minn 2 and maxn -1 must be >= 0");
  CHECK(error_with(patched<int32_t>(bytes, kBucket, 0)) ==
        "arguments: bucket 0 leaves the n-grams (maxn 3) no rows");
  const std::string huge =
      patched<int32_t>(patched<int32_t>(bytes, kSize, INT32_MAX), kLabels, INT32_MAX - 3);
  CHECK(error_with(huge) ==
        "truncated: the dictionary's 2147483647 entries need at least 11 bytes each, 208 bytes "
        "are left");
  CHECK(error_with(patched<int32_t>(bytes, kWords, 5)) ==
        "dictionary: 5 words and 0 labels do not make its 3 entries");
  CHECK(error_with(patched<int64_t>(bytes, kPruned, -2)) ==
        "dictionary: pruned-index size -2 is neither -1 nor a pair count");
  CHECK(error_with(patched<int64_t>(bytes, kCafeCount, -1)) ==
        "word index 1 (\"caf\xc3\xa9\"): count must be in [1, 17592186044411] (counts add up to "
        "at most 2^44 tokens; those before it to 5), got -1");
  // A count of 0 gave a continued run (train --init) a word without an id, whose row was then
  // copied before the table; one of 2^62 rounded every other word's share of the negatives to
  // 0, and the draw of a negative other than its centre never ended.
  CHECK(error_with(patched<int64_t>(bytes, kCafeCount, 0)) ==
        "word index 1 (\"caf\xc3\xa9\"): count must be in [1, 17592186044411] (counts add up to "
        "at most 2^44 tokens; those before it to 5), got 0");
  CHECK(error_with(patched<int64_t>(bytes, kCafeCount, int64_t{1} << 62)) ==
        "word index 1 (\"caf\xc3\xa9\"): count must be in [1, 17592186044411] (counts add up to "
        "at most 2^44 tokens; those before it to 5), got 4611686018427387904");
  CHECK(error_with(patched<int8_t>(bytes, kTheType, 7)) ==
        "word index 0 (\"the\"): type byte 7 is neither word (0) nor label (1)");
  CHECK(error_with(patched<int8_t>(bytes, kTheType, 1)) ==
        "word index 0 (\"the\"): type 1, but the first 3 entries are words, the rest labels");
  CHECK(error_with(patched<int64_t>(bytes, kInput + 9, 4)) ==
        "input matrix: 4 columns, but dim is 3");
  CHECK(error_with(patched<int64_t>(bytes, kInput + 1, 9)) ==
        "input matrix: 9 rows, expected words + bucket = 8");
  // A bucket count the file cannot back: rows * cols passes the bytes that follow.
  const std::string big_table =
      patched<int64_t>(patched<int32_t>(bytes, kBucket, 1'000'000), kInput + 1, 1'000'003);
  CHECK(error_with(big_table) ==
        "truncated: the input matrix's 1000003 x 3 floats need more than the 149 bytes left");
  CHECK(error_with(patched<int64_t>(bytes, kOutput + 1, 2)) ==
        "output matrix: 2 rows, expected words = 3");
  CHECK(error_with(bytes + "x") == "1 bytes after the output matrix");
  CHECK(error_with(patched<uint8_t>(bytes, kInput, 2)) ==
        "input matrix: quantization flag 2 is neither 0 nor 1");

  const std::string quantized = "quantized fastText models (.ftz) are not supported";
  CHECK(error_with(patched<uint8_t>(bytes, kInput, 1)) == quantized);
  CHECK(error_with(patched<uint8_t>(bytes, kOutput, 1)) == quantized);
  CHECK(error_with(patched<int64_t>(bytes, kPruned, 0)) == quantized);

  const std::string not_model = dir.write("glove.txt", "the 1 2 3\n");
  CHECK(read_error(not_model, VectorFormat::FastTextBin) ==
        not_model + ": not a fastText model: it does not start with the magic number 793712314");
}

TEST_CASE("fastText itself loads a written model and prints the same vectors") {
  if (std::system("command -v fasttext >/dev/null 2>&1") != 0) {
    // CI installs fastText (./setup.sh --interop): there, a missing one is a failure, never a pass
    // that checked nothing.
    const char* ci = std::getenv("CI");
    if (ci != nullptr && std::string(ci) == "true") FAIL("fasttext is missing, and CI installs it");
    WARN("SKIP: fasttext not installed, so it cannot check a written model");
    return;
  }
  const ScratchDir dir("ft_interop");
  const TinyFastTextModel tiny;
  tiny.write(dir.file("m.bin"));
  const std::vector<std::pair<std::string, int64_t>> words = {
      {"the", 0}, {"caf\xc3\xa9", 1}, {"</s>", 2}, {"xyz", -1}, {"cafe", -1}};
  std::string input;
  for (const auto& [word, id] : words) input += word + "\n";
  dir.write("words.txt", input);
  const std::string command = "fasttext print-word-vectors " + dir.file("m.bin") + " < " +
                              dir.file("words.txt") + " > " + dir.file("out.txt");
  REQUIRE(std::system(command.c_str()) == 0);
  std::istringstream printed(read_file(dir.file("out.txt")));
  for (const auto& [word, id] : words) {
    INFO(word);
    std::string printed_word;
    std::vector<float> values(3);
    REQUIRE(printed >> printed_word >> values[0] >> values[1] >> values[2]);
    CHECK(printed_word == word);
    const std::vector<double> expected = tiny.vector_of(word, id);
    for (size_t c = 0; c < 3; ++c) CHECK(values[c] == Approx(expected[c]).margin(1e-5));
  }
}

}  // namespace gv::test
