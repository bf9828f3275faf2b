// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

/// One array tree in its on-disk form (one data segment of a `vortex.flat` layout):
///
///   [pad][buffer 0][pad][buffer 1] ... [pad to 8][Array flatbuffer][u32 LE flatbuffer length]
///
/// Spec: arrays-encodings, section 1.1; file-format, section 4 "Data segments".
struct SerializedArray {
    /// The bytes to write back to back, padding included (as zero buffers). Data buffers are
    /// shared with the array, not copied.
    std::vector<Buffer> parts;
    /// Total size of `parts` in bytes.
    uint64_t size = 0;
    /// The alignment the segment's file offset must have for every buffer to land on its
    /// declared alignment: max(8, largest buffer alignment). Padding is computed relative to
    /// the segment start, so this is what makes it hold in the file.
    size_t alignment = 8;

    /// Returns `parts` concatenated into one buffer (aligned to at least `alignment`).
    Buffer ToBuffer() const;
};

/// Serializes `array` and its whole tree. Each node's encoding must be in `context`, each
/// buffer must be smaller than 4 GiB, the tree may hold at most 65535 buffers, and each
/// buffer's alignment at most 65536 (its padding is a u16). Statistics already cached on a
/// node are written with it (none is computed). The bytes are the reference writer's for the
/// same tree, dictionary and buffer alignments.
Result<SerializedArray> SerializeArray(const ArrayRef &array, const ArrayWriteContext &context);

/// Decodes one serialized array from untrusted `segment` as an array of `dtype` and `len`
/// elements (both from the layout). Buffers are zero-copy slices of `segment`, copied only
/// when a slice misses its declared alignment. Exact statistics stored with a node are
/// installed into the decoded array's statistics(). Every offset, length, index and count is
/// checked; malformed input returns a Serde error, never aborts. Nesting depth and the number
/// of nodes are bounded by the flatbuffer verifier's limits (serde::FlatBufferLimits).
/// Without `statistics` the stored statistics are neither checked nor installed (a take of a
/// few rows has no use for them).
Result<ArrayRef> DeserializeArray(const Buffer &segment,
                                  const DType &dtype,
                                  size_t len,
                                  const ArrayReadContext &context,
                                  bool statistics = true);

} // namespace vortex
