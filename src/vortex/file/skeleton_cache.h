// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "vortex/array/serde/partial_array.h"

namespace vortex {

/// The skeletons of an open file's segments (SegmentSkeleton: what every take of a segment
/// reads), so that repeated takes through one handle read only their rows' blocks.
/// Thread-safe; bounded in bytes, least recently used out first.
class SkeletonCache {
public:
    explicit SkeletonCache(uint64_t capacity_bytes) : capacity_bytes_(capacity_bytes) {}

    /// The skeleton of `segment_id`, or null.
    std::shared_ptr<const SegmentSkeleton> Get(uint32_t segment_id) const;
    /// Keeps `skeleton` unless it alone exceeds the capacity.
    void Put(uint32_t segment_id, std::shared_ptr<const SegmentSkeleton> skeleton);
    uint64_t bytes() const;

private:
    using Entry = std::pair<uint32_t, std::shared_ptr<const SegmentSkeleton>>;
    mutable std::mutex mutex_;
    uint64_t capacity_bytes_;
    uint64_t bytes_ = 0;
    mutable std::list<Entry> lru_; // most recent first
    std::unordered_map<uint32_t, std::list<Entry>::iterator> index_;
};

} // namespace vortex
