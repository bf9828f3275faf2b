// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/write/buffered_bytes.h"

#include <algorithm>
#include <chrono>

#include "vortex/base/check.h"

namespace vortex {

BufferedBytes::Reservation &BufferedBytes::Reservation::operator=(Reservation &&other) noexcept {
    if (this != &other) {
        Release();
        owner_ = other.owner_;
        bytes_ = other.bytes_;
        other.owner_ = nullptr;
        other.bytes_ = 0;
    }
    return *this;
}

BufferedBytes::Reservation BufferedBytes::Reservation::Split(uint64_t bytes) {
    bytes = std::min(bytes, bytes_);
    bytes_ -= bytes;
    return Reservation(owner_, bytes);
}

BufferedBytes::Reservation BufferedBytes::Reservation::SplitShare(uint64_t part, uint64_t whole) {
    if (whole == 0 || part >= whole) {
        return Split(bytes_);
    }
    long double share = static_cast<long double>(part) / static_cast<long double>(whole);
    return Split(static_cast<uint64_t>(share * static_cast<long double>(bytes_)));
}

void BufferedBytes::Reservation::Merge(Reservation other) {
    if (other.owner_ == nullptr) {
        return;
    }
    VX_CHECK(owner_ == nullptr || owner_ == other.owner_);
    owner_ = other.owner_;
    bytes_ += other.bytes_;
    other.owner_ = nullptr;
    other.bytes_ = 0;
}

void BufferedBytes::Reservation::Release() {
    if (owner_ != nullptr && bytes_ > 0) {
        owner_->Sub(bytes_);
    }
    bytes_ = 0;
}

BufferedBytes::Reservation BufferedBytes::Reserve(uint64_t bytes) {
    std::lock_guard lock(mutex_);
    current_ += bytes;
    peak_ = std::max(peak_, current_);
    return Reservation(this, bytes);
}

void BufferedBytes::Sub(uint64_t bytes) {
    {
        std::lock_guard lock(mutex_);
        VX_CHECK_GE(current_, bytes);
        current_ -= bytes;
    }
    released_.notify_all();
}

uint64_t BufferedBytes::current() const {
    std::lock_guard lock(mutex_);
    return current_;
}

uint64_t BufferedBytes::peak() const {
    std::lock_guard lock(mutex_);
    return peak_;
}

void BufferedBytes::BeginWork() {
    std::lock_guard lock(mutex_);
    ++active_;
}

void BufferedBytes::EndWork() {
    {
        std::lock_guard lock(mutex_);
        VX_CHECK_GT(active_, 0u);
        --active_;
    }
    released_.notify_all();
}

// model: the guard at FileWriter_Write (tests/model/writer.pml)
bool BufferedBytes::WaitAtMost(uint64_t limit, const std::function<bool()> &stop) {
    std::unique_lock lock(mutex_);
    auto done = [&] { return current_ <= limit || active_ == 0; };
    while (!done()) {
        // A failed pipeline never releases its bytes; the poll lets the caller notice.
        if (released_.wait_for(lock, std::chrono::milliseconds(20), done)) {
            break;
        }
        lock.unlock();
        bool stopped = stop();
        lock.lock();
        if (stopped) {
            return false;
        }
    }
    return true;
}

} // namespace vortex
