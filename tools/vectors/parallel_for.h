// parallel_for: split [0, n) into contiguous chunks and run them on a few std::threads.
//
// The query tools scan whole vocabularies (a matrix-vector or matrix-matrix product); one
// call here per scan is cheap next to the scan itself, so there is no persistent pool.
#pragma once

#include <cstdint>
#include <functional>

namespace gv::tools {

// `threads <= 0` means cores() (autograd/machine.h). Chunks are contiguous and at
// least `min_chunk` long, so small ranges run inline on the calling thread; there are a few
// per thread, each run by whichever thread (the calling one among them) is free. `body(begin,
// end)` must be safe to run concurrently on disjoint ranges. The first exception thrown by a
// chunk stops the chunks not yet begun, and is rethrown on the calling thread after every
// thread has joined.
void parallel_for(int64_t n, int threads, int64_t min_chunk,
                  const std::function<void(int64_t begin, int64_t end)>& body);

// `threads`, or cores() when `threads <= 0`.
int resolve_threads(int threads);

}  // namespace gv::tools
