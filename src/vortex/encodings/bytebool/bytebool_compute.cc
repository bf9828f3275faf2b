// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/take.h"
#include "vortex/encodings/bytebool/bytebool_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex::bytebool {

namespace {

// Gathers bytes[positions[k]] into a new byte buffer.
Buffer GatherBytes(std::span<const uint8_t> bytes, std::span<const size_t> positions) {
    BufferMut out = BufferMut::Zeroed(positions.size());
    uint8_t *dst = out.data();
    for (size_t k = 0; k < positions.size(); ++k) {
        dst[k] = bytes[positions[k]];
    }
    return std::move(out).Freeze();
}

Result<ArrayRef> MakeRef(const Buffer &bytes, Validity validity) {
    VX_ASSIGN_OR_RETURN(auto array, ByteBoolArray::TryMake(bytes, std::move(validity)));
    return ArrayRef(std::move(array));
}

} // namespace

std::optional<Result<Scalar>> ByteBoolArray::ScalarAtImpl(size_t i) const {
    if (!validity_.is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    // Any non-zero byte is true (spec 7.10), as the reference's canonicalization reads it.
    return Result<Scalar>(Scalar::Bool(value(i), dtype().nullability()));
}

std::optional<Result<ArrayRef>> ByteBoolArray::SliceImpl(size_t start, size_t stop) const {
    return MakeRef(buffers()[0].Slice(start, stop - start), validity_.Slice(start, stop));
}

std::optional<Result<ArrayRef>> ByteBoolArray::FilterImpl(const Mask &mask) const {
    const std::vector<size_t> positions = mask.Indices();
    return MakeRef(GatherBytes(bytes(), positions), validity_.Filter(mask));
}

std::optional<Result<ArrayRef>> ByteBoolArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    // Null indices decode to position 0, which exists: Take() handles empty arrays itself.
    return MakeRef(GatherBytes(bytes(), decoded->positions),
                   TakeValidity(validity_, *decoded, indices->dtype().is_nullable()));
}

} // namespace vortex::bytebool
