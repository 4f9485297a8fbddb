// Writing vector files: every format through the format table, exact round trips, the
// documented bytes, and what is refused before a file is touched.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/vector_formats.h"
#include "tools/vectors/vector_io.h"
#include "tools/vectors/vector_source.h"

namespace fs = std::filesystem;
using gv::ReadReport;
using gv::VectorFormat;
using gv::WordVectors;
using gv::test::bytes_of;
using gv::test::read_file;
using gv::test::same_bits;
using gv::test::ScratchDir;

TEST_CASE("the format table has one row per format, each with its own names", "[vector_io]") {
  std::set<std::string_view> flags, names;
  for (const gv::VectorFormatSpec& spec : gv::vector_formats()) {
    CHECK(&gv::vector_format_spec(spec.format) == &spec);
    CHECK(gv::vector_format_name(spec.format) == spec.name);
    flags.insert(spec.flag);
    names.insert(spec.name);
  }
  CHECK(flags.size() == gv::vector_formats().size());
  CHECK(names.size() == gv::vector_formats().size());
  CHECK(flags == std::set<std::string_view>{"glove", "w2v", "w2v-bin", "fasttext-bin"});
  CHECK(gv::vector_format_name(VectorFormat::Auto) == "auto");
  CHECK_THROWS_AS(gv::vector_format_spec(VectorFormat::Auto), std::invalid_argument);
}

TEST_CASE("every writer round-trips every float exactly", "[vector_io]") {
  const ScratchDir dir;
  WordVectors v;
  v.words = {"the", "caf\xc3\xa9", "</s>", "x"};
  v.dim = 3;
  v.values = {0.1f,
              -1.0f / 3.0f,
              1e-7f,
              std::numeric_limits<float>::max(),
              std::numeric_limits<float>::denorm_min(),
              -0.0f,
              16777217.0f,
              123456.789f,
              -std::numeric_limits<float>::min(),
              1.0f,
              0.0f,
              2.5e-12f};
  for (const gv::VectorFormatSpec& spec : gv::vector_formats()) {
    if (spec.append_row == nullptr) continue;  // fastText models: fasttext_model_test.cpp
    const VectorFormat format = spec.format;
    INFO(spec.name);
    const std::string path = dir.file("round_trip");
    gv::write_vectors(path, v, format);
    ReadReport report;
    const WordVectors back = gv::read_vectors(path, {}, &report);
    CHECK(report.format == format);
    CHECK(back.words == v.words);
    REQUIRE(back.dim == v.dim);
    REQUIRE(back.values.size() == v.values.size());
    for (size_t i = 0; i < v.values.size(); ++i) {
      INFO("value " << i);
      CHECK(same_bits(back.values[i], v.values[i]));
    }
  }
}

TEST_CASE("writers produce the documented bytes", "[vector_io]") {
  const ScratchDir dir;
  WordVectors v;
  v.words = {"a", "b"};
  v.dim = 2;
  v.values = {0.5f, -2.0f, 0.25f, 100.0f};
  const std::string path = dir.file("out");
  gv::write_vectors(path, v, VectorFormat::Glove);
  CHECK(read_file(path) == "a 0.5 -2\nb 0.25 100\n");
  gv::write_vectors(path, v, VectorFormat::Word2VecText);
  CHECK(read_file(path) == "2 2\na 0.5 -2\nb 0.25 100\n");
  gv::write_vectors(path, v, VectorFormat::Word2VecBinary);
  CHECK(read_file(path) ==
        "2 2\na " + bytes_of({0.5f, -2.0f}) + "\nb " + bytes_of({0.25f, 100.0f}) + "\n");
  CHECK(dir.names() == std::vector<std::string>{"out"});  // no temporary left behind
}

TEST_CASE("any number of threads writes the same bytes, in the words' order", "[vector_io]") {
  // 50,000 one-value rows are three stretches of rows a thread formats at once (about 512 KB of
  // text each): one thread takes three rounds, two take two (the second short), three (on a
  // machine with that many cores) one.
  const ScratchDir dir;
  WordVectors v;
  v.dim = 1;
  std::string expected = "50000 1\n";
  for (int i = 0; i < 50000; ++i) {
    v.words.emplace_back(1, 'w');
    v.words.back() += std::to_string(i);
    v.values.push_back(static_cast<float>(i) + 0.5f);  // exact, and printed as "<i>.5"
    expected += v.words.back() + " " + std::to_string(i) + ".5\n";
  }
  const std::string path = dir.file("out");
  for (const int threads : {1, 2, 3, 0}) {
    INFO(threads << " threads");
    gv::write_vectors(path, v, VectorFormat::Word2VecText, threads);
    CHECK(read_file(path) == expected);
  }
}

