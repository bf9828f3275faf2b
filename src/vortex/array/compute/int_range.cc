// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/int_range.h"

#include <algorithm>
#include <limits>
#include <type_traits>

#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/encoding.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

std::optional<IntRange> ClippedIntRange(PType ptype, int128_t lower, int128_t upper) {
    return VisitIntPType(ptype, [&]<typename T>() -> std::optional<IntRange> {
        using U = std::make_unsigned_t<T>;
        const int128_t lo = std::max(lower, static_cast<int128_t>(std::numeric_limits<T>::min()));
        const int128_t hi = std::min(upper, static_cast<int128_t>(std::numeric_limits<T>::max()));
        if (lo > hi) {
            return std::nullopt;
        }
        // Both fit T, so hi - lo fits U and lo's bits as U are its two's complement.
        return IntRange{static_cast<U>(static_cast<T>(lo)), static_cast<U>(hi - lo)};
    });
}

template <typename U>
BitBuffer IntRangeBitBuffer(const U *values, size_t n, IntRange range) {
    BufferMut words = BufferMut::Uninitialized((n + 63) / 64 * sizeof(uint64_t), alignof(uint64_t));
    IntRangeWords<U>(values, n, range, reinterpret_cast<uint64_t *>(words.data()));
    return BitBuffer(std::move(words).Freeze(), 0, n);
}

template BitBuffer IntRangeBitBuffer<uint8_t>(const uint8_t *, size_t, IntRange);
template BitBuffer IntRangeBitBuffer<uint16_t>(const uint16_t *, size_t, IntRange);
template BitBuffer IntRangeBitBuffer<uint32_t>(const uint32_t *, size_t, IntRange);
template BitBuffer IntRangeBitBuffer<uint64_t>(const uint64_t *, size_t, IntRange);

std::optional<IntRange> CompareToIntRange(PType ptype, int128_t constant, CompareOp op, bool *negate) {
    *negate = op == CompareOp::NotEq;
    // Wider than any 64-bit type, so the ends never clip a real value.
    constexpr int128_t kBelow = -(static_cast<int128_t>(1) << 80);
    constexpr int128_t kAbove = static_cast<int128_t>(1) << 80;
    switch (op) {
        case CompareOp::Eq:
        case CompareOp::NotEq:
            return ClippedIntRange(ptype, constant, constant);
        case CompareOp::Gt:
            return ClippedIntRange(ptype, constant + 1, kAbove);
        case CompareOp::Gte:
            return ClippedIntRange(ptype, constant, kAbove);
        case CompareOp::Lt:
            return ClippedIntRange(ptype, kBelow, constant - 1);
        case CompareOp::Lte:
            return ClippedIntRange(ptype, kBelow, constant);
    }
    return std::nullopt;
}

std::optional<Result<ArrayRef>> CompareByIntRange(const Array &array, const Scalar &scalar, CompareOp op) {
    const int128_t constant = VisitIntPType(
        array.dtype().ptype(), [&]<typename T>() { return static_cast<int128_t>(scalar.as<T>()); });
    bool negate = false;
    const std::optional<IntRange> range = CompareToIntRange(array.dtype().ptype(), constant, op, &negate);
    const bool nullable = array.dtype().is_nullable() || scalar.dtype().is_nullable();
    const Validity validity = Validity::FromMask(array.validity_mask());
    if (!range) {
        return Result<ArrayRef>(MakeCompareResult(BitBuffer::Full(array.len(), negate), validity, nullable));
    }
    std::optional<Result<BitBuffer>> bits = array.IntRangeImpl(*range);
    if (!bits) {
        return std::nullopt;
    }
    if (!bits->ok()) {
        return Result<ArrayRef>(bits->status());
    }
    BitBuffer values = std::move(**bits);
    if (negate) {
        values =
            BitBuffer::FromWords(values.len(), [&values](size_t i, size_t n) { return ~values.Word(i, n); });
    }
    return Result<ArrayRef>(MakeCompareResult(std::move(values), validity, nullable));
}

Result<BitBuffer> IntRangeBits(const ArrayRef &array, const IntRange &range) {
    VX_ENSURE(array->dtype().is_primitive() && IsInt(array->dtype().ptype()), InvalidArgument,
              "an integer range needs an integer array, got {}", array->dtype());
    if (auto bits = array->IntRangeImpl(range)) {
        return *std::move(bits);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (auto bits = canonical->IntRangeImpl(range)) {
        return *std::move(bits);
    }
    return Status::Internal("{} has no integer range kernel", canonical->encoding().id());
}

Result<ArrayRef> InIntRange(const ArrayRef &array, const IntRange &range, bool nullable) {
    VX_ASSIGN_OR_RETURN(BitBuffer bits, IntRangeBits(array, range));
    return MakeCompareResult(std::move(bits), Validity::FromMask(array->validity_mask()),
                             nullable || array->dtype().is_nullable());
}

} // namespace vortex
