// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The per-column summary of `vx inspect`: sizes on disk and decoded, and the encodings used.
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "vortex/vortex.h"

namespace vortex::cli {

/// Bytes of the canonical form of `array` and, recursively, of its children (struct fields,
/// list elements, validity): what the column occupies decoded. Strings count their views and
/// the bytes those reference, not whole (possibly shared) data buffers.
Result<uint64_t> CanonicalBytes(const ArrayRef &array);

/// One entry per top-level column (one "(all)" entry for a non-struct file): name, rows,
/// compressed_bytes (its segments, zone maps included), uncompressed_bytes (decodes the
/// column), ratio, and encodings: [{encoding, bytes, share}] by segment bytes, largest first.
nlohmann::ordered_json DescribeColumns(const std::shared_ptr<const VortexFile> &file);

/// "name: 10 rows, 120 B compressed, 400 B uncompressed (3.33x); vortex.primitive 100%".
void PrintColumns(const nlohmann::ordered_json &columns);

} // namespace vortex::cli
