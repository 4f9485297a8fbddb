// run_on_threads: the one way the language model's loops use several cores.
#pragma once

#include <functional>

namespace gv {

// Runs work(0), ..., work(threads - 1) at once, work(0) on the calling thread, and returns when
// all have finished; the first exception any of them threw is then rethrown. One short-lived
// thread per call: a call is a training step or an evaluation, far longer than starting one.
void run_on_threads(int threads, const std::function<void(int)>& work);

}  // namespace gv
