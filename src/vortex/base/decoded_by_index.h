// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "vortex/base/result.h"

namespace vortex {

/// Values decoded on first use, by index, each once however many threads ask; a failed
/// decode keeps its error. Memory follows the entries asked for, not the entries there are
/// (a reader of a 20 000-column file pays for the columns it reads). Thread-safe.
template <typename T>
class DecodedByIndex {
public:
    /// The value at `index`, from `decode()` the first time it is asked for (under the lock,
    /// so `decode` must not ask this object again). The reference lives as long as this object.
    template <typename Decode>
    const Result<T> &Get(size_t index, Decode &&decode) {
        std::lock_guard lock(mutex_);
        auto it = values_.find(index);
        if (it == values_.end()) {
            it = values_.emplace(index, std::forward<Decode>(decode)()).first;
        }
        return it->second;
    }

private:
    std::mutex mutex_;
    std::unordered_map<size_t, Result<T>> values_;
};

} // namespace vortex
