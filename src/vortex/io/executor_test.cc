// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/base/result.h"
#include "vortex/base/status.h"
#include "vortex/io/executor.h"

namespace vortex {
namespace {

// Raises `max` to at least `value`.
void UpdateMax(std::atomic<size_t> &max, size_t value) {
    size_t seen = max.load();
    while (seen < value && !max.compare_exchange_weak(seen, value)) {
    }
}

TEST(ExecutorTest, ZeroThreadsMeansOnePerCore) {
    Executor executor(0);
    EXPECT_EQ(executor.threads(), std::max<size_t>(1, std::thread::hardware_concurrency()));
}

TEST(ExecutorTest, ManySpawnedTasksAllRun) {
    std::atomic<size_t> count{0};
    {
        Executor executor(4);
        EXPECT_EQ(executor.threads(), 4U);
        for (int i = 0; i < 10000; ++i) {
            executor.Spawn([&] { count.fetch_add(1); });
        }
    } // the destructor drains the queue
    EXPECT_EQ(count.load(), 10000U);
}

TEST(ExecutorTest, SubmitReturnsEachTasksResultThroughItsHandle) {
    Executor executor(3);
    std::vector<TaskHandle<Result<int64_t>>> handles;
    for (int64_t i = 0; i < 500; ++i) {
        handles.push_back(executor.Submit([i]() -> Result<int64_t> {
            if (i % 7 == 3) {
                return Status::Compute("task {} failed", i);
            }
            return i * i;
        }));
    }
    for (int64_t i = 0; i < 500; ++i) {
        Result<int64_t> result = handles[static_cast<size_t>(i)].Wait();
        if (i % 7 == 3) {
            ASSERT_FALSE(result.ok());
            EXPECT_EQ(result.status().code(), StatusCode::Compute);
            EXPECT_NE(result.status().message().find(std::to_string(i)), std::string::npos);
        } else {
            ASSERT_TRUE(result.ok());
            EXPECT_EQ(*result, i * i);
        }
        EXPECT_FALSE(handles[static_cast<size_t>(i)].valid());
    }
}

TEST(ExecutorTest, SubmitAcceptsMoveOnlyTasksAndResults) {
    Executor executor(2);
    auto input = std::make_unique<int>(41);
    auto handle = executor.Submit([input = std::move(input)]() -> Result<std::unique_ptr<int>> {
        return std::make_unique<int>(*input + 1);
    });
    Result<std::unique_ptr<int>> result = handle.Wait();
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(**result, 42);
}

TEST(ExecutorTest, StatusTaskReportsReadiness) {
    Executor executor(1);
    std::atomic<bool> gate{false};
    auto handle = executor.Submit([&] {
        while (!gate.load()) {
            std::this_thread::yield();
        }
        return Status::Io("disk full");
    });
    EXPECT_FALSE(handle.ready());
    gate.store(true);
    Status status = handle.Wait();
    EXPECT_EQ(status.code(), StatusCode::Io);
}

TEST(ExecutorTest, SingleThreadRunsEverythingInFifoOrder) {
    std::vector<int> order;
    {
        Executor executor(1);
        for (int i = 0; i < 1000; ++i) {
            executor.Spawn([&order, i] { order.push_back(i); });
        }
    } // join orders the pushes before the reads below
    ASSERT_EQ(order.size(), 1000U);
    for (int i = 0; i < 1000; ++i) {
        EXPECT_EQ(order[static_cast<size_t>(i)], i);
    }
}

TEST(ExecutorTest, AWaiterRunsARunnableByWaiterTaskNoWorkerStarted) {
    // One worker, busy with a task that waits for a task queued behind it: with Submit that
    // would never end; SubmitRunnableByWaiter lets the waiting task run it itself.
    Executor executor(1);
    TaskHandle<Result<std::thread::id>> inner;
    TaskHandle<Status> outer = executor.Submit([&]() -> Status {
        inner = executor.SubmitRunnableByWaiter(
            []() -> Result<std::thread::id> { return std::this_thread::get_id(); });
        VX_ASSIGN_OR_RETURN(std::thread::id ran_on, inner.Wait());
        return ran_on == std::this_thread::get_id() ? Status::OK() : Status::Internal("ran elsewhere");
    });
    EXPECT_TRUE(outer.Wait().ok());
}

TEST(ExecutorTest, ARunnableByWaiterTaskRunsExactlyOnce) {
    // Workers and waiters race to claim each task; every task runs once and every handle
    // gets its own result.
    Executor executor(2);
    std::atomic<int> runs{0};
    for (int round = 0; round < 200; ++round) {
        std::vector<TaskHandle<Result<int>>> handles;
        handles.reserve(8);
        for (int i = 0; i < 8; ++i) {
            handles.push_back(executor.SubmitRunnableByWaiter([&runs, i]() -> Result<int> {
                ++runs;
                return i;
            }));
        }
        if (round % 2 == 0) {
            std::this_thread::yield();
        }
        for (int i = 0; i < 8; ++i) {
            Result<int> value = handles[static_cast<size_t>(i)].Wait();
            ASSERT_TRUE(value.ok());
            EXPECT_EQ(*value, i);
        }
    }
    EXPECT_EQ(runs.load(), 200 * 8);
}

TEST(ExecutorTest, DestructorRunsTasksStillQueued) {
    std::atomic<bool> gate{false};
    std::atomic<int> ran{0};
    {
        Executor executor(1);
        executor.Spawn([&] {
            while (!gate.load()) {
                std::this_thread::yield();
            }
            ran.fetch_add(1);
        });
        for (int i = 0; i < 100; ++i) {
            executor.Spawn([&] { ran.fetch_add(1); });
        }
        gate.store(true);
    }
    EXPECT_EQ(ran.load(), 101);
}

TEST(ExecutorTest, TasksSpawnedWhileDrainingAlsoRun) {
    std::atomic<int> ran{0};
    {
        Executor executor(2);
        for (int i = 0; i < 50; ++i) {
            executor.Spawn([&] {
                ran.fetch_add(1);
                executor.Spawn([&] { ran.fetch_add(1); });
            });
        }
    }
    EXPECT_EQ(ran.load(), 100);
}

TEST(ExecutorTest, InWorkerThreadIdentifiesOwnWorkers) {
    Executor executor(2);
    EXPECT_FALSE(executor.InWorkerThread());
    auto handle = executor.Submit([&] { return executor.InWorkerThread(); });
    EXPECT_TRUE(handle.Wait());
}

TEST(ExecutorTest, DefaultIsOneSharedInstance) {
    Executor &first = Executor::Default();
    EXPECT_EQ(&first, &Executor::Default());
    EXPECT_GE(first.threads(), 1U);
    auto handle = first.Submit([] { return Status::OK(); });
    EXPECT_TRUE(handle.Wait().ok());
}

TEST(TaskWindowTest, BoundsTasksInFlight) {
    constexpr size_t kCapacity = 3;
    Executor executor(8);
    TaskWindow window(kCapacity);
    std::atomic<size_t> running{0};
    std::atomic<size_t> max_running{0};
    std::vector<TaskHandle<Status>> handles;
    for (int i = 0; i < 200; ++i) {
        handles.push_back(window.Submit(executor, [&] {
            UpdateMax(max_running, running.fetch_add(1) + 1);
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            running.fetch_sub(1);
            return Status::OK();
        }));
        EXPECT_LE(window.in_flight(), kCapacity);
    }
    for (auto &handle : handles) {
        EXPECT_TRUE(handle.Wait().ok());
    }
    window.WaitIdle();
    EXPECT_EQ(window.in_flight(), 0U);
    EXPECT_GE(max_running.load(), 1U);
    EXPECT_LE(max_running.load(), kCapacity);
}

TEST(TaskWindowTest, AdmitsExactlyCapacityConcurrentTasks) {
    // Each task waits until all `kCapacity` are running at once, which the window must allow,
    // and the producer's next TryAcquire must fail while they run.
    constexpr size_t kCapacity = 4;
    Executor executor(kCapacity + 2);
    TaskWindow window(kCapacity);
    std::atomic<size_t> running{0};
    std::atomic<bool> release{false};
    std::vector<TaskHandle<Status>> handles;
    for (size_t i = 0; i < kCapacity; ++i) {
        handles.push_back(window.Submit(executor, [&] {
            running.fetch_add(1);
            while (!release.load()) {
                std::this_thread::yield();
            }
            return Status::OK();
        }));
    }
    while (running.load() < kCapacity) {
        std::this_thread::yield();
    }
    EXPECT_FALSE(window.TryAcquire());
    release.store(true);
    for (auto &handle : handles) {
        EXPECT_TRUE(handle.Wait().ok());
    }
}

TEST(TaskWindowTest, SlotIsFreeOnceTheHandleIsReady) {
    Executor executor(2);
    TaskWindow window(1);
    auto handle = window.Submit(executor, [] { return Status::OK(); });
    EXPECT_TRUE(handle.Wait().ok());
    EXPECT_TRUE(window.TryAcquire());
    EXPECT_FALSE(window.TryAcquire());
    window.Release();
    EXPECT_EQ(window.in_flight(), 0U);
}

TEST(TaskWindowTest, AcquireBlocksUntilRelease) {
    TaskWindow window(1);
    window.Acquire();
    std::atomic<bool> acquired{false};
    std::thread producer([&] {
        window.Acquire();
        acquired.store(true);
        window.Release();
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_FALSE(acquired.load());
    window.Release();
    producer.join();
    EXPECT_TRUE(acquired.load());
}

} // namespace
} // namespace vortex
