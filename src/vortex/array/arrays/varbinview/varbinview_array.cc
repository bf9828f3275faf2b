// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/varbinview/varbinview_array.h"

#include <cstring>
#include <type_traits>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/builder/varbinview_builder.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex {

namespace {

std::vector<Buffer> AllBuffers(const std::vector<Buffer> &data_buffers, const Buffer &views) {
    // Spec: arrays-encodings 4.5: data buffers first, the views buffer last.
    std::vector<Buffer> out = data_buffers;
    out.push_back(views);
    return out;
}

std::vector<ArrayRef> VarBinViewChildren(const Validity &validity, size_t len) {
    std::vector<ArrayRef> children;
    internal::AppendValidityChild(validity, len, children);
    return children;
}

// Gathers the selected views; data buffers are shared, so no string bytes are copied.
template <typename I>
Buffer GatherViews(const Buffer &views, std::span<const I> positions) {
    BufferMut out = BufferMut::Uninitialized(positions.size() * BinaryView::kSize);
    uint8_t *dst = out.data();
    for (I position : positions) {
        const auto i = static_cast<size_t>(static_cast<std::make_unsigned_t<I>>(position));
        std::memcpy(dst, views.data() + i * BinaryView::kSize, BinaryView::kSize);
        dst += BinaryView::kSize;
    }
    return std::move(out).Freeze();
}

bool IsAscii(const uint8_t *bytes, size_t size) {
    uint64_t any_high = 0;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        std::memcpy(&word, bytes + i, 8);
        any_high |= word;
    }
    for (; i < size; ++i) {
        any_high |= bytes[i];
    }
    return (any_high & 0x8080808080808080ULL) == 0;
}

// The inlined bytes (at most 12, after the 4-byte length) hold no byte >= 0x80; bytes past the
// size are ignored, they may be anything.
bool InlinedIsAscii(const BinaryView &view) {
    uint64_t low;
    uint64_t high;
    view.PaddedWords(low, high);
    return (((low >> 32) | high) & 0x8080808080808080ULL) == 0;
}

} // namespace

void BinaryView::Write(uint8_t *out, std::string_view value, uint32_t buffer_index, uint32_t offset) {
    std::memset(out, 0, kSize);
    const auto size = static_cast<uint32_t>(value.size());
    std::memcpy(out, &size, 4);
    if (size <= kMaxInlined) {
        if (size > 0) {
            std::memcpy(out + 4, value.data(), size);
        }
        return;
    }
    std::memcpy(out + 4, value.data(), 4);
    std::memcpy(out + 8, &buffer_index, 4);
    std::memcpy(out + 12, &offset, 4);
}

// Spec: arrays-encodings 4.5: empty metadata, buffers [data..., views], optional validity.
Result<ArrayRef> VarBinViewEncoding::Build(const DType &dtype,
                                           size_t len,
                                           std::span<const uint8_t> metadata,
                                           std::vector<Buffer> buffers,
                                           const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_utf8() || dtype.is_binary(), Serde, "{}: dtype must be utf8 or binary, got {}", kId,
              dtype);
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_ENSURE(!buffers.empty(), Serde, "{}: missing the views buffer", kId);
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 1));
    Buffer views = std::move(buffers.back());
    buffers.pop_back();
    VX_ENSURE(len <= SIZE_MAX / BinaryView::kSize && views.size() == len * BinaryView::kSize, Serde,
              "{}: views buffer has {} bytes, expected {} x 16", kId, views.size(), len);
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 0, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        AsSerde(VarBinViewArray::TryMake(dtype, views.EnsureAligned(16), std::move(buffers),
                                                         std::move(validity))));
    return ArrayRef(std::move(array));
}

VarBinViewArray::VarBinViewArray(
    Token, DType dtype, Buffer views, std::vector<Buffer> data_buffers, Validity validity)
    : Array(VarBinViewEncoding::Instance(),
            std::move(dtype),
            views.size() / BinaryView::kSize,
            AllBuffers(data_buffers, views),
            VarBinViewChildren(validity, views.size() / BinaryView::kSize)),
      views_(std::move(views)), data_buffers_(std::move(data_buffers)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const VarBinViewArray>>
VarBinViewArray::TryMake(DType dtype, Buffer views, std::vector<Buffer> data_buffers, Validity validity) {
    VX_ENSURE(dtype.is_utf8() || dtype.is_binary(), InvalidArgument,
              "varbinview dtype must be utf8 or binary");
    VX_ENSURE(views.size() % BinaryView::kSize == 0, InvalidArgument,
              "views buffer of {} bytes is not a multiple of 16", views.size());
    const size_t len = views.size() / BinaryView::kSize;
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, dtype.nullability(), len));
    VX_ENSURE(data_buffers.size() <= UINT32_MAX, InvalidArgument, "too many data buffers");
    // UTF-8 checks per value dominate decoding short strings; ASCII (most text) is proved in
    // bulk instead: whole data buffers up front, inlined values with two masked word loads.
    std::vector<bool> ascii_buffers;
    if (dtype.is_utf8()) {
        ascii_buffers.reserve(data_buffers.size());
        for (const Buffer &data : data_buffers) {
            ascii_buffers.push_back(IsAscii(data.data(), data.size()));
        }
    }
    for (size_t i = 0; i < len; ++i) {
        const BinaryView view{views.data() + i * BinaryView::kSize};
        const uint32_t size = view.size();
        std::string_view bytes;
        if (view.is_inlined()) {
            bytes = {reinterpret_cast<const char *>(view.inlined_data()), size};
        } else {
            const uint32_t index = view.buffer_index();
            VX_ENSURE(index < data_buffers.size(), InvalidArgument,
                      "view {}: buffer index {} out of range ({} buffers)", i, index, data_buffers.size());
            const Buffer &data = data_buffers[index];
            const uint64_t end = uint64_t{view.offset()} + size;
            VX_ENSURE(end <= data.size(), InvalidArgument,
                      "view {}: bytes [{}, {}) outside data buffer {} of {} bytes", i, view.offset(), end,
                      index, data.size());
            bytes = {reinterpret_cast<const char *>(data.data()) + view.offset(), size};
            VX_ENSURE(std::memcmp(bytes.data(), view.raw + 4, 4) == 0, InvalidArgument,
                      "view {}: prefix does not match the data", i);
        }
        if (dtype.is_utf8() && validity.is_valid(i)) {
            const bool ascii = view.is_inlined() ? InlinedIsAscii(view) : ascii_buffers[view.buffer_index()];
            VX_ENSURE(ascii || serde::IsValidUtf8(bytes), InvalidArgument, "view {}: invalid UTF-8", i);
        }
    }
    return std::make_shared<const VarBinViewArray>(Token{}, std::move(dtype), std::move(views),
                                                   std::move(data_buffers), std::move(validity));
}

