// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

namespace vortex {

/// Counts the bytes of array data a writer holds: queued on an edge, buffered by a strategy,
/// being compressed or waiting for its turn to be written. Each held datum is covered by one
/// Reservation; a stage that transforms data releases the input's reservation when it takes
/// one for the output. Thread-safe.
class BufferedBytes {
public:
    class Reservation {
    public:
        Reservation() = default;
        ~Reservation() { Release(); }
        Reservation(Reservation &&other) noexcept : owner_(other.owner_), bytes_(other.bytes_) {
            other.owner_ = nullptr;
            other.bytes_ = 0;
        }
        Reservation &operator=(Reservation &&other) noexcept;
        Reservation(const Reservation &) = delete;
        Reservation &operator=(const Reservation &) = delete;

        uint64_t bytes() const { return bytes_; }
        /// Moves `bytes` (at most bytes()) into a new reservation on the same counter.
        Reservation Split(uint64_t bytes);
        /// Moves the share `part / whole` of the bytes into a new reservation (what `part` of
        /// `whole` rows take with them); all of them when part == whole.
        Reservation SplitShare(uint64_t part, uint64_t whole);
        /// Adds `other`'s bytes to this one (both must share a counter, or this be empty).
        void Merge(Reservation other);
        void Release();

    private:
        friend class BufferedBytes;
        Reservation(BufferedBytes *owner, uint64_t bytes) : owner_(owner), bytes_(bytes) {}
        BufferedBytes *owner_ = nullptr;
        uint64_t bytes_ = 0;
    };

    Reservation Reserve(uint64_t bytes);
    uint64_t current() const;
    /// The largest value current() has had.
    uint64_t peak() const;
    /// Counts messages handed to a concurrently running writer and not yet processed.
    void BeginWork();
    void EndWork();

    /// Blocks while current() > limit and some work is in flight (bytes held by idle writers
    /// only go away with more input, so waiting for them would never end), polling `stop` now
    /// and then; returns false if `stop` returned true first.
    bool WaitAtMost(uint64_t limit, const std::function<bool()> &stop);

private:
    void Sub(uint64_t bytes);

    mutable std::mutex mutex_;
    std::condition_variable released_;
    uint64_t current_ = 0;
    uint64_t peak_ = 0;
    uint64_t active_ = 0;
};

} // namespace vortex
