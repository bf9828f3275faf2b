// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/base/thread_count.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <system_error>

namespace vortex {

size_t ProcessThreadCount() {
    std::error_code error;
    std::filesystem::directory_iterator tasks("/proc/self/task", error);
    size_t n = 0;
    for (auto it = tasks; !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
        ++n;
    }
    return error ? 0 : n;
}

ThreadCountPeak::ThreadCountPeak()
    : thread_([this] {
          while (!stop_.load()) {
              peak_.store(std::max(peak_.load(), ProcessThreadCount()));
              std::this_thread::sleep_for(std::chrono::microseconds(200));
          }
      }) {}

ThreadCountPeak::~ThreadCountPeak() {
    Stop();
}

size_t ThreadCountPeak::Stop() {
    stop_.store(true);
    if (thread_.joinable()) {
        thread_.join();
    }
    return peak_.load();
}

} // namespace vortex
