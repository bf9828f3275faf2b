// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/varbin/varbin_array.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex {

namespace {

std::vector<ArrayRef> VarBinChildren(const ArrayRef &offsets, const Validity &validity, size_t len) {
    std::vector<ArrayRef> children{offsets};
    internal::AppendValidityChild(validity, len, children);
    return children;
}

// Offsets of gathered values: I32 while they fit (as the reference's builders), else I64.
ArrayRef OffsetsArray(const std::vector<uint64_t> &offsets) {
    if (offsets.back() <= static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) {
        std::vector<int32_t> narrow(offsets.begin(), offsets.end());
        return PrimitiveArray::FromValues(narrow);
    }
    std::vector<int64_t> wide(offsets.begin(), offsets.end());
    return PrimitiveArray::FromValues(wide);
}

// A view of a value of at most 12 bytes with at least 12 readable bytes at `value`: fixed-size
// loads, masked to the size, instead of BinaryView::Write's variable-length copy.
void WriteInlinedView(uint8_t *view, const uint8_t *value, uint32_t size) {
    uint64_t low;
    uint32_t high;
    std::memcpy(&low, value, 8);
    std::memcpy(&high, value + 8, 4);
    low &= size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * size)) - 1;
    high &= size <= 8 ? 0u : size >= 12 ? ~0u : (uint32_t{1} << (8 * (size - 8))) - 1;
    std::memcpy(view, &size, 4);
    std::memcpy(view + 4, &low, 8);
    std::memcpy(view + 12, &high, 4);
}

} // namespace

// Views of values [0, n) whose bytes all lie in one block starting at `base` (< 4 GiB from it)
// with 12 readable bytes at every start, without a branch on the size: the first word (size,
// first 4 bytes) is the same for an inlined and a referenced view, and the second is chosen
// by a select. Values mixing short and long sizes (IPs, names) made that branch a coin toss.
// Returns whether any value was referenced.
bool WriteViewsBranchFree(
    const uint8_t *bytes, std::span<const uint64_t> offsets, size_t n, uint64_t base, uint8_t *views) {
    bool any_referenced = false;
    for (size_t i = 0; i < n; ++i) {
        const uint64_t start = offsets[i];
        const uint64_t size = offsets[i + 1] - start;
        uint64_t low;
        uint64_t high;
        std::memcpy(&low, bytes + start, 8);
        std::memcpy(&high, bytes + start + 4, 8);
        const uint64_t low_mask = size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * size)) - 1;
        const uint64_t high_mask = size >= 12  ? ~uint64_t{0}
                                   : size <= 4 ? 0
                                               : (uint64_t{1} << (8 * (size - 4))) - 1;
        const bool referenced = size > BinaryView::kMaxInlined;
        // Inlined: bytes 4..11 masked; referenced: buffer 0, offset from the block's start.
        const uint64_t second = referenced ? (start - base) << 32 : high & high_mask;
        const uint64_t first = (size & 0xFFFFFFFFu) | ((low & low_mask) << 32);
        std::memcpy(views + i * BinaryView::kSize, &first, 8);
        std::memcpy(views + i * BinaryView::kSize + 8, &second, 8);
        any_referenced |= referenced;
    }
    return any_referenced;
}

