// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/take_bytes.h"
#include "vortex/encodings/zigzag/zigzag_array.h"
#include "vortex/encodings/zigzag/zigzag_internal.h"
#include "vortex/scalar/scalar.h"

namespace vortex::zigzag {
namespace {

Result<ArrayRef> Wrap(Result<ArrayRef> encoded) {
    VX_ASSIGN_OR_RETURN(ArrayRef child, std::move(encoded));
    VX_ASSIGN_OR_RETURN(auto array, ZigZagArray::TryMake(child));
    return ArrayRef(std::move(array));
}

} // namespace

std::optional<Result<Scalar>> ZigZagArray::ScalarAtImpl(size_t i) const {
    auto encoded_scalar = ScalarAt(encoded(), i);
    if (!encoded_scalar.ok()) {
        return Result<Scalar>(encoded_scalar.status());
    }
    if (encoded_scalar->is_null()) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    return VisitIntPType(encoded()->dtype().ptype(), [&]<typename U>() -> Result<Scalar> {
        if constexpr (std::is_unsigned_v<U>) {
            return Scalar::Primitive(internal::DecodeValue(encoded_scalar->as<U>()), dtype().nullability());
        } else {
            return Status::Internal("zigzag child is not unsigned");
        }
    });
}

std::optional<Result<ArrayRef>> ZigZagArray::SliceImpl(size_t start, size_t stop) const {
    return Wrap(Slice(encoded(), start, stop));
}

std::optional<Result<ArrayRef>> ZigZagArray::FilterImpl(const Mask &mask) const {
    return Wrap(Filter(encoded(), mask));
}

// Build reads nothing of the encoded child.
std::optional<uint64_t> ZigZagEncoding::PartialChildren(std::span<const uint8_t>, size_t) const {
    return 1;
}

void ZigZagArray::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    encoded()->DeclareTakeBytes(positions, sink);
}

std::optional<Result<ArrayRef>> ZigZagArray::TakeImpl(const ArrayRef &indices) const {
    return Wrap(Take(encoded(), indices));
}

std::optional<Result<std::optional<Scalar>>> ZigZagArray::ComputeStatImpl(Stat stat) const {
    if (stat != Stat::NullCount) {
        return std::nullopt;
    }
    return encoded()->statistics().Get(Stat::NullCount);
}

} // namespace vortex::zigzag
