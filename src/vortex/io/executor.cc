// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/io/executor.h"

#include <algorithm>

namespace vortex {

namespace {

// The executor whose worker is the current thread, if any.
thread_local const Executor *current_executor = nullptr;

} // namespace

Executor::Executor(size_t threads) {
    if (threads == 0) {
        threads = std::max<size_t>(1, std::thread::hardware_concurrency());
    }
    workers_.reserve(threads);
    for (size_t i = 0; i < threads; ++i) {
        workers_.emplace_back([this] { WorkerLoop(); });
    }
}

Executor::~Executor() {
    VX_CHECK_MSG(!InWorkerThread(), "an Executor cannot be destroyed by one of its own tasks");
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_cv_.notify_all();
    for (auto &worker : workers_) {
        worker.join();
    }
}

Executor &Executor::Default() {
    // Leaked on purpose (see the header): never destroyed, so exit never joins a busy worker.
    static Executor *const executor = new Executor(0); // NOLINT(cppcoreguidelines-owning-memory)
    return *executor;
}

void Executor::Spawn(std::function<void()> task) {
    VX_CHECK(task != nullptr);
    {
        std::lock_guard lock(mutex_);
        // While draining, only tasks themselves may add work; anything else races the destructor.
        VX_CHECK_MSG(!stopping_ || InWorkerThread(), "Spawn on an Executor that is being destroyed");
        queue_.push_back(std::move(task));
    }
    work_cv_.notify_one();
}

bool Executor::InWorkerThread() const {
    return current_executor == this;
}

// model: proctype Worker, end_idle (tests/model/writer.pml)
void Executor::WorkerLoop() {
    current_executor = this;
    std::unique_lock lock(mutex_);
    while (true) {
        work_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) {
            return; // stopping and drained
        }
        std::function<void()> task = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        task();
        // Destroy the task's captures before taking the lock again.
        task = nullptr;
        lock.lock();
    }
}

TaskWindow::TaskWindow(size_t capacity) : capacity_(capacity) {
    VX_CHECK_GE(capacity, size_t{1});
}

TaskWindow::~TaskWindow() {
    WaitIdle();
}

void TaskWindow::Acquire() {
    std::unique_lock lock(mutex_);
    released_cv_.wait(lock, [&] { return in_flight_ < capacity_; });
    ++in_flight_;
}

bool TaskWindow::TryAcquire() {
    std::lock_guard lock(mutex_);
    if (in_flight_ >= capacity_) {
        return false;
    }
    ++in_flight_;
    return true;
}

void TaskWindow::Release() {
    std::lock_guard lock(mutex_);
    VX_CHECK_GT(in_flight_, size_t{0});
    --in_flight_;
    // All: both Acquire and WaitIdle wait here. Under the lock, so a destructor woken by this
    // release cannot free the variable before notify_all returns.
    released_cv_.notify_all();
}

void TaskWindow::WaitIdle() {
    std::unique_lock lock(mutex_);
    released_cv_.wait(lock, [&] { return in_flight_ == 0; });
}

size_t TaskWindow::in_flight() const {
    std::lock_guard lock(mutex_);
    return in_flight_;
}

} // namespace vortex
