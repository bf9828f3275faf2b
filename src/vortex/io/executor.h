// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "vortex/base/check.h"

namespace vortex {

namespace internal {

// The shared slot between a submitted task and its TaskHandle.
template <typename T>
struct TaskState {
    std::mutex mutex;
    std::condition_variable ready_cv;
    std::optional<T> value;
    bool taken = false;
    // For a task its waiter may run (Executor::SubmitRunnableByWaiter): whoever claims it
    // first, a worker or the waiter, runs it.
    std::atomic<bool> claimed{false};
    std::function<T()> run_by_waiter;

    void Set(T result) {
        std::lock_guard lock(mutex);
        value.emplace(std::move(result));
        ready_cv.notify_all();
    }
};

} // namespace internal

/// Receives the result of one task submitted to an Executor. Results are values (by
/// convention Status or Result<T>), never exceptions: nothing in a task may throw.
template <typename T>
class TaskHandle {
public:
    /// Creates an empty handle that refers to no task.
    TaskHandle() = default;
    explicit TaskHandle(std::shared_ptr<internal::TaskState<T>> state) : state_(std::move(state)) {}

    /// Returns whether this handle refers to a task whose result has not been taken.
    bool valid() const { return state_ != nullptr && !state_->taken; }

    /// Returns whether the task has finished, without blocking.
    bool ready() const {
        VX_CHECK(state_ != nullptr);
        std::lock_guard lock(state_->mutex);
        return state_->value.has_value();
    }

    /// Blocks until the task has run, then moves its result out. Call at most once. Calling it
    /// from a task on the same executor can deadlock (see Executor), unless the task was
    /// submitted with SubmitRunnableByWaiter and does not block itself.
    // model: WRITE_OLDEST: claim (TQ -> TW) or wait for TD (tests/model/writer.pml)
    T Wait() {
        VX_CHECK_MSG(valid(), "TaskHandle::Wait on an empty handle or a taken result");
        if (state_->run_by_waiter && !state_->claimed.exchange(true)) {
            // No worker has started it: run it here rather than wait for one.
            std::function<T()> run = std::move(state_->run_by_waiter);
            state_->Set(run());
        }
        std::unique_lock lock(state_->mutex);
        state_->ready_cv.wait(lock, [&] { return state_->value.has_value(); });
        state_->taken = true;
        T result = std::move(*state_->value);
        state_->value.reset();
        return result;
    }

private:
    std::shared_ptr<internal::TaskState<T>> state_;
};

/// A fixed-size pool of threads for CPU work (compression, decoding, split planning).
///
/// Tasks run in FIFO order of submission, each on one worker. Tasks must not block on other
/// tasks of the same executor (waiting on a TaskHandle, on a SequenceId collapse, or on a
/// full queue fed by another task): with every worker blocked nothing makes progress. Block
/// only on work whose progress does not need a worker of this executor (I/O, the caller's
/// thread).
///
/// Lifetime: the destructor stops accepting new work from outside, runs every task already
/// queued (tasks may still spawn more while it drains), then joins the workers. It must not be
/// called from one of its own workers.
class Executor {
public:
    /// Starts `threads` workers; 0 means one per hardware thread (at least one).
    explicit Executor(size_t threads);
    ~Executor();
    Executor(const Executor &) = delete;
    Executor &operator=(const Executor &) = delete;

    /// Returns the process-wide executor, created on first use with one worker per core.
    ///
    /// Shutdown: it is intentionally never destroyed, so no static destructor can join a
    /// worker that is still running a task, and tasks may run during static destruction of
    /// other objects. Its workers stay parked until the process exits; tasks still queued at
    /// exit never run. Code that needs a task's effects must wait for it (TaskHandle::Wait)
    /// before returning from main.
    static Executor &Default();

    /// Queues `task` to run on a worker.
    void Spawn(std::function<void()> task);

    /// Queues `f` and returns a handle to its result. `f` returns a value (Status or Result<T>
    /// by convention); it may be move-only.
    template <typename F>
    auto Submit(F f) -> TaskHandle<std::invoke_result_t<F &>> {
        using T = std::invoke_result_t<F &>;
        static_assert(!std::is_void_v<T>, "a submitted task returns a value: Status or Result<T>");
        auto state = std::make_shared<internal::TaskState<T>>();
        // std::function needs a copyable callable; sharing the callable allows move-only ones.
        auto callable = std::make_shared<F>(std::move(f));
        Spawn([state, callable] { state->Set((*callable)()); });
        return TaskHandle<T>(std::move(state));
    }

    /// As Submit, but if the handle's Wait comes before a worker has started `f`, the waiting
    /// thread runs `f` itself. A task of this executor may then wait for such a task without
    /// the risk of every worker waiting for work queued behind it, provided `f` itself never
    /// blocks on other tasks.
    // model: Worker's task (TQ -> TR) (tests/model/writer.pml)
    template <typename F>
    auto SubmitRunnableByWaiter(F f) -> TaskHandle<std::invoke_result_t<F &>> {
        using T = std::invoke_result_t<F &>;
        static_assert(!std::is_void_v<T>, "a submitted task returns a value: Status or Result<T>");
        auto state = std::make_shared<internal::TaskState<T>>();
        auto callable = std::make_shared<F>(std::move(f));
        state->run_by_waiter = [callable] { return (*callable)(); };
        Spawn([state, callable] {
            if (!state->claimed.exchange(true)) {
                state->Set((*callable)());
            }
        });
        return TaskHandle<T>(std::move(state));
    }

    /// Returns the number of worker threads.
    size_t threads() const { return workers_.size(); }

    /// Returns whether the calling thread is one of this executor's workers.
    bool InWorkerThread() const;

private:
    void WorkerLoop();

    std::mutex mutex_;
    std::condition_variable work_cv_;
    std::deque<std::function<void()>> queue_; // guarded by mutex_
    bool stopping_ = false;                   // guarded by mutex_
    std::vector<std::thread> workers_;
};

/// Bounds how many tasks one producer keeps in flight on an executor: a counting semaphore.
///
/// A producer calls Acquire before handing work to the executor and the task calls Release
/// when done, so at most `capacity` of this producer's tasks are queued or running at once
/// (DESIGN.md section 4: "compression uses a bounded window of the executor"). Submit does
/// both for you. The window must outlive every task that releases it; the destructor waits
/// until every slot is released.
class TaskWindow {
public:
    /// Creates a window of `capacity` slots (at least one).
    explicit TaskWindow(size_t capacity);
    ~TaskWindow();
    TaskWindow(const TaskWindow &) = delete;
    TaskWindow &operator=(const TaskWindow &) = delete;

    /// Blocks until a slot is free, then takes it.
    void Acquire();
    /// Takes a slot if one is free; returns whether it did.
    bool TryAcquire();
    /// Returns a slot taken by Acquire or TryAcquire.
    void Release();
    /// Blocks until every slot is free.
    void WaitIdle();

    /// Takes a slot (blocking), then runs `f` on `executor`; the slot is released after `f`
    /// returns and before the handle becomes ready.
    template <typename F>
    auto Submit(Executor &executor, F f) -> TaskHandle<std::invoke_result_t<F &>> {
        Acquire();
        return executor.Submit([this, f = std::move(f)]() mutable {
            auto result = f();
            Release();
            return result;
        });
    }

    size_t capacity() const { return capacity_; }
    /// Returns the number of slots currently taken.
    size_t in_flight() const;

private:
    const size_t capacity_;
    mutable std::mutex mutex_;
    std::condition_variable released_cv_;
    size_t in_flight_ = 0; // guarded by mutex_
};

} // namespace vortex
