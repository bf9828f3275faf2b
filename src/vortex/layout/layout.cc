// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layout.h"

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/take.h"
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

Result<LayoutRef> Layout::Child(size_t i) const {
    VX_ENSURE(i < children_.size(), OutOfBounds, "{}: child {} of {}", encoding_id(), i, children_.size());
    return children_[i];
}

Status Layout::CheckRange(uint64_t begin, uint64_t end) const {
    VX_ENSURE(begin <= end && end <= row_count_, OutOfBounds, "{}: rows [{}, {}) out of range for {} rows",
              encoding_id(), begin, end, row_count_);
    return Status::OK();
}

Status Layout::CheckRows(std::span<const uint64_t> rows) const {
    for (size_t i = 1; i < rows.size(); ++i) {
        VX_ENSURE(rows[i - 1] < rows[i], InvalidArgument,
                  "{}: take rows must ascend strictly, found {} then {}", encoding_id(), rows[i - 1],
                  rows[i]);
    }
    VX_ENSURE(rows.empty() || rows.back() < row_count_, OutOfBounds, "{}: row {} out of range for {} rows",
              encoding_id(), rows.empty() ? 0 : rows.back(), row_count_);
    return Status::OK();
}

namespace {

template <typename T>
ArrayRef OffsetsFrom(std::span<const uint64_t> rows, uint64_t base) {
    std::vector<T> offsets(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        offsets[i] = static_cast<T>(rows[i] - base);
    }
    return PrimitiveArray::FromValues(offsets);
}

} // namespace

ArrayRef Layout::RowIndices(std::span<const uint64_t> rows, uint64_t base) {
    const bool narrow = rows.empty() || rows.back() - base <= UINT32_MAX;
    return narrow ? OffsetsFrom<uint32_t>(rows, base) : OffsetsFrom<uint64_t>(rows, base);
}

Result<ArrayRef> Layout::TakeFromSpan(const ArrayRef &span, std::span<const uint64_t> rows) {
    if (rows.size() == span->len()) {
        return span;
    }
    return Take(span, RowIndices(rows, rows.front()));
}

Result<ArrayRef> Layout::TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const {
    VX_RETURN_NOT_OK(CheckRows(rows));
    if (rows.empty()) {
        return Read(ctx, 0, 0);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef span, Read(ctx, rows.front(), rows.back() + 1));
    return TakeFromSpan(span, rows);
}

} // namespace vortex
