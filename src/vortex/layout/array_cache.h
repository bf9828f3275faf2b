// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "vortex/array/array.h"

namespace vortex {

class Layout;

/// Decoded arrays of flat layouts, shared by the reads of one scan: splits that cut a segment
/// (a 1 MiB block spans many splits) decode it once instead of once per split. Thread-safe;
/// bounded in bytes, least recently used out first. One cache per scan, so there is no
/// process-wide lock on the read path.
class ArrayCache {
public:
    explicit ArrayCache(size_t capacity_bytes) : capacity_bytes_(capacity_bytes) {}

    /// The cached array of `layout`, or nullptr.
    ArrayRef Get(const Layout *layout);
    /// Caches `array` for `layout` unless it alone exceeds the capacity.
    void Put(const Layout *layout, ArrayRef array);
    size_t bytes() const;

private:
    using Entry = std::pair<const Layout *, std::pair<ArrayRef, size_t>>;
    mutable std::mutex mutex_;
    size_t capacity_bytes_;
    size_t bytes_ = 0;
    std::list<Entry> lru_; // most recent first
    std::unordered_map<const Layout *, std::list<Entry>::iterator> index_;
};

} // namespace vortex
