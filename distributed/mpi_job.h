// MpiJob: this process as a rank of an MPI job (Open MPI's mpirun, or any launcher of the MPI
// standard's C API), and the few collective operations data-parallel training needs.
//
// Every operation here is collective: each rank must call it, in the same order. A rank that
// fails calls abort(), which ends every rank of the job (MPI_Abort), so that no rank waits
// forever in a collective for one that is gone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gv {

class MpiJob {
 public:
  // Starts MPI with one thread at a time calling it (a worker thread syncs while the calling
  // thread waits, and the other way round). Throws std::runtime_error if MPI cannot give that.
  MpiJob();
  ~MpiJob();  // MPI_Finalize
  MpiJob(const MpiJob&) = delete;
  MpiJob& operator=(const MpiJob&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Prints "gradvec: rank K: `reason`" on stderr and ends the whole job with status 2.
  [[noreturn]] void abort(const std::string& reason) const;
  // Ends this rank with `status` after MPI_Finalize: every rank must call it.
  [[noreturn]] void finish(int status) const;

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

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace gv
