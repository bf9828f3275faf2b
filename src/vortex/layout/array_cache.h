// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex {

class Layout;

/// Decoded arrays of flat layouts, shared by the reads of one scan: splits that cut a segment
/// (a 1 MiB block spans many splits) decode it once instead of once per split, also when
/// they ask at the same time. Thread-safe; bounded in bytes, least recently used out first. One cache per
/// scan, so there is no process-wide lock on the read path.
class ArrayCache {
public:
    explicit ArrayCache(size_t capacity_bytes) : capacity_bytes_(capacity_bytes) {}

    /// The array of `layout`: cached, or being loaded by another reader (then this waits for
    /// it and shares its result), or loaded here with `load` and cached unless it alone
    /// exceeds the capacity.
    Result<ArrayRef> GetOrLoad(const Layout *layout, const std::function<Result<ArrayRef>()> &load);
    /// The array of `layout` when cached (loaded and kept), else null; never waits.
    ArrayRef Peek(const Layout *layout) const;
    size_t bytes() const;
    size_t capacity_bytes() const { return capacity_bytes_; }

private:
    struct Loading {
        bool done = false;
        Result<ArrayRef> result = Status::Internal("array still loading");
    };
    // Caches `array` for `layout`; called with the lock held.
    void InsertLocked(const Layout *layout, ArrayRef array, size_t size);

    using Entry = std::pair<const Layout *, std::pair<ArrayRef, size_t>>;
    mutable std::mutex mutex_;
    size_t capacity_bytes_;
    size_t bytes_ = 0;
    std::list<Entry> lru_; // most recent first
    std::unordered_map<const Layout *, std::list<Entry>::iterator> index_;
    std::unordered_map<const Layout *, std::shared_ptr<Loading>> loading_;
    std::condition_variable loaded_;
};

} // namespace vortex
