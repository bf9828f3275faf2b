// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "vortex/array/serde/array_context.h"
#include "vortex/array/statistics.h"
#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/file/file_format.h"
#include "vortex/file/file_statistics.h"
#include "vortex/layout/layout.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

class Session;

/// Everything the tail of a file describes, decoded and validated.
struct Footer {
    DType dtype;
    LayoutRef layout;
    std::vector<SegmentSpec> segments;
    /// The array-encoding dictionary of the file, resolved through the session.
    std::shared_ptr<const ArrayReadContext> arrays;
    std::vector<std::string> layout_ids;
    /// Empty when the file has no statistics.
    FileStatistics statistics;
};

/// Where the footer flatbuffers lie in the file, from the postscript.
struct PostscriptLocations {
    struct Part {
        uint64_t offset = 0;
        uint32_t length = 0;
    };
    std::optional<Part> dtype;
    Part layout;
    std::optional<Part> statistics;
    Part footer;
    /// The lowest offset of the parts a reader needs.
    uint64_t lowest_offset(bool need_dtype) const;
};

/// Parses the EOF record and postscript from the last bytes of a file of `file_size` bytes.
/// `tail` must end at the end of the file. Returns the postscript locations, checked to lie
/// inside the file before the postscript.
Result<PostscriptLocations> ParsePostscript(std::span<const uint8_t> tail, uint64_t file_size);

/// Decodes the footer flatbuffers. `tail` holds the file bytes [tail_offset, file_size) and
/// must cover every location `ps` names. `dtype` overrides (or replaces a missing) stored dtype.
/// The footer keeps slices of `tail` (the layout and statistics, decoded as they are used).
Result<Footer> ParseFooter(const Buffer &tail,
                           uint64_t tail_offset,
                           const PostscriptLocations &ps,
                           const Session &session,
                           const std::optional<DType> &dtype);

/// The bytes that end a file whose data segments end at `position`: dtype, layout,
/// statistics and footer flatbuffers back to back, postscript and EOF record.
/// `segment_index[i]` is the position in `segments` of the segment the layout calls `i` (the
/// writer numbers segments as they are produced, the file in the order they are written);
/// empty means the layout's ids are positions already.
Result<std::vector<uint8_t>> SerializeFooter(uint64_t position,
                                             const DType &dtype,
                                             const Layout &layout,
                                             std::span<const SegmentSpec> segments,
                                             std::span<const std::string> array_ids,
                                             std::span<const FieldStatistics> statistics,
                                             std::span<const uint32_t> segment_index = {});

} // namespace vortex