Buffer BuildViewsOverBytes(const Buffer &bytes,
                           std::span<const uint64_t> offsets,
                           std::vector<Buffer> &data_buffers) {
    const size_t len = offsets.empty() ? 0 : offsets.size() - 1;
    // Every view is written whole below.
    BufferMut views = BufferMut::Uninitialized(len * BinaryView::kSize);
    // A block is a slice of `bytes` of at most 4 GiB; it starts at the first value that
    // does not fit in the previous one.
    constexpr uint64_t kMaxBlock = std::numeric_limits<uint32_t>::max();
    bool have_block = false;
    uint64_t block_start = 0;
    uint64_t block_end = 0;
    const auto close_block = [&] {
        if (have_block) {
            data_buffers.push_back(bytes.Slice(block_start, block_end - block_start));
        }
    };
    // The common case, one block that becomes the first data buffer: every value with 12
    // readable bytes at its start goes branch-free, and the loop below finishes the last few
    // (and everything in the other cases) in that same block.
    size_t begin = 0;
    size_t fast = len;
    while (fast > 0 && offsets[fast - 1] + BinaryView::kMaxInlined > bytes.size()) {
        --fast;
    }
    if (fast > 0 && data_buffers.empty() && offsets[len] - offsets[0] <= kMaxBlock) {
        have_block = WriteViewsBranchFree(bytes.data(), offsets, fast, offsets[0], views.data());
        block_start = offsets[0];
        block_end = offsets[fast];
        begin = fast;
    }
    for (size_t i = begin; i < len; ++i) {
        const uint64_t start = offsets[i];
        const uint64_t size = offsets[i + 1] - start;
        uint8_t *view = views.data() + i * BinaryView::kSize;
        if (size <= BinaryView::kMaxInlined && start + BinaryView::kMaxInlined <= bytes.size()) {
            WriteInlinedView(view, bytes.data() + start, static_cast<uint32_t>(size));
            continue;
        }
        if (size <= BinaryView::kMaxInlined) {
            BinaryView::Write(view, {reinterpret_cast<const char *>(bytes.data()) + start, size}, 0, 0);
            continue;
        }
        if (!have_block || offsets[i + 1] - block_start > kMaxBlock) {
            close_block();
            have_block = true;
            block_start = start;
        }
        block_end = std::max(block_end, offsets[i + 1]);
        // size, 4-byte prefix, buffer index, offset: written whole, no padding to clear.
        uint32_t words[4] = {static_cast<uint32_t>(size), 0, static_cast<uint32_t>(data_buffers.size()),
                             static_cast<uint32_t>(start - block_start)};
        std::memcpy(&words[1], bytes.data() + start, 4);
        std::memcpy(view, words, BinaryView::kSize);
    }
    close_block();
    return std::move(views).Freeze();
}

Status CheckUtf8Values(const Buffer &bytes, std::span<const uint64_t> offsets, const Validity &validity) {
    if (offsets.size() < 2) {
        return Status::OK();
    }
    const uint64_t first = offsets.front();
    const uint64_t last = offsets.back();
    if (first == last) {
        return Status::OK(); // every value is empty
    }
    const auto *data = reinterpret_cast<const char *>(bytes.data());
    if (serde::IsValidUtf8({data + first, last - first})) {
        // No value may start inside a character: checked branch-free, located only on failure.
        bool continuation_start = false;
        for (size_t i = 1; i + 1 < offsets.size(); ++i) {
            const uint64_t at = std::min(offsets[i], last - 1);
            continuation_start |= offsets[i] < last && (bytes.data()[at] & 0xC0) == 0x80;
        }
        if (!continuation_start) {
            return Status::OK();
        }
    }
    for (size_t i = 0; i + 1 < offsets.size(); ++i) {
        if (validity.is_valid(i)) {
            VX_ENSURE(serde::IsValidUtf8({data + offsets[i], offsets[i + 1] - offsets[i]}), InvalidArgument,
                      "value {}: invalid UTF-8", i);
        }
    }
    return Status::OK();
}

