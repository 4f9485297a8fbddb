// How the libraries use the machine: run_on_threads, the one way a loop fans out over cores and
// gathers their errors, and memory: the check that a run fits (in memory_limit.h's bound),
// keep_freed_memory and advise_huge_pages.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace gv {

// The most threads any command starts. Hogwild workers share the tables and stop scaling long
// before a thousand. The bound is fixed rather than a multiple of this machine's cores because a
// checkpoint resumes with its own thread count on whatever machine it is moved to; past the
// cores, workers only take turns, and each one's buffers count in the memory check.
inline constexpr int kMaxThreads = 1024;

// This machine's hardware threads, in [1, kMaxThreads]: what "--threads 0" means.
int cores();

// Runs work(0), ..., work(threads - 1) at once, work(0) on the calling thread, and returns when
// all have finished; the first exception any of them threw is then rethrown. One short-lived
// thread per call: a call is a training step or an evaluation, far longer than starting one.
void run_on_threads(int threads, const std::function<void(int)>& work);

// Starts body(0), ..., body(count - 1) on threads of their own, for the caller to join. When one
// cannot start (its stack past `ulimit -v`, or past `ulimit -u`), abandon() is called so that the
// bodies running can end early, they are joined (destroying a running std::thread would end the
// process), and std::runtime_error says so, naming --threads. The threads never take INT, TERM
// or HUP: the caller's thread does, one signal after another.
std::vector<std::thread> start_threads(int count, const std::function<void(int)>& body,
                                       const std::function<void()>& abandon = {});

// A step allocates the same large activations and gradients as the one before and frees them all
// at its end. glibc would hand the freed top of the heap back to the system and fault it in again,
// zeroed, at the next step: system time that grows with the model and does no work (a run's steps
// per second, bench/lm_speed.sh, show it). This keeps freed memory in the process (whose peak the
// steps reach anyway) and serves large tensors from the heap rather than from fresh mappings.
// Process-wide; a no-op outside glibc.
void keep_freed_memory();

// Hands the free memory at the heap's top back to the system, after a phase that freed most of
// what it allocated: counting a corpus, whose table of every distinct word is gone once the
// vocabulary is built. glibc keeps free memory there up to twice the largest mapped block it has
// freed (at most 64 MiB), for allocations to come; but the tables that come next are mappings of
// their own, so it would stay resident through training (24 MiB after counting the 30 M-token
// Zipf corpus). A no-op outside glibc.
void return_freed_memory();

// Asks for 2 MB pages over the whole 2 MB-aligned part of [data, data + bytes), before the
// first write: filling a 60 MB table then takes ~30 page faults instead of ~15000, a visible
// share of a large load or of a counting pass. Only advice: the kernel may ignore it, and does
// unless transparent huge pages are "madvise" or "always".
void advise_huge_pages(void* data, size_t bytes);

// "3.2 GB": sizes in the messages that refuse them.
std::string gigabytes(double bytes);

// Throws std::invalid_argument "<what> need(s) 3.2 GB but this machine has 2.0 GB; <advice>"
// (or "but this process may use 2.0 GB (ulimit -v)") when `bytes` exceed memory_limit():
// checked before allocating, so that a size too large is a clear error rather than
// std::bad_alloc or the OOM killer mid-run.
void require_memory(double bytes, const std::string& what, const std::string& advice);

}  // namespace gv
