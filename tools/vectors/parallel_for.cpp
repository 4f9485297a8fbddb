#include "tools/vectors/parallel_for.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "autograd/machine.h"

namespace gv::tools {

int resolve_threads(int threads) {
  return threads > 0 ? threads : cores();
}

void parallel_for(int64_t n, int threads, int64_t min_chunk,
                  const std::function<void(int64_t begin, int64_t end)>& body) {
  if (n <= 0) return;
  const int64_t most_chunks = std::max<int64_t>(1, n / std::max<int64_t>(1, min_chunk));
  const int64_t chunks = std::min<int64_t>(resolve_threads(threads), most_chunks);
  if (chunks == 1) {
    body(0, n);
    return;
  }
  std::exception_ptr first_error;
  std::mutex error_mutex;
  std::vector<std::thread> workers = start_threads(static_cast<int>(chunks), [&](int c) {
    try {
      body(n * c / chunks, n * (c + 1) / chunks);
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!first_error) first_error = std::current_exception();
    }
  });
  for (std::thread& worker : workers) worker.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace gv::tools
