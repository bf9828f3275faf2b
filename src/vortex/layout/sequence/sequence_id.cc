// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/sequence/sequence_id.h"

#include <limits>

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

void SequenceUniverse::Cancel(Status status) {
    VX_CHECK_MSG(!status.ok(), "SequenceUniverse::Cancel needs an error status");
    std::lock_guard lock(mutex_);
    if (!cancelled_.ok()) {
        return;
    }
    cancelled_ = std::move(status);
    for (const auto &[path, waiter] : alive_) {
        if (waiter != nullptr) {
            waiter->cv.notify_one();
        }
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
    const bool inserted = alive_.emplace(path, nullptr).second;
    VX_CHECK_MSG(inserted, "SequenceId [{}] minted twice", fmt::join(path, ", "));
}

void SequenceUniverse::Remove(const SequencePath &path) {
    std::lock_guard lock(mutex_);
    auto it = alive_.find(path);
    VX_CHECK(it != alive_.end());
    VX_CHECK_MSG(it->second == nullptr, "a SequenceId was released while a thread collapses it");
    const bool was_first = it == alive_.begin();
    alive_.erase(it);
    // Only releasing the smallest id can make another id the smallest. Notifying under the
    // lock keeps the waiter (and its condition variable) alive until notify returns.
    if (was_first && !alive_.empty() && alive_.begin()->second != nullptr) {
        alive_.begin()->second->cv.notify_one();
    }
}

// model: the Collapse guard alive[0] == id || cancelled (tests/model/writer.pml)
Status SequenceUniverse::WaitUntilFirst(const SequencePath &path) {
    std::unique_lock lock(mutex_);
    auto it = alive_.find(path);
    VX_CHECK(it != alive_.end());
    VX_CHECK_MSG(it->second == nullptr, "two threads collapse the same SequenceId");
    Waiter waiter;
    it->second = &waiter;
    // Map iterators stay valid across other insertions and erasures, and this id cannot be
    // erased while its owner is blocked here.
    waiter.cv.wait(lock, [&] { return !cancelled_.ok() || alive_.begin() == it; });
    it->second = nullptr;
    return cancelled_;
}

} // namespace vortex
