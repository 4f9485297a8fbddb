#include "tools/vectors/parallel_for.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "autograd/machine.h"

namespace gv::tools {

namespace {

// Chunks per thread: enough that a late thread's share is taken by the others in small
// pieces, few enough that taking one (an atomic increment) is nothing next to its work.
constexpr int64_t kChunksPerThread = 8;

}  // namespace

int resolve_threads(int threads) {
  return threads > 0 ? threads : cores();
}

void parallel_for(int64_t n, int threads, int64_t min_chunk,
                  const std::function<void(int64_t begin, int64_t end)>& body) {
  if (n <= 0) return;
  const int64_t most_chunks = std::max<int64_t>(1, n / std::max<int64_t>(1, min_chunk));
  const int64_t workers = std::min<int64_t>(resolve_threads(threads), most_chunks);
  if (workers == 1) {
    body(0, n);
    return;
  }
  // Several chunks a thread, each taken by whichever thread is free: on a busy machine a thread
  // may start late or be paused, and the others do its share meanwhile, where with one chunk a
  // thread the whole call would wait for it.
  const int64_t chunks = std::min(most_chunks, workers * kChunksPerThread);
  std::atomic<int64_t> next{0};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  const auto take_chunks = [&] {
    try {
      for (int64_t c = next++; c < chunks; c = next++) body(n * c / chunks, n * (c + 1) / chunks);
    } catch (...) {
      next = chunks;  // the others take no more
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!first_error) first_error = std::current_exception();
    }
  };
  // The calling thread takes chunks too: it is running already, where a thread started for the
  // work must first be scheduled.
  std::vector<std::thread> started =
      start_threads(static_cast<int>(workers - 1), [&](int) { take_chunks(); });
  take_chunks();
  for (std::thread& thread : started) thread.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace gv::tools
