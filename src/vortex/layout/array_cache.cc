// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/array_cache.h"

namespace vortex {

Result<ArrayRef> ArrayCache::GetOrLoad(const Layout *layout, const std::function<Result<ArrayRef>()> &load) {
    std::shared_ptr<Loading> loading;
    {
        std::unique_lock lock(mutex_);
        if (const auto it = index_.find(layout); it != index_.end()) {
            lru_.splice(lru_.begin(), lru_, it->second);
            return it->second->second.first;
        }
        if (const auto it = loading_.find(layout); it != loading_.end()) {
            const std::shared_ptr<Loading> other = it->second;
            loaded_.wait(lock, [&] { return other->done; });
            return other->result;
        }
        loading = std::make_shared<Loading>();
        loading_[layout] = loading;
    }
    Result<ArrayRef> result = load();
    const size_t size = result.ok() ? (*result)->nbytes() : 0;
    std::lock_guard lock(mutex_);
    if (result.ok() && size <= capacity_bytes_) {
        InsertLocked(layout, *result, size);
    }
    loading->result = result;
    loading->done = true;
    loading_.erase(layout);
    loaded_.notify_all();
    return result;
}

void ArrayCache::InsertLocked(const Layout *layout, ArrayRef array, size_t size) {
    lru_.emplace_front(layout, std::make_pair(std::move(array), size));
    index_[layout] = lru_.begin();
    bytes_ += size;
    while (bytes_ > capacity_bytes_) {
        bytes_ -= lru_.back().second.second;
        index_.erase(lru_.back().first);
        lru_.pop_back();
    }
}

ArrayRef ArrayCache::Peek(const Layout *layout) const {
    std::lock_guard lock(mutex_);
    const auto it = index_.find(layout);
    return it != index_.end() ? it->second->second.first : nullptr;
}

size_t ArrayCache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

} // namespace vortex