TEST_CASE("a view whose rows lie further apart than dim writes each row's first dim values",
          "[vector_io]") {
  // A trainer's rows are padded to whole cache lines; the padding is never written.
  const ScratchDir dir;
  const std::vector<std::string> words = {"a", "b"};
  const std::vector<float> values = {0.5f, -2.0f, 7.0f, 7.0f, 0.25f, 100.0f, 7.0f, 7.0f};
  const std::string path = dir.file("out");
  gv::write_vectors(path, gv::WordVectorsView(words, 2, values, 4), VectorFormat::Word2VecText);
  CHECK(read_file(path) == "2 2\na 0.5 -2\nb 0.25 100\n");
  gv::write_vectors(path, gv::WordVectorsView(words, 2, values, 4), VectorFormat::Word2VecBinary);
  CHECK(read_file(path) ==
        "2 2\na " + bytes_of({0.5f, -2.0f}) + "\nb " + bytes_of({0.25f, 100.0f}) + "\n");
  CHECK_THROWS_WITH(gv::write_vectors(path, gv::WordVectorsView(words, 2, {values.data(), 6}, 4),
                                      VectorFormat::Glove),
                    Catch::Contains("values holds 6 floats, expected 2 words x 4 (dim 2)"));
}

TEST_CASE("write_vectors rejects what no format can hold before creating a file",
          "[vector_io][errors]") {
  const ScratchDir dir;
  const std::string path = dir.file("out.txt");
  const auto rejects = [&](const WordVectors& v, VectorFormat format, const std::string& what) {
    CHECK_THROWS_AS(gv::write_vectors(path, v, format), std::invalid_argument);
    CHECK_THROWS_WITH(gv::write_vectors(path, v, format), Catch::Contains(what));
  };
  WordVectors v;
  v.words = {"a", "b c"};
  v.dim = 1;
  v.values = {1, 2};
  rejects(v, VectorFormat::Word2VecBinary,
          path +
              ": word index 1 (\"b c\") contains a space or tab, which ends a word in a binary "
              "file, so a word2vec binary file cannot hold it");
  v.words = {"b c", "a"};
  rejects(v, VectorFormat::Glove,
          path +
              ": word index 0 (\"b c\") holds a space or tab: the first line of a glove file "
              "gives the dimension");
  v.words = {"a", ""};
  rejects(v, VectorFormat::Word2VecBinary, "word index 1 (\"\") is empty");
  for (const std::string& word :
       {std::string("a\rb"), std::string("a\nb"), std::string("a\0b", 3), std::string(" a")}) {
    v.words = {"a", word};
    rejects(v, VectorFormat::Word2VecText, path + ": word index 1 (" + gv::quoted(word) + ")");
  }
  v.words = {"a", "b"};
  v.values = {1, NAN};
  rejects(v, VectorFormat::Word2VecText,
          path + ": word index 1 (\"b\"): value 1 is NaN or infinite");
  v.values = {1};
  rejects(v, VectorFormat::Glove, "values holds 1 floats, expected 2 words x 1");
  v.values = {1, 2};
  rejects(v, VectorFormat::Auto, "choose a format");
  rejects(v, VectorFormat::FastTextBin,
          "a fastText model holds n-gram rows and an output matrix besides word vectors, so only "
          "training makes one: `gradvec train --output-format fasttext-bin`");
  v.dim = 0;
  rejects(v, VectorFormat::Glove, "dimension must be >= 1");
  rejects(WordVectors{{}, 3, {}}, VectorFormat::Glove, "cannot hold zero words");
  CHECK(dir.names().empty());

  // An empty word2vec file is fine: its header carries the dimension.
  gv::write_vectors(path, WordVectors{{}, 3, {}}, VectorFormat::Word2VecText);
  const WordVectors back = gv::read_vectors(path);
  CHECK(back.size() == 0);
  CHECK(back.dim == 3);
}

TEST_CASE("a failed write leaves the old file and no temporary", "[vector_io][errors]") {
  const ScratchDir dir;
  WordVectors v;
  v.words = {"a"};
  v.dim = 1;
  v.values = {1};
  const std::string path = dir.file("out.txt");
  gv::write_vectors(path, v, VectorFormat::Glove);
  v.values = {2};
  gv::write_vectors(path, v, VectorFormat::Glove);  // replaces the old file
  CHECK(read_file(path) == "a 2\n");

  // Renaming onto a directory fails after the temporary is complete: it must be removed.
  const std::string directory = dir.file("a_directory");
  fs::create_directory(directory);
  CHECK_THROWS_WITH(gv::write_vectors(directory, v, VectorFormat::Glove),
                    Catch::Contains(directory));
  const std::string missing_dir = dir.file("no/such/dir/out.txt");
  CHECK_THROWS_WITH(gv::write_vectors(missing_dir, v, VectorFormat::Glove),
                    Catch::Contains(missing_dir));
  std::vector<std::string> names = dir.names();
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"a_directory", "out.txt"});
  CHECK(fs::is_empty(directory));
}
