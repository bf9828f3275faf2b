// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "vortex/base/result.h"

namespace vortex {

/// One key/value pair of an ArrowSchema's metadata; values may hold arbitrary bytes.
using ArrowMetadataEntry = std::pair<std::string, std::string>;

// The keys of the Arrow extension type mechanism. Spec: Arrow columnar format, "Extension
// Types".
inline constexpr std::string_view kArrowExtensionName = "ARROW:extension:name";
inline constexpr std::string_view kArrowExtensionMetadata = "ARROW:extension:metadata";
/// Arrow's canonical UUID extension: fixed-size binary of 16 bytes, no metadata.
inline constexpr std::string_view kArrowUuidName = "arrow.uuid";
inline constexpr uint32_t kUuidBytes = 16;

/// Encodes metadata as the C Data Interface's binary string: an int32 count, then for each
/// entry an int32 key length, the key bytes, an int32 value length, the value bytes (native
/// endianness, no terminator). Spec: Arrow C data interface, "ArrowSchema.metadata".
std::string EncodeArrowMetadata(const std::vector<ArrowMetadataEntry> &entries);

/// Decodes ArrowSchema.metadata (null means no metadata). The string carries no total length,
/// so only the counts and lengths can be checked (negative ones are rejected).
Result<std::vector<ArrowMetadataEntry>> DecodeArrowMetadata(const char *metadata);

} // namespace vortex
