#include "distributed/mpi_job.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>
#include <thread>

namespace gv {

namespace {

// MPI counts are ints: larger buffers go in pieces of this many elements.
constexpr int64_t kChunkElements = int64_t{1} << 28;

// The point-to-point messages of a roll call (give_up()), apart from the collectives' own.
constexpr int kRollCallTag = 4709;
constexpr int kHereTag = 4710;
// A stop notice (send_stop_notices).
constexpr int kStopNoticeTag = 4711;
// How long a rank that gave up waits for the answers to its roll call: a rank waiting in the
// collective answers within a poll, microseconds.
constexpr std::chrono::seconds kRollCallTime{1};

// Receives every empty message tagged `tag` that has come, calling `from` with its sender's rank.
template <class From>
void receive_each(int tag, From from) {
  for (;;) {
    int came = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &came, &status);
    if (came == 0) return;
    MPI_Recv(nullptr, 0, MPI_BYTE, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    from(status.MPI_SOURCE);
  }
}

// Answers each rank that asked whether this one is in the collective: it is.
void answer_roll_calls() {
  receive_each(kRollCallTag,
               [](int asker) { MPI_Send(nullptr, 0, MPI_BYTE, asker, kHereTag, MPI_COMM_WORLD); });
}

}  // namespace

MpiJob::MpiJob(int64_t wait_limit_seconds) : wait_limit_seconds_(wait_limit_seconds) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (provided < MPI_THREAD_SERIALIZED) {
    abort("this MPI library cannot be called from the training threads (MPI_THREAD_SERIALIZED)");
  }
}

MpiJob::~MpiJob() {
  // MPI_Finalize waits for every rank, with no limit: the others wait here for rank 0's last
  // write, with one.
  barrier();
  MPI_Finalize();
}

void MpiJob::abort(const std::string& reason) const {
  abort_with(2, reason);
}

void MpiJob::abort_with(int status, const std::string& reason) const {
  std::fprintf(stderr, "gradvec: rank %d: %s\n", rank_, reason.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);  // MPI_Abort does not return; this is for the compiler
}

void MpiJob::end_waits_at_stop(const std::atomic<bool>* stop, int (*stop_status)()) {
  stop_ = stop;
  stop_status_ = stop_status;
}

void MpiJob::send_stop_notices() {
  for (int r = 0; r < size_; ++r) {
    if (r == rank_) continue;
    notices_sent_.emplace_back();
    MPI_Isend(nullptr, 0, MPI_BYTE, r, kStopNoticeTag, MPI_COMM_WORLD, &notices_sent_.back());
  }
}

bool MpiJob::stop_notice_came() {
  notice_from_.resize(static_cast<size_t>(size_), false);
  receive_each(kStopNoticeTag,
               [&](int sender) { notice_from_[static_cast<size_t>(sender)] = true; });
  return std::ranges::find(notice_from_, true) != notice_from_.end();
}

void MpiJob::settle_stop_notices(const std::vector<bool>& stopped) {
  notice_from_.resize(static_cast<size_t>(size_), false);
  // Sent before the exchange that showed them stopped: each is there or on its way.
  for (int r = 0; r < size_; ++r) {
    if (r == rank_ || !stopped[static_cast<size_t>(r)] || notice_from_[static_cast<size_t>(r)])
      continue;
    MPI_Recv(nullptr, 0, MPI_BYTE, r, kStopNoticeTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    notice_from_[static_cast<size_t>(r)] = true;
  }
  MPI_Waitall(static_cast<int>(notices_sent_.size()), notices_sent_.data(), MPI_STATUSES_IGNORE);
  notices_sent_.clear();
}

void MpiJob::average(float* data, int64_t count) const {
  for (int64_t at = 0; at < count; at += kChunkElements) {
    all_reduce(data + at, static_cast<int>(std::min(kChunkElements, count - at)), MPI_FLOAT,
               MPI_SUM);
  }
  const auto ranks = static_cast<float>(size_);
  for (int64_t i = 0; i < count; ++i) data[i] /= ranks;
}

void MpiJob::sum(int64_t* values, int count) const {
  all_reduce(values, count, MPI_INT64_T, MPI_SUM);
}

void MpiJob::max(int64_t* values, int count) const {
  all_reduce(values, count, MPI_INT64_T, MPI_MAX);
}

void MpiJob::all_reduce(void* values, int count, MPI_Datatype type, MPI_Op op) const {
  MPI_Request request;
  MPI_Iallreduce(MPI_IN_PLACE, values, count, type, op, MPI_COMM_WORLD, &request);
  complete(request);
}

std::vector<std::string> MpiJob::all_gather(const std::string& bytes) const {
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    throw std::length_error("MPI: " + std::to_string(bytes.size()) +
                            " bytes to gather from one rank, more than an MPI count (2^31 - 1)");
  }
  std::vector<int> sizes(static_cast<size_t>(size_));
  const int own = static_cast<int>(bytes.size());
  MPI_Request request;
  MPI_Iallgather(&own, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD, &request);
  complete(request);
  std::vector<int> offsets(sizes.size());
  int64_t total = 0;
  for (size_t r = 0; r < sizes.size(); ++r) {
    offsets[r] = static_cast<int>(total);
    total += sizes[r];
    // Every rank has the same sizes, so every rank throws here alike.
    if (total > std::numeric_limits<int>::max()) {
      throw std::length_error("MPI: the ranks' bytes together pass 2^31 - 1");
    }
  }
  std::string all(static_cast<size_t>(total), '\0');
  MPI_Iallgatherv(bytes.data(), own, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR,
                  MPI_COMM_WORLD, &request);
  complete(request);
  std::vector<std::string> gathered;
  for (size_t r = 0; r < sizes.size(); ++r)
    gathered.push_back(all.substr(static_cast<size_t>(offsets[r]), static_cast<size_t>(sizes[r])));
  return gathered;
}

