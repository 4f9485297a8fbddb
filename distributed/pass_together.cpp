#include "distributed/pass_together.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "io/input_pass_stop.h"

namespace gv {

namespace {

// While it lives, this rank's corpus passes stop at its own stop signal (the flag
// stop_input_passes_when was given) or at another rank's stop notice, which a thread looks for
// every few milliseconds (MPI is idle meanwhile: the calling thread only reads the corpus).
class PassStop {
 public:
  explicit PassStop(MpiJob& job) : job_(job), own_(input_pass_stop_flag()) {
    stop_input_passes_when(&any_);
    watcher_ = std::thread([this] {
      while (!done_.load()) {
        if ((own_ != nullptr && own_->load()) || job_.stop_notice_came()) any_ = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
  }
  ~PassStop() {
    done_ = true;
    watcher_.join();
    stop_input_passes_when(own_);
  }
  PassStop(const PassStop&) = delete;
  PassStop& operator=(const PassStop&) = delete;

 private:
  MpiJob& job_;
  const std::atomic<bool>* own_;
  std::atomic<bool> any_{false};
  std::atomic<bool> done_{false};
  std::thread watcher_;
};

// The first byte of what a rank sends in the exchange: whether its pass ended, and so whether
// the rest is what it returned or what it was doing when it stopped.
constexpr char kPassed = 'p', kStopped = 's';

}  // namespace

std::vector<std::string> pass_together(MpiJob& job, const std::function<std::string()>& pass) {
  std::string own;
  try {
    const PassStop stop(job);
    own = kPassed + pass();
  } catch (const InputPassStopped& e) {
    own = kStopped + std::string(e.what());
    job.send_stop_notices();
  }
  std::vector<std::string> ranks = job.all_gather(own);
  std::vector<bool> stopped;
  for (const std::string& rank : ranks) stopped.push_back(rank.front() == kStopped);
  const auto first = std::ranges::find(stopped, true);
  if (first != stopped.end()) {
    job.settle_stop_notices(stopped);
    throw InputPassStopped(ranks[static_cast<size_t>(first - stopped.begin())].substr(1));
  }
  for (std::string& rank : ranks) rank.erase(0, 1);
  return ranks;
}

}  // namespace gv
