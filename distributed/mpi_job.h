// MpiJob: this process as a rank of an MPI job (Open MPI's mpirun, or any launcher of the MPI
// standard's C API), and the few collective operations data-parallel training needs.
//
// Every operation here is collective: each rank must call it, in the same order. A rank that
// fails calls abort(), which ends every rank of the job (MPI_Abort), so that no rank waits
// forever in a collective for one that is gone. One that is there but never comes (stopped by
// SIGSTOP, its machine cut off) is not gone: each operation waits for it at most the job's
// wait limit, then names the ranks that did not come and ends the job the same way.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace gv {

class MpiJob {
 public:
  // Starts MPI with one thread at a time calling it (a worker thread syncs while the calling
  // thread waits, and the other way round). Throws std::runtime_error if MPI cannot give that.
  // Each operation waits at most `wait_limit_seconds` for the other ranks.
  explicit MpiJob(int64_t wait_limit_seconds);
  ~MpiJob();  // once every rank is here (within the wait limit), MPI_Finalize
  MpiJob(const MpiJob&) = delete;
  MpiJob& operator=(const MpiJob&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Prints "gradvec: rank K: `reason`" on stderr and ends the whole job with status 2.
  [[noreturn]] void abort(const std::string& reason) const;

  // Replaces data[0, count) on every rank by its mean over the ranks, in place.
  void average(float* data, int64_t count) const;
  // Replaces each of values[0, count) by its sum over the ranks.
  void sum(int64_t* values, int count) const;
  // Replaces each of values[0, count) by its largest value over the ranks.
  void max(int64_t* values, int count) const;
  // Every rank's `bytes`, in rank order, on every rank.
  std::vector<std::string> all_gather(const std::string& bytes) const;
  // Waits for every rank.
  void barrier() const;

  // While `stop` is given, a stop signal cuts the waits short: once *stop is true, an operation
  // waits kStopGrace more at most, then asks which ranks wait in it too, and unless all do
  // (then it runs to its end) names the others and ends the job with status `stop_status()`
  // (128 + the signal's number). A rank that is stopped or cut off would otherwise hold a
  // signalled rank for the whole wait limit. nullptr: the wait limit alone, as once the ranks
  // have agreed to stop or have finished training and wait for rank 0's writes.
  void end_waits_at_stop(const std::atomic<bool>* stop, int (*stop_status)());
  static constexpr double kStopGraceSeconds = 1.0;

  // Stop notices, which end the other ranks' counting passes (count_shares) at once rather
  // than at the end of their shares. Each rank whose pass stopped sends one to every other
  // rank (send_stop_notices); stop_notice_came() receives those that have come and says whether
  // one has (any thread, while no other calls MPI); once an exchange has shown which ranks
  // stopped, settle_stop_notices receives the rest from them and completes this rank's own.
  void send_stop_notices();
  bool stop_notice_came();
  void settle_stop_notices(const std::vector<bool>& stopped);

 private:
  void all_reduce(void* values, int count, MPI_Datatype type, MPI_Op op) const;
  // Waits for the nonblocking collective `request`, answering the other ranks' roll calls
  // meanwhile; past the wait limit, give_up(), and past a stop's grace, the same unless every
  // rank is in the collective.
  void complete(MPI_Request& request) const;
  // Asks every other rank whether it waits in the collective too, and returns those that do not
  // answer within a second ("1, 3"), with their number in *absent.
  std::string roll_call(int* absent) const;
  // Ends the job naming the ranks that did not come, `waited` seconds having passed.
  [[noreturn]] void give_up(double waited) const;
  // Prints "gradvec: rank K: `reason`" and ends the job with `status`.
  [[noreturn]] void abort_with(int status, const std::string& reason) const;

  int rank_ = 0;
  int size_ = 1;
  int64_t wait_limit_seconds_;
  const std::atomic<bool>* stop_ = nullptr;
  int (*stop_status_)() = nullptr;
  std::vector<MPI_Request> notices_sent_;
  std::vector<bool> notice_from_;  // by rank: whose stop notice this rank has received
};

}  // namespace gv