std::shared_ptr<const VarBinViewArray>
VarBinViewArray::Make(DType dtype, Buffer views, std::vector<Buffer> data_buffers, Validity validity) {
    auto result = TryMake(std::move(dtype), std::move(views), std::move(data_buffers), std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

std::shared_ptr<const VarBinViewArray>
VarBinViewArray::FromStrings(const std::vector<std::optional<std::string>> &values, DType dtype) {
    VarBinViewBuilder builder(std::move(dtype));
    for (const auto &value : values) {
        if (value.has_value()) {
            builder.Append(*value);
        } else {
            builder.AppendNull();
        }
    }
    return As<VarBinViewArray>(builder.Finish());
}

std::shared_ptr<const VarBinViewArray> VarBinViewArray::FromStrings(const std::vector<std::string> &values,
                                                                    DType dtype) {
    VarBinViewBuilder builder(std::move(dtype));
    for (const auto &value : values) {
        builder.Append(value);
    }
    return As<VarBinViewArray>(builder.Finish());
}

std::string_view VarBinViewArray::bytes_at(size_t i) const {
    const BinaryView view = view_at(i);
    if (view.is_inlined()) {
        return {reinterpret_cast<const char *>(view.inlined_data()), view.size()};
    }
    return {reinterpret_cast<const char *>(data_buffers_[view.buffer_index()].data()) + view.offset(),
            view.size()};
}

std::optional<Result<Scalar>> VarBinViewArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    const std::string_view bytes = bytes_at(i);
    if (dtype().is_utf8()) {
        return Result<Scalar>(Scalar::Utf8(std::string(bytes), dtype().nullability()));
    }
    return Result<Scalar>(
        Scalar::Binary(std::vector<uint8_t>(bytes.begin(), bytes.end()), dtype().nullability()));
}

std::optional<Result<ArrayRef>> VarBinViewArray::SliceImpl(size_t start, size_t stop) const {
    return Result<ArrayRef>(std::make_shared<const VarBinViewArray>(
        Token{}, dtype(), views_.Slice(start * BinaryView::kSize, (stop - start) * BinaryView::kSize),
        data_buffers_, validity_.Slice(start, stop)));
}

std::optional<Result<ArrayRef>> VarBinViewArray::FilterImpl(const Mask &mask) const {
    return Result<ArrayRef>(
        std::make_shared<const VarBinViewArray>(Token{}, dtype(), GatherViews<size_t>(views_, mask.Indices()),
                                                data_buffers_, validity_.Filter(mask)));
}

std::optional<Result<ArrayRef>> VarBinViewArray::TakeImpl(const ArrayRef &indices) const {
    Buffer gathered;
    Validity validity;
    auto dense = TakeDense(indices, len(), [&]<typename I>(std::span<const I> positions) {
        gathered = GatherViews(views_, positions);
        validity = DenseTakeValidity(validity_, *indices, positions);
    });
    if (dense) {
        if (!dense->ok()) {
            return Result<ArrayRef>(*dense);
        }
        return Result<ArrayRef>(
            std::make_shared<const VarBinViewArray>(Token{}, dtype().WithNullability(validity.nullability()),
                                                    std::move(gathered), data_buffers_, std::move(validity)));
    }
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    Validity taken_validity = TakeValidity(validity_, *decoded, indices->dtype().is_nullable());
    DType dtype_out = dtype().WithNullability(taken_validity.nullability());
    return Result<ArrayRef>(std::make_shared<const VarBinViewArray>(
        Token{}, std::move(dtype_out), GatherViews<size_t>(views_, decoded->positions), data_buffers_,
        std::move(taken_validity)));
}

std::optional<Result<ArrayRef>> VarBinViewArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    std::string_view rhs;
    if (dtype().is_utf8()) {
        rhs = scalar.as_string_view();
    } else {
        auto bytes = scalar.as_bytes();
        rhs = {reinterpret_cast<const char *>(bytes.data()), bytes.size()};
    }
    BitBufferMut out(len());
    for (size_t i = 0; i < len(); ++i) {
        out.Set(i, CompareOrdering(bytes_at(i).compare(rhs) <=> 0, op));
    }
    return Result<ArrayRef>(MakeCompareResult(std::move(out).Freeze(), validity_,
                                              dtype().is_nullable() || scalar.dtype().is_nullable()));
}

} // namespace vortex
