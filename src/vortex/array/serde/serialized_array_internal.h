// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The steps of DeserializeArray, shared with the partial reader (partial_array.cc).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/buffer/byte_range.h"
#include "vortex/format/array_generated.h"
#include "vortex/serde/flatbuffer_verify.h"

namespace vortex::internal {

/// Where one buffer lies in its segment, and the alignment it declares.
struct BufferPlace {
    ByteRange range;
    size_t alignment = 1;
};

/// The end of a serialized array: its Array flatbuffer, verified, and its buffers' places.
struct ArrayTail {
    serde::AlignedBytes flatbuffer;
    const fbs::array::Array *array = nullptr; // points into `flatbuffer`
    std::vector<BufferPlace> buffers;
};

/// The size of the tail (flatbuffer and its u32 length) of a serialized array of
/// `segment_size` bytes whose last bytes are `last_bytes` (at least 4).
Result<size_t> ArrayTailSize(std::span<const uint8_t> last_bytes, uint64_t segment_size);

/// Verifies `tail`, the last ArrayTailSize() bytes of a serialized array of `segment_size`
/// bytes, and places its buffers in the segment (every place checked to lie before the tail).
Result<ArrayTail> ParseArrayTail(std::span<const uint8_t> tail, uint64_t segment_size);

/// The buffers of `tail` as slices of `segment` (the whole serialized array), each aligned as
/// declared (copied when the slice is not).
std::vector<Buffer> SliceBuffers(const Buffer &segment, const ArrayTail &tail);

/// Builds the array tree of `tail` over `buffers` (one per BufferPlace, aligned as declared),
/// with the statistics stored with its nodes when `statistics` is set.
Result<ArrayRef> DecodeArrayTree(const ArrayTail &tail,
                                 std::vector<Buffer> buffers,
                                 const DType &dtype,
                                 size_t len,
                                 const ArrayReadContext &context,
                                 bool statistics);

} // namespace vortex::internal
