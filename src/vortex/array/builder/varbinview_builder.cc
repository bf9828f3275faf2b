// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/varbinview_builder.h"

#include <algorithm>
#include <cstring>

#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/base/endian.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

VarBinViewBuilder::VarBinViewBuilder(DType dtype, bool share_buffers)
    : dtype_(std::move(dtype)), views_(16), validity_(dtype_.nullability()), share_buffers_(share_buffers) {
    VX_CHECK_MSG(dtype_.is_utf8() || dtype_.is_binary(), "VarBinViewBuilder needs utf8 or binary, got {}",
                 dtype_);
}

void VarBinViewBuilder::FlushBlock() {
    if (block_.size() > 0) {
        data_buffers_.push_back(std::move(block_).Freeze());
        block_ = BufferMut();
    }
}

void VarBinViewBuilder::Reserve(size_t capacity) {
    views_.Reserve(capacity * BinaryView::kSize);
}

void VarBinViewBuilder::AppendView(std::string_view value) {
    VX_CHECK_LE(value.size(), size_t{UINT32_MAX});
    uint8_t view[BinaryView::kSize];
    if (value.size() <= BinaryView::kMaxInlined) {
        BinaryView::Write(view, value, 0, 0);
    } else {
        const uint32_t offset = StoreLongValue(value.data(), value.size(), /*room=*/0);
        BinaryView::Write(view, value, static_cast<uint32_t>(data_buffers_.size()), offset);
    }
    views_.Append(view, sizeof view);
}

uint32_t VarBinViewBuilder::StoreLongValue(const void *bytes, size_t size, size_t room) {
    if (block_.size() + size > kMaxBufferSize) {
        FlushBlock();
        if (room > 0) {
            block_.Reserve(room);
        }
    }
    const auto offset = static_cast<uint32_t>(block_.size());
    block_.Append(bytes, size);
    return offset;
}

void VarBinViewBuilder::Append(std::string_view value) {
    AppendView(value);
    validity_.AppendValid();
}

void VarBinViewBuilder::AppendNull() {
    validity_.AppendNull();
    const uint8_t view[BinaryView::kSize] = {};
    views_.Append(view, sizeof view);
}

Status VarBinViewBuilder::AppendScalar(const Scalar &scalar) {
    VX_ASSIGN_OR_RETURN(const bool appended_null, AppendIfNull(scalar));
    if (appended_null) {
        return Status::OK();
    }
    if (dtype_.is_utf8()) {
        Append(scalar.as_string_view());
    } else {
        auto bytes = scalar.as_bytes();
        Append({reinterpret_cast<const char *>(bytes.data()), bytes.size()});
    }
    return Status::OK();
}

void VarBinViewBuilder::CopyValues(const VarBinViewArray &strings, size_t referenced) {
    const size_t count = strings.len();
    const Validity &validity = strings.validity();
    const bool all_valid = validity.trivially_all_valid();
    // One growth for the views and, while it fits one block, one for the long values' bytes.
    if (block_.size() + referenced > kMaxBufferSize) {
        FlushBlock();
    }
    block_.Reserve(block_.size() + std::min(referenced, kMaxBufferSize));
    const size_t start = views_.size();
    views_.Resize(start + count * BinaryView::kSize); // zeroed: the views of nulls
    const uint8_t *src = strings.views().data();
    uint8_t *dst = views_.data() + start;
    for (size_t i = 0; i < count; ++i, src += BinaryView::kSize, dst += BinaryView::kSize) {
        if (!all_valid && !validity.is_valid(i)) {
            continue;
        }
        const BinaryView view{src};
        if (view.is_inlined()) {
            uint64_t low, high; // with zeros past the value, whatever the input held there
            view.PaddedWords(low, high);
            std::memcpy(dst, &low, 8);
            std::memcpy(dst + 8, &high, 8);
            continue;
        }
        const uint32_t offset =
            StoreLongValue(strings.data_buffers()[view.buffer_index()].data() + view.offset(), view.size(),
                           std::min(referenced, kMaxBufferSize));
        std::memcpy(dst, src, 8); // the length and the prefix
        StoreLittleEndian<uint32_t>(dst + 8, static_cast<uint32_t>(data_buffers_.size()));
        StoreLittleEndian<uint32_t>(dst + 12, offset);
    }
}

uint32_t VarBinViewBuilder::ShareBuffer(const Buffer &buffer) {
    const auto key = std::make_pair(buffer.data(), buffer.size());
    const auto [it, inserted] = shared_.emplace(key, static_cast<uint32_t>(data_buffers_.size()));
    if (inserted) {
        data_buffers_.push_back(buffer);
    }
    return it->second;
}

Status VarBinViewBuilder::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto strings, CanonicalAs<VarBinViewArray>(canonical));
    const size_t count = strings->len();
    const Validity &validity = strings->validity();
    // Bytes the valid long views reference, against the bytes sharing would keep alive.
    size_t referenced = 0;
    for (size_t i = 0; i < count; ++i) {
        const BinaryView view = strings->view_at(i);
        if (!view.is_inlined() && validity.is_valid(i)) {
            referenced += view.size();
        }
    }
    size_t unshared = 0;
    for (const Buffer &buffer : strings->data_buffers()) {
        unshared += shared_.contains({buffer.data(), buffer.size()}) ? 0 : buffer.size();
    }
    const bool share = share_buffers_ && referenced > 0 && 2 * referenced >= unshared;
    if (referenced > 0 && !share) {
        CopyValues(*strings, referenced);
        validity_.AppendValidity(validity, count);
        return Status::OK();
    }
    // Copy the views; long ones (only when sharing) get their buffer index rebased.
    std::vector<uint32_t> remap;
    bool identity = true;
    if (share) {
        FlushBlock(); // the block in progress must keep its index
        for (const Buffer &buffer : strings->data_buffers()) {
            remap.push_back(ShareBuffer(buffer));
            identity = identity && remap.back() == remap.size() - 1;
        }
    }
    const size_t start = views_.size();
    views_.Resize(start + count * BinaryView::kSize); // zeroed: the views of nulls
    const uint8_t *src = strings->views().data();
    uint8_t *dst = views_.data() + start;
    if (identity && validity.trivially_all_valid()) {
        std::memcpy(dst, src, count * BinaryView::kSize);
    } else {
        for (size_t i = 0; i < count; ++i, src += BinaryView::kSize, dst += BinaryView::kSize) {
            if (!validity.is_valid(i)) {
                continue;
            }
            std::memcpy(dst, src, BinaryView::kSize);
            const BinaryView view{src};
            if (!view.is_inlined()) {
                StoreLittleEndian<uint32_t>(dst + 8, remap[view.buffer_index()]);
            }
        }
    }
    validity_.AppendValidity(validity, count);
    return Status::OK();
}

ArrayRef VarBinViewBuilder::Finish() {
    FlushBlock();
    Buffer views = std::move(views_).Freeze();
    views_ = BufferMut(16);
    std::vector<Buffer> data = std::move(data_buffers_);
    data_buffers_.clear();
    shared_.clear();
    DType dtype = dtype_;
#ifdef NDEBUG
    // Every view was written here or copied from a validated array, so the structure is sound;
    // UTF-8 of bytes passed to Append() is the caller's promise (checked in debug builds).
    return std::make_shared<const VarBinViewArray>(VarBinViewArray::Token{}, std::move(dtype),
                                                   std::move(views), std::move(data), validity_.Finish());
#else
    return VarBinViewArray::Make(std::move(dtype), std::move(views), std::move(data), validity_.Finish());
#endif
}

} // namespace vortex
