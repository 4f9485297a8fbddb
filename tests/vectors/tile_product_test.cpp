#include <catch2/catch.hpp>

#include "autograd/rng.h"
#include "tools/vectors/tile_product.h"

using gv::tools::kQueryPanel;
using gv::tools::kVocabPanel;

TEST_CASE("packing regroups rows dimension-major and pads the last panel with zeros") {
  // rows (3, 2) = {{1, 2}, {3, 4}, {5, 6}} in panels of width 2: panel 0 holds rows 0 and 1
  // as {1, 3, 2, 4}; panel 1 holds row 2 and a zero row as {5, 0, 6, 0}.
  const std::vector<float> rows{1, 2, 3, 4, 5, 6};
  CHECK(gv::tools::pack_panels(rows.data(), 3, 2, 2) == std::vector<float>{1, 3, 2, 4, 5, 0, 6, 0});
}

TEST_CASE("the panel kernel equals the naive triple loop") {
  for (const int64_t dim : {1, 7, 300}) {
    gv::Rng rng(static_cast<uint64_t>(dim));
    std::vector<float> queries(kQueryPanel * dim), vocab(kVocabPanel * dim);  // row-major
    for (float& v : queries) v = rng.uniform() - 0.5f;
    for (float& v : vocab) v = rng.uniform() - 0.5f;
    const std::vector<float> packed_q =
        gv::tools::pack_panels(queries.data(), kQueryPanel, dim, kQueryPanel);
    const std::vector<float> packed_v =
        gv::tools::pack_panels(vocab.data(), kVocabPanel, dim, kVocabPanel);
    std::vector<float> tile(kQueryPanel * kVocabPanel);
    gv::tools::multiply_panels(packed_q.data(), packed_v.data(), dim, tile.data());
    for (int64_t i = 0; i < kQueryPanel; ++i) {
      for (int64_t j = 0; j < kVocabPanel; ++j) {
        double expected = 0;
        for (int64_t d = 0; d < dim; ++d)
          expected += double{queries[i * dim + d]} * vocab[j * dim + d];
        CHECK(tile[i * kVocabPanel + j] == Approx(expected).margin(1e-5));
      }
    }
  }
}
