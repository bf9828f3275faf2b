// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/varbinview_builder.h"

#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

VarBinViewBuilder::VarBinViewBuilder(DType dtype)
    : dtype_(std::move(dtype)), views_(16), validity_(dtype_.nullability()) {
    VX_CHECK_MSG(dtype_.is_utf8() || dtype_.is_binary(), "VarBinViewBuilder needs utf8 or binary, got {}",
                 dtype_);
}

void VarBinViewBuilder::FlushBlock() {
    if (block_.size() > 0) {
        data_buffers_.push_back(std::move(block_).Freeze());
        block_ = BufferMut();
    }
}

void VarBinViewBuilder::Append(std::string_view value) {
    VX_CHECK_LE(value.size(), size_t{UINT32_MAX});
    uint8_t view[BinaryView::kSize];
    if (value.size() <= BinaryView::kMaxInlined) {
        BinaryView::Write(view, value, 0, 0);
    } else {
        if (block_.size() + value.size() > kMaxBufferSize) {
            FlushBlock();
        }
        const auto offset = static_cast<uint32_t>(block_.size());
        const auto index = static_cast<uint32_t>(data_buffers_.size());
        block_.Append(value.data(), value.size());
        BinaryView::Write(view, value, index, offset);
    }
    views_.Append(view, sizeof view);
    validity_.AppendValid();
}

void VarBinViewBuilder::AppendNull() {
    validity_.AppendNull();
    const uint8_t view[BinaryView::kSize] = {};
    views_.Append(view, sizeof view);
}

Status VarBinViewBuilder::AppendScalar(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().EqualsIgnoringNullability(dtype_), MismatchedTypes,
              "cannot append {} to a {} builder", scalar.dtype(), dtype_);
    if (scalar.is_null()) {
        VX_ENSURE(dtype_.is_nullable(), InvalidArgument, "cannot append null to a non-nullable builder");
        AppendNull();
    } else if (dtype_.is_utf8()) {
        Append(scalar.as_string_view());
    } else {
        auto bytes = scalar.as_bytes();
        Append({reinterpret_cast<const char *>(bytes.data()), bytes.size()});
    }
    return Status::OK();
}

ArrayRef VarBinViewBuilder::Finish() {
    FlushBlock();
    Buffer views = std::move(views_).Freeze();
    views_ = BufferMut(16);
    std::vector<Buffer> data = std::move(data_buffers_);
    data_buffers_.clear();
    return VarBinViewArray::Make(dtype_, std::move(views), std::move(data), validity_.Finish());
}

} // namespace vortex
