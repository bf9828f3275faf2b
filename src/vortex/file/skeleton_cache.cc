// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/skeleton_cache.h"

namespace vortex {

std::shared_ptr<const SegmentSkeleton> SkeletonCache::Get(uint32_t segment_id) const {
    std::lock_guard lock(mutex_);
    const auto it = index_.find(segment_id);
    if (it == index_.end()) {
        return nullptr;
    }
    lru_.splice(lru_.begin(), lru_, it->second);
    return it->second->second;
}

void SkeletonCache::Put(uint32_t segment_id, std::shared_ptr<const SegmentSkeleton> skeleton) {
    const uint64_t size = skeleton->bytes();
    std::lock_guard lock(mutex_);
    if (size > capacity_bytes_ || index_.count(segment_id) > 0) {
        return;
    }
    lru_.emplace_front(segment_id, std::move(skeleton));
    index_[segment_id] = lru_.begin();
    bytes_ += size;
    while (bytes_ > capacity_bytes_) {
        bytes_ -= lru_.back().second->bytes();
        index_.erase(lru_.back().first);
        lru_.pop_back();
    }
}

uint64_t SkeletonCache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

} // namespace vortex
