// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>

namespace vortex {

/// A capacity-one channel between two threads: Send blocks while an item waits, Receive
/// blocks until one arrives. Close() wakes both sides; afterwards Send fails and Receive
/// drains what is left, then returns nullopt.
template <typename T>
class Mailbox {
public:
    /// Returns false (and drops nothing: `item` stays with the caller) when closed.
    // model: inline Send, the caller blocks here (tests/model/writer.pml)
    bool Send(T &item) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !slot_.has_value() || closed_; });
        if (closed_) {
            return false;
        }
        slot_.emplace(std::move(item));
        changed_.notify_all();
        return true;
    }

    // model: ColumnDriver_Run, the driver blocks here (tests/model/writer.pml)
    std::optional<T> Receive() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return slot_.has_value() || closed_; });
        std::optional<T> out = std::move(slot_);
        slot_.reset();
        changed_.notify_all();
        return out;
    }

    void Close() {
        std::lock_guard lock(mutex_);
        closed_ = true;
        changed_.notify_all();
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::optional<T> slot_;
    bool closed_ = false;
};

} // namespace vortex