// Spec: arrays-encodings 4.6: VarBinMetadata{1: offsets_ptype}; buffers [bytes]; children
// [offsets (len + 1), validity?].
Result<ArrayRef> VarBinEncoding::Build(const DType &dtype,
                                       size_t len,
                                       std::span<const uint8_t> metadata,
                                       std::vector<Buffer> buffers,
                                       const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_utf8() || dtype.is_binary(), Serde, "{}: dtype must be utf8 or binary, got {}", kId,
              dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::array::VarBinMetadata>(kId, metadata));
    VX_ASSIGN_OR_RETURN(PType offsets_ptype, internal::PTypeFromTag(kId, proto.offsets_ptype()));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(kId, "offsets", offsets_ptype));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 1));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 1, 2));
    VX_ENSURE(len < SIZE_MAX, Serde, "{}: length too large", kId);
    VX_ASSIGN_OR_RETURN(ArrayRef offsets,
                        children.Get(0, DType::Primitive(offsets_ptype, Nullability::NonNullable), len + 1));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 1, len));
    VX_ASSIGN_OR_RETURN(
        auto array,
        AsSerde(VarBinArray::TryMake(dtype, std::move(offsets), std::move(buffers[0]), std::move(validity))));
    return ArrayRef(std::move(array));
}

VarBinArray::VarBinArray(Token, DType dtype, IntegerChild offsets, Buffer bytes, Validity validity)
    : Array(VarBinEncoding::Instance(),
            std::move(dtype),
            offsets.len() - 1,
            {bytes},
            VarBinChildren(offsets.stored(), validity, offsets.len() - 1)),
      offsets_(std::move(offsets)), bytes_(std::move(bytes)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const VarBinArray>>
VarBinArray::TryMake(DType dtype, ArrayRef offsets, Buffer bytes, Validity validity) {
    VX_ENSURE(dtype.is_utf8() || dtype.is_binary(), InvalidArgument,
              "varbin dtype must be utf8 or binary, got {}", dtype);
    VX_ENSURE(offsets != nullptr, InvalidArgument, "varbin offsets must not be null");
    VX_ASSIGN_OR_RETURN(IntegerChild lookup, IntegerChild::Make(std::move(offsets), "varbin offsets", false));
    VX_ENSURE(lookup.len() >= 1, InvalidArgument, "varbin offsets need at least one entry");
    const size_t len = lookup.len() - 1;
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, dtype.nullability(), len));
    // A constant child has one distinct value: non-decreasing, and every value is empty.
    for (size_t i = 0; i + 1 < lookup.positions_to_check(); ++i) {
        VX_ENSURE(lookup.at(i) <= lookup.at(i + 1), InvalidArgument, "varbin offsets decrease at {}: {} > {}",
                  i, lookup.at(i), lookup.at(i + 1));
    }
    VX_ENSURE(lookup.at(len) <= bytes.size(), InvalidArgument, "last varbin offset {} exceeds {} bytes",
              lookup.at(len), bytes.size());
    if (dtype.is_utf8() && lookup.primitive() != nullptr) {
        for (size_t i = 0; i < len; ++i) {
            if (!validity.is_valid(i)) {
                continue;
            }
            const std::string_view value{reinterpret_cast<const char *>(bytes.data()) + lookup.at(i),
                                         lookup.at(i + 1) - lookup.at(i)};
            VX_ENSURE(serde::IsValidUtf8(value), InvalidArgument, "varbin value {}: invalid UTF-8", i);
        }
    }
    return std::make_shared<const VarBinArray>(Token{}, std::move(dtype), std::move(lookup), std::move(bytes),
                                               std::move(validity));
}

