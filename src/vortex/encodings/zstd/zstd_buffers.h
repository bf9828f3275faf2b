// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/encoding_base.h"
#include "vortex/session/session.h"

namespace vortex::zstd {

/// `vortex.zstd_buffers` (read only; the reference writes it only with its unstable
/// encodings): metadata ZstdBuffersMetadata{1: inner_encoding_id, 2: inner_metadata,
/// 3: uncompressed_sizes, 4: buffer_alignments, 5: child_dtypes (protobuf DType),
/// 6: child_lens}; buffers: each of the inner array's buffers as one zstd frame; children:
/// the inner array's children, of the dtypes and lengths the metadata lists.
///
/// Build() decompresses every buffer and builds the inner array through its own encoding,
/// found in the session this encoding is registered in, so the result is the inner array.
class ZstdBuffersEncoding final : public EncodingBase<ZstdBuffersEncoding> {
public:
    static constexpr std::string_view kId = "vortex.zstd_buffers";
    /// `encodings` is the registry of the session being built; it outlives this object
    /// because the session owns both.
    explicit ZstdBuffersEncoding(const EncodingRegistry &encodings) : encodings_(encodings) {}
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;

private:
    const EncodingRegistry &encodings_;
};

/// The node parts of a vortex.zstd_buffers array wrapping `inner` at `level`, as the reference
/// writes them: for tests and tools (our writer does not emit this encoding).
struct ZstdBuffersParts {
    std::vector<uint8_t> metadata;
    std::vector<Buffer> buffers;
    std::vector<ArrayRef> children;
};
Result<ZstdBuffersParts> CompressBuffersOf(const ArrayRef &inner, int level);

} // namespace vortex::zstd
