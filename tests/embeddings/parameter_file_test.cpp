#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "embeddings/input_embedding.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/parameter_file.h"
#include "tests/scratch_dir.h"

namespace fs = std::filesystem;
using gv::Embedding;
using gv::InputEmbedding;
using gv::LearnedPositionalEmbedding;
using gv::Tensor;
using gv::Var;

namespace {

using gv::testing::ScratchDir;

InputEmbedding make_module(uint64_t seed, int64_t vocab = 6, int64_t dim = 3) {
  gv::Rng rng(seed);
  Embedding tokens(vocab, dim, rng);
  return InputEmbedding(std::move(tokens),
                        std::make_unique<LearnedPositionalEmbedding>(4, dim, rng));
}

std::vector<char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A copy of every parameter value, to show a failed load changed nothing.
std::vector<Tensor> snapshot(const InputEmbedding& module) {
  std::vector<Tensor> values;
  for (const Var& p : module.parameters()) values.push_back(p.value());
  return values;
}

void check_unchanged(const InputEmbedding& module, const std::vector<Tensor>& before) {
  const std::vector<Var> params = module.parameters();
  for (size_t i = 0; i < params.size(); ++i) {
    for (int64_t e = 0; e < before[i].numel(); ++e) CHECK(params[i].value()[e] == before[i][e]);
  }
}

}  // namespace

TEST_CASE("Parameters saved and loaded come back bit for bit", "[params]") {
  const ScratchDir dir("roundtrip");
  const std::string path = dir.file("model.gvp");
  const InputEmbedding saved = make_module(1);
  gv::save_parameters(saved.parameters(), path);

  // Header: magic, version 1, count 2, two (ndim, dims) records; then the floats.
  const std::vector<char> bytes = read_bytes(path);
  const size_t header = 8 + 4 + 4 + 2 * (4 + 2 * 8);
  CHECK(bytes.size() == header + (6 * 3 + 4 * 3) * sizeof(float));
  CHECK(std::string(bytes.data(), 8) == "GVPARAMS");
  // Written atomically: nothing but the file itself is left in the directory.
  CHECK(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()) == 1);

  const InputEmbedding loaded = make_module(2);
  CHECK(loaded.parameters()[0].value()[0] != saved.parameters()[0].value()[0]);
  gv::load_parameters(loaded.parameters(), path);
  check_unchanged(loaded, snapshot(saved));
}

TEST_CASE("Loading a wrong or damaged file names it and changes nothing", "[params][errors]") {
  const ScratchDir dir("errors");
  const std::string good = dir.file("good.gvp");
  gv::save_parameters(make_module(1).parameters(), good);
  const std::vector<char> bytes = read_bytes(good);
  const InputEmbedding module = make_module(2);
  const std::vector<Tensor> before = snapshot(module);
  const std::string bad = dir.file("bad.gvp");

  SECTION("missing file") {
    CHECK_THROWS_WITH(gv::load_parameters(module.parameters(), dir.file("absent.gvp")),
                      Catch::Contains("absent.gvp"));
  }
  SECTION("wrong magic") {
    std::vector<char> corrupt = bytes;
    corrupt[0] = 'X';
    write_bytes(bad, corrupt);
    CHECK_THROWS_WITH(gv::load_parameters(module.parameters(), bad),
                      Catch::Contains(bad) && Catch::Contains("bad magic"));
  }
  SECTION("wrong version") {
    std::vector<char> corrupt = bytes;
    const uint32_t version = 7;
    std::memcpy(corrupt.data() + 8, &version, sizeof version);
    write_bytes(bad, corrupt);
    CHECK_THROWS_WITH(gv::load_parameters(module.parameters(), bad),
                      Catch::Contains(bad) && Catch::Contains("unsupported version 7"));
  }
  SECTION("another number of tensors") {
    gv::Rng rng(3);
    const Embedding lone(6, 3, rng);
    CHECK_THROWS_WITH(
        gv::load_parameters(lone.parameters(), good),
        Catch::Contains(good) && Catch::Contains("holds 2 tensors") && Catch::Contains("has 1"));
  }
  SECTION("a shape differing from the module's") {
    const InputEmbedding wider = make_module(3, 6, 5);
    CHECK_THROWS_WITH(gv::load_parameters(wider.parameters(), good),
                      Catch::Contains(good) && Catch::Contains("shape (6, 3)") &&
                          Catch::Contains("expects (6, 5)"));
  }
  SECTION("a corrupt dimension count") {
    std::vector<char> corrupt = bytes;
    const uint32_t ndim = 0xFFFFFFFFu;
    std::memcpy(corrupt.data() + 16, &ndim, sizeof ndim);
    write_bytes(bad, corrupt);
    CHECK_THROWS_WITH(gv::load_parameters(module.parameters(), bad),
                      Catch::Contains(bad) && Catch::Contains("4294967295 dims"));
  }
  SECTION("truncated anywhere") {
    // Every proper prefix: inside the magic, the counts, the shapes and the data.
    for (size_t size = 0; size < bytes.size(); size += 5) {
      write_bytes(bad, std::vector<char>(bytes.begin(), bytes.begin() + size));
      INFO("kept " << size << " of " << bytes.size() << " bytes");
      CHECK_THROWS_WITH(gv::load_parameters(module.parameters(), bad),
                        Catch::Contains(bad) && Catch::Contains("truncated"));
    }
  }
  SECTION("a NaN in a tensor's values") {
    // The last float of the file: the last row of the last tensor.
    std::vector<char> corrupt = bytes;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::memcpy(corrupt.data() + corrupt.size() - sizeof nan, &nan, sizeof nan);
    write_bytes(bad, corrupt);
    const Tensor& last = module.parameters().back().value();  // the positions, (context, 3)
    REQUIRE(last.shape().size() == 2);
    CHECK_THROWS_WITH(gv::load_parameters(module.parameters(), bad),
                      Catch::Contains(bad) &&
                          Catch::Contains("(tensor 1 row " + std::to_string(last.shape()[0] - 1) +
                                          ": value 3 is NaN or infinite)"));
  }
  SECTION("trailing bytes") {
    std::vector<char> longer = bytes;
    longer.push_back('!');
    write_bytes(bad, longer);
    CHECK_THROWS_WITH(gv::load_parameters(module.parameters(), bad),
                      Catch::Contains(bad) && Catch::Contains("trailing"));
  }
  check_unchanged(module, before);
}

TEST_CASE("Saving into a missing directory names the file", "[params][errors]") {
  const ScratchDir dir("unwritable");
  const std::string path = dir.file("no/such/dir/model.gvp");
  CHECK_THROWS_WITH(gv::save_parameters(make_module(1).parameters(), path), Catch::Contains(path));
}
