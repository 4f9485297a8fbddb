#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "autograd/tensor_io.h"
#include "tests/scratch_dir.h"

using gv::FileFormat;
using gv::Shape;
using gv::Tensor;
using gv::TensorReader;
using gv::TensorWriter;

namespace {

constexpr FileFormat kFormat{"test file", "GVTESTIO", 3, "GVTEST01"};

// The bytes of a file of kFormat holding what `write` writes.
template <class Write>
std::string file_bytes(Write write) {
  std::ostringstream out;
  TensorWriter w(out, kFormat);
  write(w);
  return out.str();
}

// The header alone, then `n` as the next field: a forged size for the reader to refuse.
std::string header_then_u32(uint32_t n) {
  return file_bytes([&](TensorWriter& w) { w.pod(n); });
}

// One of each kind of field, read back below in the same order.
void write_sample(TensorWriter& w) {
  w.pod(int64_t{-7});
  w.pod(0.25);
  w.pod(uint8_t{1});
  w.string("héllo");
  w.string("");
  w.count(3);
  w.tensor(Tensor::from({2, 3}, {1, 2, 3, 4, 5, 6}));
  w.tensor(Tensor::scalar(-1.5f));
  w.tensor(Tensor({0, 4}));
}

// Every field of write_sample, read back without judging it: the truncation test needs the
// reads to throw, not Catch's checks to catch them.
struct Sample {
  int64_t a = 0;
  double b = 0;
  uint8_t c = 0;
  std::string d, e;
  int64_t f = 0;
  Tensor g, h, i;
};

Sample read_sample(TensorReader& r) {
  Sample s;
  s.a = r.pod<int64_t>("a");
  s.b = r.pod<double>("b");
  s.c = r.pod<uint8_t>("c");
  s.d = r.string("d");
  s.e = r.string("e");
  s.f = r.count("f", 1);
  s.g = r.tensor("g");
  s.h = r.tensor("h");
  s.i = r.tensor("i");
  r.finish();
  return s;
}

}  // namespace

TEST_CASE("Tensor files read back every field as written", "[tensor_io]") {
  const gv::testing::ScratchDir dir("tensor_io");
  const std::string bytes = file_bytes(write_sample);
  CHECK(bytes.substr(0, 8) == "GVTESTIO");
  uint32_t version = 0;
  std::memcpy(&version, bytes.data() + 8, sizeof version);
  CHECK(version == 3);
  TensorReader r(dir.write("sample.bin", bytes), kFormat);
  const Sample s = read_sample(r);
  CHECK(s.a == -7);
  CHECK(s.b == 0.25);
  CHECK(s.c == 1);
  CHECK(s.d == "héllo");
  CHECK(s.e.empty());
  CHECK(s.f == 3);
  REQUIRE(s.g.shape() == Shape{2, 3});
  for (int64_t i = 0; i < 6; ++i) CHECK(s.g[i] == static_cast<float>(i + 1));
  CHECK(s.h.shape().empty());
  CHECK(s.h.item() == -1.5f);
  CHECK(s.i.shape() == Shape{0, 4});
}

