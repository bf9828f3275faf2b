// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/base/result.h"

namespace vortex {

/// Maps id strings ("vortex.primitive", "vortex.flat") to shared, immutable plugin objects
/// (encodings, layout encodings).
///
/// Protocol: a Registry is filled only while its SessionBuilder owns it (single-threaded), then
/// frozen inside an immutable Session. After that it is never mutated, so Find() takes no lock
/// and may be called from any number of threads.
template <typename T>
class Registry {
public:
    /// Returns the entry registered under `id`, or nullptr. The pointer lives as long as the
    /// Session that owns this registry.
    const T *Find(std::string_view id) const {
        auto it = entries_.find(id);
        return it == entries_.end() ? nullptr : it->second.get();
    }
    bool Contains(std::string_view id) const { return entries_.find(id) != entries_.end(); }
    size_t size() const { return entries_.size(); }
    /// Returns every registered id, sorted (the order the reference writes its dictionary in).
    std::vector<std::string_view> ids() const {
        std::vector<std::string_view> out;
        out.reserve(entries_.size());
        for (const auto &[id, entry] : entries_) {
            out.emplace_back(id);
        }
        return out;
    }

    /// Adds `entry` under `id`; fails if the id is taken by a different object. Registering
    /// the same object twice is a no-op, so registration functions may overlap.
    Status Register(std::string id, std::shared_ptr<const T> entry) {
        VX_ENSURE(entry != nullptr, InvalidArgument, "cannot register a null entry for '{}'", id);
        auto [it, inserted] = entries_.try_emplace(std::move(id), entry);
        VX_ENSURE(inserted || it->second == entry, InvalidArgument, "id '{}' is already registered",
                  it->first);
        return Status::OK();
    }

private:
    std::map<std::string, std::shared_ptr<const T>, std::less<>> entries_;
};

} // namespace vortex