std::shared_ptr<const VarBinArray>
VarBinArray::Make(DType dtype, ArrayRef offsets, Buffer bytes, Validity validity) {
    auto result = TryMake(std::move(dtype), std::move(offsets), std::move(bytes), std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

std::shared_ptr<const VarBinArray>
VarBinArray::FromStrings(const std::vector<std::optional<std::string>> &values, DType dtype) {
    BufferMut bytes;
    std::vector<uint64_t> offsets = {0};
    BitBufferMut valid(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        if (values[i].has_value()) {
            bytes.Append(values[i]->data(), values[i]->size());
            valid.Set(i, true);
        }
        offsets.push_back(bytes.size());
    }
    Validity validity =
        dtype.is_nullable() ? Validity::FromBits(std::move(valid).Freeze()) : Validity::NonNullable();
    return Make(std::move(dtype), OffsetsArray(offsets), std::move(bytes).Freeze(), std::move(validity));
}

std::string_view VarBinArray::bytes_at(size_t i) const {
    const uint64_t start = offsets_.at(i);
    return {reinterpret_cast<const char *>(bytes_.data()) + start, offsets_.at(i + 1) - start};
}

Result<std::vector<uint8_t>> VarBinArray::SerializeMetadata() const {
    vortex::array::VarBinMetadata proto;
    proto.set_offsets_ptype(static_cast<vortex::dtype::PType>(offsets()->dtype().ptype()));
    return internal::SerializeProtoMetadata(proto);
}

Result<ArrayRef> VarBinArray::ToCanonical() const {
    std::vector<uint64_t> offsets(len() + 1);
    for (size_t i = 0; i <= len(); ++i) {
        offsets[i] = offsets_.at(i);
    }
    std::vector<Buffer> data_buffers;
    Buffer views = BuildViewsOverBytes(bytes_, offsets, data_buffers);
    // The parts were validated at construction (bounds and UTF-8), so no re-check.
    return ArrayRef(std::make_shared<const VarBinViewArray>(
        VarBinViewArray::Token{}, dtype(), std::move(views), std::move(data_buffers), validity_));
}

std::optional<Result<Scalar>> VarBinArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    const std::string_view value = bytes_at(i);
    if (dtype().is_utf8()) {
        return Result<Scalar>(Scalar::Utf8(std::string(value), dtype().nullability()));
    }
    return Result<Scalar>(
        Scalar::Binary(std::vector<uint8_t>(value.begin(), value.end()), dtype().nullability()));
}

std::optional<Result<ArrayRef>> VarBinArray::SliceImpl(size_t start, size_t stop) const {
    auto offsets = Slice(offsets_.array(), start, stop + 1);
    if (!offsets.ok()) {
        return Result<ArrayRef>(offsets.status());
    }
    auto lookup = IntegerChild::Adopt(*std::move(offsets));
    if (!lookup.ok()) {
        return Result<ArrayRef>(lookup.status());
    }
    return Result<ArrayRef>(std::make_shared<const VarBinArray>(Token{}, dtype(), *std::move(lookup), bytes_,
                                                                validity_.Slice(start, stop)));
}

Result<ArrayRef> VarBinArray::Gather(std::span<const size_t> positions, Validity validity) const {
    uint64_t total = 0;
    for (size_t k = 0; k < positions.size(); ++k) {
        if (validity.is_valid(k)) {
            total += offsets_.at(positions[k] + 1) - offsets_.at(positions[k]);
        }
    }
    BufferMut bytes = BufferMut::WithCapacity(total);
    std::vector<uint64_t> offsets(positions.size() + 1);
    for (size_t k = 0; k < positions.size(); ++k) {
        if (validity.is_valid(k)) {
            const std::string_view value = bytes_at(positions[k]);
            bytes.Append(value.data(), value.size());
        }
        offsets[k + 1] = bytes.size();
    }
    DType dtype_out = dtype().WithNullability(validity.nullability());
    VX_ASSIGN_OR_RETURN(IntegerChild lookup, IntegerChild::Adopt(OffsetsArray(offsets)));
    return ArrayRef(std::make_shared<const VarBinArray>(Token{}, std::move(dtype_out), std::move(lookup),
                                                        std::move(bytes).Freeze(), std::move(validity)));
}

std::optional<Result<ArrayRef>> VarBinArray::FilterImpl(const Mask &mask) const {
    const std::vector<size_t> positions = mask.Indices();
    return Gather(positions, validity_.Filter(mask));
}

std::optional<Result<ArrayRef>> VarBinArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    return Gather(decoded->positions, TakeValidity(validity_, *decoded, indices->dtype().is_nullable()));
}

} // namespace vortex
