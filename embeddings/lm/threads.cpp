#include "embeddings/lm/threads.h"

#include <exception>
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

}  // namespace gv
