#include "distributed/mpi_job.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace gv {

namespace {

// MPI counts are ints: larger buffers go in pieces of this many elements.
constexpr int64_t kChunkElements = int64_t{1} << 28;

}  // namespace

MpiJob::MpiJob() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (provided < MPI_THREAD_SERIALIZED) {
    abort("this MPI library cannot be called from the training threads (MPI_THREAD_SERIALIZED)");
  }
}

MpiJob::~MpiJob() {
  MPI_Finalize();
}

void MpiJob::abort(const std::string& reason) const {
  std::fprintf(stderr, "gradvec: rank %d: %s\n", rank_, reason.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 2);
  std::_Exit(2);  // MPI_Abort does not return; this is for the compiler
}

void MpiJob::finish(int status) const {
  MPI_Finalize();
  std::exit(status);
}

void MpiJob::average(float* data, int64_t count) const {
  for (int64_t at = 0; at < count; at += kChunkElements) {
    const int n = static_cast<int>(std::min(kChunkElements, count - at));
    MPI_Allreduce(MPI_IN_PLACE, data + at, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  }
  const auto ranks = static_cast<float>(size_);
  for (int64_t i = 0; i < count; ++i) data[i] /= ranks;
}

void MpiJob::sum(int64_t* values, int count) const {
  MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
}

void MpiJob::max(int64_t* values, int count) const {
  MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
}

std::vector<std::string> MpiJob::all_gather(const std::string& bytes) const {
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    throw std::length_error("MPI: " + std::to_string(bytes.size()) +
                            " bytes to gather from one rank, more than an MPI count (2^31 - 1)");
  }
  std::vector<int> sizes(static_cast<size_t>(size_));
  const int own = static_cast<int>(bytes.size());
  MPI_Allgather(&own, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
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
  MPI_Allgatherv(bytes.data(), own, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR,
                 MPI_COMM_WORLD);
  std::vector<std::string> gathered;
  for (size_t r = 0; r < sizes.size(); ++r)
    gathered.push_back(all.substr(static_cast<size_t>(offsets[r]), static_cast<size_t>(sizes[r])));
  return gathered;
}

void MpiJob::barrier() const {
  MPI_Barrier(MPI_COMM_WORLD);
}

}  // namespace gv
