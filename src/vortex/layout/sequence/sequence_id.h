// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <compare>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "vortex/base/status.h"

namespace vortex {

class SequencePointer;
class SequenceUniverse;

/// The position of a SequenceId: a path of components ordered lexicographically, a prefix
/// before its extensions: [0] < [0, 0] < [0, 1] < [1] (std::vector's ordering).
using SequencePath = std::vector<uint64_t>;

/// An ordering token of the write path: it makes the order of a file's segments independent
/// of thread timing (spec: layouts-scan, 6.2 "Sequence ids").
///
/// Every id lives in one SequenceUniverse (one per file being written) and is alive from
/// minting until it is destroyed, released or consumed by Descend. Ids are created only by a
/// SequencePointer, which never mints a path twice, so a path is alive at most once. Once
/// Collapse returns, no alive id orders before this one and none ever will again: the holder
/// can then append its segment, and holding the id keeps every later id's Collapse waiting,
/// like a lock, until it is released.
///
/// Move-only; a moved-from or released id is empty (valid() is false).
class SequenceId {
public:
    /// Creates an empty id that holds no position.
    SequenceId() = default;
    ~SequenceId();
    SequenceId(SequenceId &&other) noexcept;
    SequenceId &operator=(SequenceId &&other) noexcept;
    SequenceId(const SequenceId &) = delete;
    SequenceId &operator=(const SequenceId &) = delete;

    /// Creates a new universe and returns a pointer at its first position, [0]. Separate
    /// roots are independent: their ids never wait for each other.
    static SequencePointer Root();

    /// Consumes this id and returns a pointer at its first child ([a, b] -> [a, b, 0]). The
    /// children order after this id's former position and before its next sibling, so work
    /// labelled by them lands where this id would have.
    SequencePointer Descend() &&;

    /// Blocks until every alive id of the universe that orders before this one is released.
    /// Returns the universe's cancellation status instead if it is, or becomes, cancelled.
    /// One thread at a time may collapse a given id.
    ///
    /// Cost: O(log n) in the number n of alive ids; the waiter is woken only when it becomes
    /// the smallest alive id or on cancellation.
    Status Collapse();

    /// Consumes this id without blocking: `on_turn` runs once no alive id orders before it
    /// (at once, on this thread, if none does now; otherwise on the thread whose release makes
    /// it first), and the position is released when `on_turn` returns. Parked ids therefore
    /// run one at a time, in sequence order, and an id parked behind them waits for them like
    /// any alive id. If the universe is, or becomes, cancelled before its turn, `on_turn`
    /// runs with the cancellation status instead (possibly on the cancelling thread).
    /// `on_turn` must not block on another id of the universe.
    ///
    /// This is how writers append segments in file order without a thread waiting per column.
    void Park(std::function<void(const Status &turn)> on_turn) &&;

    /// Releases the position now, as the destructor would.
    void Release();

    bool valid() const { return universe_ != nullptr; }
    const SequencePath &path() const { return path_; }
    const std::shared_ptr<SequenceUniverse> &universe() const { return universe_; }
    /// Returns the path as text, e.g. "[0, 1]".
    std::string ToString() const;

    /// Orders by path; comparing ids of different universes is meaningless.
    friend std::strong_ordering operator<=>(const SequenceId &a, const SequenceId &b) {
        return a.path_ <=> b.path_;
    }
    friend bool operator==(const SequenceId &a, const SequenceId &b) { return a.path_ == b.path_; }

private:
    friend class SequencePointer;

    // Registers `path` as alive in `universe`; the only way an id comes to exist.
    SequenceId(std::shared_ptr<SequenceUniverse> universe, SequencePath path);

    std::shared_ptr<SequenceUniverse> universe_;
    SequencePath path_;
};

/// Mints SequenceIds: the only way to create them.
///
/// A pointer holds its current position alive (it owns the id it would mint next), as in the
/// reference: an id minted later from a pointer, or the pointer itself, keeps every later id
/// waiting until the pointer is destroyed. That is how the file writer's EOF pointer keeps
/// zone tables and footer-adjacent segments after all data. Move-only; destroying the pointer
/// releases its position.
class SequencePointer {
public:
    /// Creates an empty pointer that holds no position.
    SequencePointer() = default;

    /// Returns the current id and moves to its next sibling ([a, b] -> [a, b + 1]).
    SequenceId Advance();

    /// Returns a pointer whose ids all order before every id this pointer mints afterwards;
    /// this pointer moves to its next sibling. Equivalent to Advance().Descend().
    SequencePointer SplitOff();

    /// Consumes this pointer and returns (earlier, later): every id minted by `earlier`
    /// orders before every id minted by `later`.
    std::pair<SequencePointer, SequencePointer> Split() &&;

    /// Consumes this pointer and returns its current id; no further siblings can be minted.
    SequenceId Downgrade() && { return std::move(current_); }

    bool valid() const { return current_.valid(); }
    /// Returns the path of the id the next Advance returns.
    const SequencePath &position() const { return current_.path(); }
    const std::shared_ptr<SequenceUniverse> &universe() const { return current_.universe(); }

private:
    friend class SequenceId;

    explicit SequencePointer(SequenceId current) : current_(std::move(current)) {}

    SequenceId current_;
};

/// The set of alive ids of one file being written, shared by all its ids and pointers.
///
/// One mutex guards an ordered map from each alive path to the waiter collapsing it or the
/// work parked on it, if any. Releasing the smallest id runs the parked work that became first
/// (one entry at a time, outside the lock) and wakes only the waiter of the new smallest id,
/// so n ids cost O(n log n) in total however many wait. Cancel wakes every waiter once and
/// hands every parked entry the error.
class SequenceUniverse {
    struct PrivateTag {};

public:
    explicit SequenceUniverse(PrivateTag) {}
    SequenceUniverse(const SequenceUniverse &) = delete;
    SequenceUniverse &operator=(const SequenceUniverse &) = delete;

    /// Fails every current and future Collapse with `status` (which must be an error), so no
    /// thread stays blocked when the writer fails or is dropped. The first cancellation wins.
    void Cancel(const Status &status);

    /// Returns the cancellation status, or OK.
    Status status() const;

    /// Returns the number of alive ids (pointer positions included).
    size_t alive_count() const;

private:
    friend class SequenceId;

    // One collapsing thread, parked until its id is the smallest alive or until cancellation.
    struct Waiter {
        std::condition_variable cv;
    };
    // What waits on an alive id: nothing, a collapsing thread, or parked work (running once
    // it has been handed its turn, until it returns).
    struct Entry {
        Waiter *waiter = nullptr;
        std::function<void(const Status &)> parked;
        bool running = false;
    };
    using Map = std::map<SequencePath, Entry>;

    void Add(const SequencePath &path);
    void Remove(const SequencePath &path);
    void Park(const SequencePath &path, std::function<void(const Status &)> on_turn);
    Status WaitUntilFirst(const SequencePath &path);
    // With the lock held and `lock` owning it: while the first alive id has parked work, runs
    // it (unlocking meanwhile) and erases it; then wakes the first id's waiter, if any.
    void RunFirst(std::unique_lock<std::mutex> &lock);

    mutable std::mutex mutex_;
    Map alive_;        // guarded by mutex_
    Status cancelled_; // guarded by mutex_
};

} // namespace vortex
