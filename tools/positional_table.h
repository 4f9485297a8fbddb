// The positional-encoding tables `gradvec pe` prints and the Python module returns
// (gradvec.positions): T rows of D numbers, row t what position t contributes — the sinusoidal
// encoding, a freshly initialised learned table, or RoPE's rotation of the all-ones vector.
#pragma once

#include <cstdint>
#include <string>

#include "autograd/tensor.h"

namespace gv::tools {

// pe prints its table as text for reading, plotting or pasting: 2^24 numbers are already about
// 150 MB of it, far past anything read, and keep the largest working set, RoPE's (the table,
// its cos and sin, and the products that rotate it: about eight tables), under a gigabyte.
// --len and --dim are each bounded by it, and so is the table they make.
inline constexpr int64_t kMaxPositionalNumbers = int64_t{1} << 24;

struct PositionalTableOptions {
  std::string kind;  // sinusoidal, learned or rope
  int64_t length = 0;
  int64_t dim = 0;
  bool interleaved = false;  // rope: pairs (2i, 2i+1) rather than (i, i + D/2)
  uint64_t seed = 1;         // learned
};

// Throws std::invalid_argument, naming pe's options (--interleaved, --dim, --len), for a table
// that cannot be made: a size below 1, an odd D where dimensions pair, more than
// kMaxPositionalNumbers numbers.
void check_positional_table(const PositionalTableOptions& options);

// (T, D), after check_positional_table.
Tensor positional_table(const PositionalTableOptions& options);

}  // namespace gv::tools
