// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/array_cache.h"

namespace vortex {

ArrayRef ArrayCache::Get(const Layout *layout) {
    std::lock_guard lock(mutex_);
    const auto it = index_.find(layout);
    if (it == index_.end()) {
        return nullptr;
    }
    lru_.splice(lru_.begin(), lru_, it->second);
    return it->second->second.first;
}

void ArrayCache::Put(const Layout *layout, ArrayRef array) {
    const size_t size = array->nbytes();
    if (size > capacity_bytes_) {
        return;
    }
    std::lock_guard lock(mutex_);
    if (index_.count(layout) != 0) {
        return; // another split decoded it first
    }
    lru_.emplace_front(layout, std::make_pair(std::move(array), size));
    index_[layout] = lru_.begin();
    bytes_ += size;
    while (bytes_ > capacity_bytes_) {
        bytes_ -= lru_.back().second.second;
        index_.erase(lru_.back().first);
        lru_.pop_back();
    }
}

size_t ArrayCache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

} // namespace vortex
