// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/sequence/sequence_id.h"

#include <limits>
#include <vector>

#include "vortex/base/check.h"
#include "vortex/base/format.h"

namespace vortex {

SequenceId::SequenceId(std::shared_ptr<SequenceUniverse> universe, SequencePath path)
    : universe_(std::move(universe)), path_(std::move(path)) {
    universe_->Add(path_);
}

SequenceId::~SequenceId() {
    Release();
}

SequenceId::SequenceId(SequenceId &&other) noexcept
    : universe_(std::move(other.universe_)), path_(std::move(other.path_)) {
    other.universe_ = nullptr;
}

SequenceId &SequenceId::operator=(SequenceId &&other) noexcept {
    if (this != &other) {
        Release();
        universe_ = std::move(other.universe_);
        path_ = std::move(other.path_);
        other.universe_ = nullptr;
    }
    return *this;
}

SequencePointer SequenceId::Root() {
    auto universe = std::make_shared<SequenceUniverse>(SequenceUniverse::PrivateTag{});
    return SequencePointer(SequenceId(std::move(universe), SequencePath{0}));
}

SequencePointer SequenceId::Descend() && {
    VX_CHECK_MSG(valid(), "Descend on an empty SequenceId");
    SequencePath child = path_;
    child.push_back(0);
    // The child is registered before the parent is released, so nothing ordered after the
    // parent can collapse in between.
    SequencePointer pointer(SequenceId(universe_, std::move(child)));
    Release();
    return pointer;
}

Status SequenceId::Collapse() {
    VX_CHECK_MSG(valid(), "Collapse on an empty SequenceId");
    return universe_->WaitUntilFirst(path_);
}

void SequenceId::Park(std::function<void(const Status &turn)> on_turn) && {
    VX_CHECK_MSG(valid(), "Park on an empty SequenceId");
    // The universe now owns the position; it is released when `on_turn` returns.
    std::shared_ptr<SequenceUniverse> universe = std::move(universe_);
    universe_ = nullptr;
    universe->Park(path_, std::move(on_turn));
}

void SequenceId::Release() {
    if (universe_ != nullptr) {
        universe_->Remove(path_);
        universe_ = nullptr;
    }
}

std::string SequenceId::ToString() const {
    return format("[{}]", fmt::join(path_, ", "));
}

SequenceId SequencePointer::Advance() {
    VX_CHECK_MSG(valid(), "Advance on an empty SequencePointer");
    SequencePath next = current_.path();
    VX_CHECK_LT(next.back(), std::numeric_limits<uint64_t>::max());
    ++next.back();
    SequenceId previous = std::move(current_);
    current_ = SequenceId(previous.universe(), std::move(next));
    return previous;
}

SequencePointer SequencePointer::SplitOff() {
    return Advance().Descend();
}

std::pair<SequencePointer, SequencePointer> SequencePointer::Split() && {
    SequencePointer earlier = SplitOff();
    return {std::move(earlier), std::move(*this)};
}

// model: inline Cancel (tests/model/writer.pml)
void SequenceUniverse::Cancel(const Status &status) {
    VX_CHECK_MSG(!status.ok(), "SequenceUniverse::Cancel needs an error status");
    std::vector<std::function<void(const Status &)>> parked;
    {
        std::lock_guard lock(mutex_);
        if (!cancelled_.ok()) {
            return;
        }
        cancelled_ = status;
        for (auto it = alive_.begin(); it != alive_.end();) {
            Entry &entry = it->second;
            if (entry.waiter != nullptr) {
                entry.waiter->cv.notify_one();
            }
            // Work already running finishes and erases its own entry.
            if (entry.parked && !entry.running) {
                parked.push_back(std::move(entry.parked));
                it = alive_.erase(it);
            } else {
                ++it;
            }
        }
    }
    for (auto &on_turn : parked) {
        on_turn(status);
    }
}

Status SequenceUniverse::status() const {
    std::lock_guard lock(mutex_);
    return cancelled_;
}

size_t SequenceUniverse::alive_count() const {
    std::lock_guard lock(mutex_);
    return alive_.size();
}

// model: Mint (tests/model/writer.pml)
void SequenceUniverse::Add(const SequencePath &path) {
    std::lock_guard lock(mutex_);
    const bool inserted = alive_.emplace(path, Entry{}).second;
    VX_CHECK_MSG(inserted, "SequenceId [{}] minted twice", fmt::join(path, ", "));
}

// model: Release (RunFirst when the first id goes) (tests/model/writer.pml)
void SequenceUniverse::Remove(const SequencePath &path) {
    std::unique_lock lock(mutex_);
    auto it = alive_.find(path);
    VX_CHECK(it != alive_.end());
    VX_CHECK_MSG(it->second.waiter == nullptr, "a SequenceId was released while a thread collapses it");
    const bool was_first = it == alive_.begin();
    alive_.erase(it);
    // Only releasing the smallest id can make another id the smallest.
    if (was_first) {
        RunFirst(lock);
    }
}

// model: Park (tests/model/writer.pml)
void SequenceUniverse::Park(const SequencePath &path, std::function<void(const Status &)> on_turn) {
    std::unique_lock lock(mutex_);
    auto it = alive_.find(path);
    VX_CHECK(it != alive_.end());
    if (!cancelled_.ok()) {
        alive_.erase(it);
        Status status = cancelled_;
        lock.unlock();
        on_turn(status);
        return;
    }
    it->second.parked = std::move(on_turn);
    if (it == alive_.begin()) {
        RunFirst(lock);
    }
}

// model: RunFirstStep (one turn of this loop) (tests/model/writer.pml)
void SequenceUniverse::RunFirst(std::unique_lock<std::mutex> &lock) {
    while (!alive_.empty()) {
        auto it = alive_.begin();
        Entry &entry = it->second;
        if (entry.waiter != nullptr) {
            // Notifying under the lock keeps the waiter (and its condition variable) alive
            // until notify returns.
            entry.waiter->cv.notify_one();
            return;
        }
        if (!entry.parked || entry.running) {
            return; // an id someone still holds, or work another thread is running
        }
        // The entry stays first while its work runs, so nothing after it can run meanwhile;
        // the map keeps `it` valid, and no one else erases a running entry.
        entry.running = true;
        std::function<void(const Status &)> on_turn = std::move(entry.parked);
        lock.unlock();
        on_turn(Status::OK());
        on_turn = nullptr; // what it captured goes before the lock is taken again
        lock.lock();
        alive_.erase(it);
    }
}

// model: MUTANT_COLLAPSE_ON_WORKER's guard alive[0] == id || cancelled (only that mutant collapses)
// (tests/model/writer.pml)
Status SequenceUniverse::WaitUntilFirst(const SequencePath &path) {
    std::unique_lock lock(mutex_);
    auto it = alive_.find(path);
    VX_CHECK(it != alive_.end());
    VX_CHECK_MSG(it->second.waiter == nullptr, "two threads collapse the same SequenceId");
    Waiter waiter;
    it->second.waiter = &waiter;
    // Map iterators stay valid across other insertions and erasures, and this id cannot be
    // erased while its owner is blocked here.
    waiter.cv.wait(lock, [&] { return !cancelled_.ok() || alive_.begin() == it; });
    it->second.waiter = nullptr;
    return cancelled_;
}

} // namespace vortex
