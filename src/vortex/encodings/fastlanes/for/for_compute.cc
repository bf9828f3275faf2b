// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Kernels of fastlanes.for that run on the encoded child.

#include <limits>
#include <type_traits>

#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/int_range.h"
#include "vortex/base/int128.h"
#include "vortex/encodings/fastlanes/for/for_array.h"

namespace vortex::fastlanes {

namespace {

// The range [min, max] of the encoded child's valid values, when every decoded value is
// reference + encoded without wrapping: encoded >= 0 and reference + max <= T's maximum. Then
// decoding is monotonic and order questions can be asked of the child. Empty when the child
// is all null, its stats fail, or the values wrap.
template <typename T>
std::optional<std::pair<T, T>> NonWrappingChildRange(const FoRArray &array) {
    auto min = array.encoded()->statistics().Get(Stat::Min);
    auto max = array.encoded()->statistics().Get(Stat::Max);
    if (!min.ok() || !max.ok() || !min->has_value() || !max->has_value()) {
        return std::nullopt;
    }
    const T min_encoded = (*min)->template as<T>();
    const T max_encoded = (*max)->template as<T>();
    const int128_t reference = array.reference().as<T>();
    if (min_encoded < 0 || reference + static_cast<int128_t>(max_encoded) > std::numeric_limits<T>::max()) {
        return std::nullopt;
    }
    return std::make_pair(min_encoded, max_encoded);
}

} // namespace

// Every value is reference + encoded (mod 2^bits), so a range test of the values is the same
// range test of the encoded child with the base moved down by the reference.
std::optional<Result<BitBuffer>> FoRArray::IntRangeImpl(const IntRange &range) const {
    const uint64_t reference = VisitIntPType(dtype().ptype(), [&]<typename T>() {
        return static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(reference_.as<T>()));
    });
    return IntRangeBits(encoded(), IntRange{range.base - reference, range.span});
}

std::optional<Result<ArrayRef>> FoRArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    return CompareByIntRange(*this, scalar, op);
}

std::optional<Result<std::optional<Scalar>>> FoRArray::ComputeStatImpl(Stat stat) const {
    if (stat == Stat::NullCount) {
        return encoded()->statistics().Get(Stat::NullCount);
    }
    if (stat != Stat::Min && stat != Stat::Max) {
        return std::nullopt;
    }
    return VisitIntPType(dtype().ptype(), [&]<typename T>() -> std::optional<Result<std::optional<Scalar>>> {
        const auto range = NonWrappingChildRange<T>(*this);
        if (!range) {
            return std::nullopt;
        }
        const T encoded_value = stat == Stat::Min ? range->first : range->second;
        const T value = static_cast<T>(encoded_value + reference_.as<T>()); // no overflow: checked above
        return Result<std::optional<Scalar>>(Scalar::Primitive<T>(value, Nullability::NonNullable));
    });
}

} // namespace vortex::fastlanes
