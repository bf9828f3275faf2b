// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/serde/array_context.h"

#include <algorithm>
#include <limits>

#include "vortex/array/encoding.h"
#include "vortex/base/checked_cast.h"
#include "vortex/session/session.h"

namespace vortex {

ArrayWriteContext ArrayWriteContext::FromSession(const Session &session) {
    std::vector<std::string> ids;
    for (std::string_view id : session.encodings().ids()) {
        ids.emplace_back(id);
    }
    // The registry already iterates in id order; sorting again keeps the invariant local.
    std::sort(ids.begin(), ids.end());
    VX_CHECK_LE(ids.size(), size_t{std::numeric_limits<uint16_t>::max()} + 1);
    return ArrayWriteContext(std::move(ids));
}

Result<ArrayWriteContext> ArrayWriteContext::FromIds(std::vector<std::string> ids) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    VX_ENSURE(ids.size() <= size_t{std::numeric_limits<uint16_t>::max()} + 1, InvalidArgument,
              "an encoding dictionary holds at most 65536 ids, got {}", ids.size());
    return ArrayWriteContext(std::move(ids));
}

std::optional<uint16_t> ArrayWriteContext::IndexOf(std::string_view id) const {
    auto it = std::lower_bound(ids_.begin(), ids_.end(), id,
                               [](const std::string &entry, std::string_view key) { return entry < key; });
    if (it == ids_.end() || *it != id) {
        return std::nullopt;
    }
    return CheckedCast<uint16_t>(it - ids_.begin());
}

ArrayReadContext ArrayReadContext::Resolve(std::vector<std::string> ids, const Session &session) {
    std::vector<const Encoding *> encodings;
    encodings.reserve(ids.size());
    for (const std::string &id : ids) {
        encodings.push_back(session.encodings().Find(id));
    }
    return ArrayReadContext(std::move(ids), std::move(encodings));
}

Result<const Encoding *> ArrayReadContext::Get(uint16_t index) const {
    VX_ENSURE(index < ids_.size(), Serde, "encoding index {} is outside the file's dictionary of {} ids",
              index, ids_.size());
    const Encoding *encoding = encodings_[index];
    VX_ENSURE(encoding != nullptr, Serde, "unsupported encoding '{}'", ids_[index]);
    return encoding;
}

} // namespace vortex