void MpiJob::barrier() const {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  complete(request);
}

void MpiJob::complete(MPI_Request& request) const {
  const auto start = std::chrono::steady_clock::now();
  const std::chrono::seconds limit{wait_limit_seconds_};
  const std::chrono::duration<double> grace{kStopGraceSeconds};
  // When a stop signal was first seen in this wait; cleared for good once every rank is in it.
  std::optional<std::chrono::steady_clock::time_point> stopped_at;
  bool all_here = false;
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done != 0) return;
    answer_roll_calls();
    const auto now = std::chrono::steady_clock::now();
    const auto waited = now - start;
    if (waited >= limit) give_up(std::chrono::duration<double>(waited).count());
    if (!all_here && stop_ != nullptr && stop_->load()) {
      if (!stopped_at) stopped_at = now;
      if (now - *stopped_at >= grace) {
        int absent = 0;
        const std::string missing = roll_call(&absent);
        all_here = absent == 0;
        if (!all_here) {
          char seconds[32];
          std::snprintf(
              seconds, sizeof seconds, "%.1f",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - *stopped_at)
                  .count());
          abort_with(stop_status_(),
                     "stopping at a signal, but " + std::string(absent == 1 ? "rank " : "ranks ") +
                         missing + " did not come to the ranks' exchange in the " + seconds +
                         " s since (stopped, cut off, or slower than that); ending the job "
                         "with the signal's status, nothing written");
        }
      }
    }
    // As MPI's blocking calls wait (mpi_yield_when_idle): polled, which a nonblocking
    // collective needs to go on, and the core given up between polls.
    std::this_thread::yield();
  }
}

std::string MpiJob::roll_call(int* absent) const {
  // A rank waiting in the collective too answers from its own complete(); one stopped, cut
  // off or still at work (never to come) does not.
  for (int r = 0; r < size_; ++r) {
    if (r == rank_) continue;
    MPI_Request call;
    MPI_Isend(nullptr, 0, MPI_BYTE, r, kRollCallTag, MPI_COMM_WORLD, &call);
    MPI_Request_free(&call);
  }
  std::vector<bool> here(static_cast<size_t>(size_), false);
  here[static_cast<size_t>(rank_)] = true;
  const auto asked = std::chrono::steady_clock::now();
  while (std::ranges::find(here, false) != here.end() &&
         std::chrono::steady_clock::now() - asked < kRollCallTime) {
    answer_roll_calls();
    int answered = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kHereTag, MPI_COMM_WORLD, &answered, &status);
    if (answered == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    MPI_Recv(nullptr, 0, MPI_BYTE, status.MPI_SOURCE, kHereTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    here[static_cast<size_t>(status.MPI_SOURCE)] = true;
  }
  std::string missing;
  *absent = 0;
  for (int r = 0; r < size_; ++r) {
    if (here[static_cast<size_t>(r)]) continue;
    missing += ((*absent)++ > 0 ? ", " : "") + std::to_string(r);
  }
  return missing;
}

void MpiJob::give_up(double waited) const {
  int absent = 0;
  const std::string missing = roll_call(&absent);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", waited);
  abort("waited " + std::string(seconds) + " s (--rank-timeout " +
        std::to_string(wait_limit_seconds_) + ") for " +
        (absent == 0 ? std::string("the ranks to finish an exchange they are all in")
                     : (absent == 1 ? "rank " : "ranks ") + missing +
                           ", which did not come to the ranks' exchange (stopped, cut off, or "
                           "slower than that)") +
        "; ending the job");
}

}  // namespace gv
