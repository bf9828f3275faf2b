// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layout.h"

#include "vortex/base/check.h"

namespace vortex {

Layout::Layout(const LayoutEncoding &encoding,
               DType dtype,
               uint64_t row_count,
               std::vector<uint8_t> metadata,
               std::vector<LayoutRef> children,
               std::vector<uint32_t> segment_ids)
    : encoding_(&encoding), dtype_(std::move(dtype)), row_count_(row_count), metadata_(std::move(metadata)),
      children_(std::move(children)), segment_ids_(std::move(segment_ids)) {}

std::string_view Layout::encoding_id() const {
    return encoding_->id();
}

const LayoutRef &Layout::child(size_t i) const {
    VX_CHECK_LT(i, children_.size());
    return children_[i];
}

Status Layout::CheckRange(uint64_t begin, uint64_t end) const {
    VX_ENSURE(begin <= end && end <= row_count_, OutOfBounds, "{}: rows [{}, {}) out of range for {} rows",
              encoding_id(), begin, end, row_count_);
    return Status::OK();
}

} // namespace vortex
