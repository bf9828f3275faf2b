// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <atomic>
#include <cstddef>
#include <thread>

namespace vortex {

/// The number of threads of this process (Linux: the entries of /proc/self/task; 0 where that
/// cannot be read). For tests and benchmarks that check how many threads work starts.
size_t ProcessThreadCount();

/// Samples ProcessThreadCount() on a thread of its own until Stop(), keeping the largest.
/// The sampler is one of the threads it counts.
class ThreadCountPeak {
public:
    ThreadCountPeak();
    ~ThreadCountPeak();
    ThreadCountPeak(const ThreadCountPeak &) = delete;
    ThreadCountPeak &operator=(const ThreadCountPeak &) = delete;

    /// Stops sampling and returns the largest count seen (the sampler included).
    size_t Stop();

private:
    std::atomic<bool> stop_{false};
    std::atomic<size_t> peak_{0};
    std::thread thread_;
};

} // namespace vortex
