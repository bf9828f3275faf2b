// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Checked access to untrusted zstd frames (libzstd).

#include <cstddef>
#include <cstdint>
#include <span>
#include <zstd.h>

#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/encodings/zstd/zstd_array.h"

namespace vortex::zstd {

/// Each Utf8/Binary value is stored as a u32 LE length followed by its bytes.
inline constexpr size_t kLengthPrefixSize = 4;

/// The most bytes a zstd frame of `frame_size` bytes can decompress to: every block needs at
/// least a 3-byte header plus one byte and yields at most 128 KiB (ZSTD_BLOCKSIZE_MAX).
uint64_t MaxDecompressedSize(size_t frame_size);

/// Checks frame `index` without decompressing it: a readable frame header, its content size
/// (when the header has one) equal to `declared`, and `declared` within MaxDecompressedSize.
/// Fails with InvalidArgument.
Status CheckFrameHeader(const Buffer &frame, uint64_t declared, size_t index);

/// Compresses `source` into one frame with `context` (its level and dictionary as set).
/// Fails with Compute.
Result<Buffer> CompressFrame(ZSTD_CCtx *context, std::span<const uint8_t> source);

/// Decompresses `frames` (already checked by CheckFrameHeader) into one buffer holding their
/// concatenated contents; every frame must produce exactly its declared size. Fails with
/// Serde on corrupt data. `first_index` numbers the frames in messages.
Result<Buffer> DecompressFrames(const Buffer &dictionary,
                                std::span<const Buffer> frames,
                                std::span<const ZstdFrameMetadata> metadata,
                                size_t first_index);

} // namespace vortex::zstd
