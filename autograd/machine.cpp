#include "autograd/machine.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <pthread.h>
#include <sys/mman.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "autograd/memory_limit.h"

namespace gv {

int cores() {
  return static_cast<int>(
      std::clamp(std::thread::hardware_concurrency(), 1u, static_cast<unsigned>(kMaxThreads)));
}

std::vector<std::thread> start_threads(int count, const std::function<void(int)>& body,
                                       const std::function<void()>& abandon) {
  std::vector<std::thread> threads;
  threads.reserve(static_cast<size_t>(count));
  // The threads start with INT, TERM and HUP blocked (a thread inherits its creator's mask), so
  // that the thread that started them takes every one: two signals sent to the process could
  // otherwise run their handlers on two threads at once, the later one's first, and the status
  // would not be the first signal's.
  sigset_t stop_signals, previous;
  sigemptyset(&stop_signals);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stop_signals, signal);
  pthread_sigmask(SIG_BLOCK, &stop_signals, &previous);
  try {
    for (int index = 0; index < count; ++index) threads.emplace_back(body, index);
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  } catch (const std::system_error& e) {
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    if (abandon) abandon();
    for (std::thread& thread : threads) thread.join();
    throw std::runtime_error("cannot start a thread (" + std::string(e.what()) +
                             "); lower --threads");
  }
  return threads;
}

void run_on_threads(int threads, const std::function<void(int)>& work) {
  std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
  const auto guarded = [&](int index) {
    try {
      work(index);
    } catch (...) {
      errors[static_cast<size_t>(index)] = std::current_exception();
    }
  };
  std::vector<std::thread> others = start_threads(threads - 1, [&](int k) { guarded(k + 1); });
  guarded(0);
  for (std::thread& thread : others) thread.join();
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest: larger tensors still get mappings
#endif
}

void return_freed_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

void advise_huge_pages(void* data, size_t bytes) {
  constexpr uintptr_t kHugePage = uintptr_t{1} << 21;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kHugePage - 1);
  if (begin < end) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

std::string gigabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  return text;
}

void require_memory(double bytes, const std::string& what, const std::string& advice) {
  const MemoryLimit limit = memory_limit();
  if (limit.bytes <= 0 || bytes <= limit.bytes) return;
  throw std::invalid_argument(what + " " + gigabytes(bytes) + " but " + limit.describe() + "; " +
                              advice);
}

}  // namespace gv
