#include "autograd/machine.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <unistd.h>

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <thread>
#include <vector>

namespace gv {

void run_on_threads(int threads, const std::function<void(int)>& work) {
  std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
  const auto guarded = [&](int index) {
    try {
      work(index);
    } catch (...) {
      errors[static_cast<size_t>(index)] = std::current_exception();
    }
  };
  std::vector<std::thread> others;
  for (int index = 1; index < threads; ++index) others.emplace_back(guarded, index);
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

double physical_memory_bytes() {
  const double memory = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
  return memory > 0 ? memory : 0.0;
}

std::string gigabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  return text;
}

void require_memory(double bytes, const std::string& what, const std::string& advice) {
  const double memory = physical_memory_bytes();
  if (memory <= 0 || bytes <= memory) return;
  throw std::invalid_argument(what + " " + gigabytes(bytes) + " but this machine has " +
                              gigabytes(memory) + "; " + advice);
}

}  // namespace gv
