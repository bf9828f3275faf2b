// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/arrow/arrow_metadata.h"

#include <cstdint>
#include <cstring>

#include "vortex/base/checked_cast.h"

namespace vortex {

namespace {

// Entries are bounded only to keep a corrupt count from allocating absurdly.
constexpr int32_t kMaxMetadataEntries = 1 << 20;

void AppendInt32(std::string &out, int32_t value) {
    char bytes[sizeof value];
    std::memcpy(bytes, &value, sizeof value);
    out.append(bytes, sizeof value);
}

int32_t ReadInt32(const char *&cursor) {
    int32_t value;
    std::memcpy(&value, cursor, sizeof value);
    cursor += sizeof value;
    return value;
}

} // namespace

std::string EncodeArrowMetadata(const std::vector<ArrowMetadataEntry> &entries) {
    std::string out;
    AppendInt32(out, CheckedCast<int32_t>(entries.size()));
    for (const auto &[key, value] : entries) {
        AppendInt32(out, CheckedCast<int32_t>(key.size()));
        out += key;
        AppendInt32(out, CheckedCast<int32_t>(value.size()));
        out += value;
    }
    return out;
}

Result<std::vector<ArrowMetadataEntry>> DecodeArrowMetadata(const char *metadata) {
    std::vector<ArrowMetadataEntry> entries;
    if (metadata == nullptr) {
        return entries;
    }
    const char *cursor = metadata;
    const int32_t count = ReadInt32(cursor);
    VX_ENSURE(count >= 0 && count <= kMaxMetadataEntries, InvalidArgument, "invalid Arrow metadata count {}",
              count);
    entries.reserve(static_cast<size_t>(count));
    for (int32_t i = 0; i < count; ++i) {
        const int32_t key_len = ReadInt32(cursor);
        VX_ENSURE(key_len >= 0, InvalidArgument, "negative Arrow metadata key length {}", key_len);
        std::string key(cursor, static_cast<size_t>(key_len));
        cursor += key_len;
        const int32_t value_len = ReadInt32(cursor);
        VX_ENSURE(value_len >= 0, InvalidArgument, "negative Arrow metadata value length {}", value_len);
        std::string value(cursor, static_cast<size_t>(value_len));
        cursor += value_len;
        entries.emplace_back(std::move(key), std::move(value));
    }
    return entries;
}

} // namespace vortex