TEST_CASE("Tensor files refuse a NaN or an infinity, naming the field and the row",
          "[tensor_io][errors]") {
  const gv::testing::ScratchDir dir("tensor_io_non_finite");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  // Written as the writers would not: the reader is what keeps a run from starting on one.
  const auto refusal = [&](const auto& write, const auto& read) {
    const std::string path = dir.write("bad.bin", file_bytes(write));
    try {
      TensorReader r(path, kFormat);
      read(r);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const Tensor table = Tensor::from({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, -inf, 10, 11});
  CHECK(refusal([&](TensorWriter& w) { w.tensor(table); },
                [](TensorReader& r) { r.tensor("W_in"); }) ==
        dir.file("bad.bin") +
            ": not a valid gradvec test file (W_in row 2: value 2 is NaN or "
            "infinite)");
  // A vector is one row; raw floats are rows of the width given, or one row.
  const Tensor bias = Tensor::from({4}, {0, 1, nan, 3});
  CHECK_THAT(
      refusal([&](TensorWriter& w) { w.tensor(bias); }, [](TensorReader& r) { r.tensor("bias"); }),
      Catch::EndsWith("(bias: value 3 is NaN or infinite)"));
  CHECK_THAT(refusal([&](TensorWriter& w) { w.floats(table.data(), 12); },
                     [](TensorReader& r) {
                       float values[12];
                       r.floats(values, 12, "rows", 6);
                     }),
             Catch::EndsWith("(rows row 1: value 4 is NaN or infinite)"));
  CHECK_THAT(refusal([&](TensorWriter& w) { w.floats(table.data(), 12); },
                     [](TensorReader& r) {
                       Tensor into({3, 4});
                       r.floats(into, "known shape");
                     }),
             Catch::EndsWith("(known shape row 2: value 2 is NaN or infinite)"));
}

TEST_CASE("Tensor files that are cut short name the file and say so", "[tensor_io][errors]") {
  const gv::testing::ScratchDir dir("tensor_io_cut");
  const std::string bytes = file_bytes(write_sample);
  for (size_t keep = 0; keep < bytes.size(); ++keep) {
    INFO("kept " << keep << " of " << bytes.size() << " bytes");
    const std::string path = dir.write("cut.bin", bytes.substr(0, keep));
    CHECK_THROWS_WITH(
        [&] {
          TensorReader r(path, kFormat);
          read_sample(r);
        }(),
        Catch::Contains(path) && Catch::Contains("not a valid gradvec test file") &&
            Catch::Contains("truncated"));
  }
}

TEST_CASE("Foreign, old, new and overlong tensor files are refused", "[tensor_io][errors]") {
  const gv::testing::ScratchDir dir("tensor_io_header");
  const std::string good = file_bytes(write_sample);

  std::string foreign = good;
  foreign[0] = 'X';
  const std::string foreign_path = dir.write("foreign.bin", foreign);
  CHECK_THROWS_WITH(TensorReader(foreign_path, kFormat),
                    Catch::Contains(foreign_path) && Catch::Contains("bad magic"));

  std::string newer = good;
  const uint32_t version = 4;
  std::memcpy(newer.data() + 8, &version, sizeof version);
  CHECK_THROWS_WITH(TensorReader(dir.write("newer.bin", newer), kFormat),
                    Catch::Contains("newer.bin") && Catch::Contains("unsupported version 4") &&
                        Catch::Contains("test file version 3"));

  // Files from before the header had a version field are named as version 1.
  const std::string old = "GVTEST01" + good.substr(8);
  CHECK_THROWS_WITH(TensorReader(dir.write("old.bin", old), kFormat),
                    Catch::Contains("old.bin") && Catch::Contains("unsupported version 1") &&
                        Catch::Contains("version 3"));

  TensorReader longer(dir.write("longer.bin", good + "!"), kFormat);
  CHECK_THROWS_WITH(read_sample(longer), Catch::Contains("1 trailing bytes"));

  CHECK_THROWS_WITH(TensorReader(dir.file("absent.bin"), kFormat),
                    Catch::Equals(dir.file("absent.bin") + ": test file not found"));
}

TEST_CASE("Tensor files must be regular files, refused before they are opened",
          "[tensor_io][errors]") {
  const gv::testing::ScratchDir dir("tensor_io_kinds");
  // Opening a FIFO would wait for a writer, forever if none comes.
  const std::string fifo = dir.file("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(TensorReader(fifo, kFormat),
                    Catch::Equals(fifo + ": test file is a FIFO, not a regular file"));
  CHECK_THROWS_WITH(
      TensorReader("/dev/zero", kFormat),
      Catch::Equals("/dev/zero: test file is a character device, not a regular file"));
  CHECK_THROWS_WITH(TensorReader(dir.file(""), kFormat),
                    Catch::Equals(dir.file("") + ": test file is a directory, not a file"));
}

TEST_CASE("Tensor files with absurd sizes fail before allocating", "[tensor_io][errors]") {
  const gv::testing::ScratchDir dir("tensor_io_sizes");
  const uint32_t huge = std::numeric_limits<uint32_t>::max();
  // Each would ask for gigabytes (or an overflowing product) if the size were trusted.
  SECTION("count") {
    TensorReader r(dir.write("count.bin", header_then_u32(huge)), kFormat);
    CHECK_THROWS_WITH(r.count("rows", 8), Catch::Contains("count.bin") &&
                                              Catch::Contains("rows claims 4294967295 items"));
  }
  SECTION("string length") {
    TensorReader r(dir.write("string.bin", header_then_u32(huge)), kFormat);
    CHECK_THROWS_WITH(r.string("word"), Catch::Contains("word claims 4294967295 items"));
  }
  SECTION("rank") {
    TensorReader r(dir.write("rank.bin", header_then_u32(huge)), kFormat);
    CHECK_THROWS_WITH(r.tensor("table"), Catch::Contains("table claims 4294967295 dims"));
  }
  SECTION("dims") {
    const std::string bytes = file_bytes([](TensorWriter& w) {
      w.shape({int64_t{1} << 40, int64_t{1} << 40, 2});  // 2^81 elements
    });
    TensorReader r(dir.write("dims.bin", bytes), kFormat);
    CHECK_THROWS_WITH(r.tensor("table"), Catch::Contains("truncated or corrupt") &&
                                             Catch::Contains("(1099511627776, 1099511627776, 2)"));
  }
  SECTION("dims around a zero") {
    // No elements, but rows of 2^80 floats: the ops would overflow taking them.
    const std::string bytes = file_bytes([](TensorWriter& w) {
      w.shape({0, int64_t{1} << 40, int64_t{1} << 40});
    });
    TensorReader r(dir.write("zero.bin", bytes), kFormat);
    CHECK_THROWS_WITH(r.tensor("table"), Catch::Contains("zero.bin") &&
                                             Catch::Contains("(0, 1099511627776, 1099511627776) "
                                                             "has more elements than a tensor"));
  }
  SECTION("negative dim") {
    const std::string bytes = file_bytes([](TensorWriter& w) { w.shape({3, -1}); });
    TensorReader r(dir.write("negative.bin", bytes), kFormat);
    CHECK_THROWS_WITH(r.tensor("table"), Catch::Contains("(3, -1) has a negative dim"));
  }
  SECTION("floats") {
    TensorReader r(dir.write("floats.bin", header_then_u32(0)), kFormat);
    float value = 0;
    CHECK_THROWS_WITH(r.floats(&value, int64_t{1} << 62, "data"), Catch::Contains("truncated"));
  }
}

TEST_CASE("Tensor files refuse to write a count wider than 32 bits", "[tensor_io][errors]") {
  std::ostringstream out;
  TensorWriter w(out, kFormat);
  CHECK_THROWS_AS(w.count(int64_t{1} << 32), std::length_error);
  CHECK_THROWS_AS(w.count(-1), std::length_error);
}
