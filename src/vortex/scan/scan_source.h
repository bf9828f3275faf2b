// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/serde/array_context.h"
#include "vortex/layout/array_cache.h"
#include "vortex/layout/layout.h"
#include "vortex/layout/segment_source.h"

namespace vortex::scan {

/// What a scan reads: a layout tree, its segments and its encoding dictionary (an open file
/// supplies all three). Shared by the plan and every split, which may outlive the caller.
struct ScanSource {
    LayoutRef layout;
    std::shared_ptr<const SegmentSource> segments;
    std::shared_ptr<const ArrayReadContext> arrays;
    /// Decoded segments shared with other scans of the same source (an open file's cache);
    /// null gives each scan its own.
    std::shared_ptr<ArrayCache> cache;

    LayoutReadContext read_context() const { return LayoutReadContext{*segments, *arrays}; }
};

} // namespace vortex::scan
