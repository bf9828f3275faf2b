// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace vortex {

// Constants of the file format. Spec: file-format 1.1.

/// "VTXF", at offset 0 and in the last 4 bytes.
inline constexpr std::array<uint8_t, 4> kFileMagic = {'V', 'T', 'X', 'F'};
/// The only format version readers accept.
inline constexpr uint16_t kFileFormatVersion = 1;
/// u16 version | u16 postscript length | magic.
inline constexpr size_t kEofSize = 8;
/// u16::MAX - 8: the postscript length must fit the EOF record with room to spare.
inline constexpr size_t kMaxPostscriptSize = 65527;
/// The first read at open covers the largest possible postscript plus the EOF record.
inline constexpr uint64_t kDefaultInitialReadSize = kMaxPostscriptSize + kEofSize;
/// Alignment exponent declared for the footer flatbuffers (they are not padded, though).
inline constexpr uint8_t kFooterAlignmentExponent = 3;

/// One entry of the segment map (the FlatBuffers struct SegmentSpec without its reserved
/// fields, which are always zero).
struct SegmentSpec {
    uint64_t offset = 0;
    uint32_t length = 0;
    uint8_t alignment_exponent = 0;
    bool operator==(const SegmentSpec &) const = default;
};

} // namespace vortex
