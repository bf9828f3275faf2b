// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/primitive/primitive_array.h"

#include <cstring>
#include <limits>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/int_range.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/compute/total_order.h"
#include "vortex/array/take_bytes.h"
#include "vortex/buffer/mask_iteration.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef> PrimitiveChildren(const Validity &validity, size_t len) {
    std::vector<ArrayRef> children;
    internal::AppendValidityChild(validity, len, children);
    return children;
}

template <typename T, typename I>
Buffer GatherValues(std::span<const T> values, std::span<const I> positions) {
    BufferMut out = BufferMut::Uninitialized(positions.size() * sizeof(T));
    T *dst = out.data_as<T>();
    for (size_t i = 0; i < positions.size(); ++i) {
        dst[i] = values[positions[i]];
    }
    return std::move(out).Freeze();
}

// Converts one value, reporting whether it is exactly representable in `To`.
template <typename To, typename From>
bool ConvertExact(From value, To &out) {
    if constexpr (std::is_same_v<To, From>) {
        out = value;
        return true;
    } else if constexpr (std::is_same_v<From, Half>) {
        return ConvertExact<To>(value.ToFloat(), out);
    } else if constexpr (std::is_same_v<To, Half>) {
        float as_float;
        if (!ConvertExact<float>(value, as_float)) {
            return false;
        }
        out = Half::FromFloat(as_float);
        return std::isnan(as_float) || out.ToFloat() == as_float;
    } else if constexpr (std::is_integral_v<To> && std::is_integral_v<From>) {
        if (!std::in_range<To>(value)) {
            return false;
        }
        out = static_cast<To>(value); // NOLINT(bugprone-signed-char-misuse): int8_t numbers, not characters
        return true;
    } else if constexpr (std::is_integral_v<To>) {
        // float -> int: must be finite, integral and in range.
        if (!std::isfinite(value) || std::trunc(value) != value) {
            return false;
        }
        if (value < static_cast<From>(std::numeric_limits<To>::min()) ||
            value >= std::ldexp(From(1), std::numeric_limits<To>::digits)) {
            return false;
        }
        out = static_cast<To>(value);
        return true;
    } else {
        // to float: from int or another float; exact when it converts back unchanged.
        out = static_cast<To>(value);
        if constexpr (std::is_floating_point_v<From>) {
            return std::isnan(value) || static_cast<From>(out) == value;
        } else {
            // A value rounded up to 2^digits would overflow on the way back.
            if (out >= std::ldexp(To(1), std::numeric_limits<From>::digits)) {
                return false;
            }
            return static_cast<From>(out) == value;
        }
    }
}

} // namespace

Result<std::vector<uint64_t>> IntegersAsU64(const PrimitiveArray &array, std::string_view what) {
    VX_ENSURE(IsInt(array.ptype()), Serde, "{} must be integers, got {}", what, PTypeName(array.ptype()));
    return VisitIntPType(array.ptype(), [&]<typename T>() -> Result<std::vector<uint64_t>> {
        auto values = array.values_as<T>();
        std::vector<uint64_t> out(values.size());
        for (size_t i = 0; i < values.size(); ++i) {
            if (!array.is_valid(i)) {
                continue;
            }
            if constexpr (std::is_signed_v<T>) {
                VX_ENSURE(values[i] >= 0, Serde, "{} contain a negative value {} at {}", what, values[i], i);
            }
            out[i] = static_cast<uint64_t>(values[i]); // NOLINT(bugprone-signed-char-misuse): checked >= 0
        }
        return out;
    });
}

Result<std::shared_ptr<const PrimitiveArray>> CanonicalIntegers(const ArrayRef &array,
                                                                std::string_view what) {
    VX_ENSURE(array->dtype().is_primitive() && IsInt(array->dtype().ptype()), Serde,
              "{} must have an integer dtype, got {}", what, array->dtype());
    VX_ENSURE(!array->dtype().is_nullable(), Serde, "{} must be non-nullable", what);
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    auto primitive = As<PrimitiveArray>(canonical);
    VX_ENSURE(primitive != nullptr, Internal, "{} did not canonicalize to a primitive array", what);
    return primitive;
}

// Spec: arrays-encodings 4.3: empty metadata, buffer [values] of len * width bytes aligned to
// the width, optional validity child.
Result<ArrayRef> PrimitiveEncoding::Build(const DType &dtype,
                                          size_t len,
                                          std::span<const uint8_t> metadata,
                                          std::vector<Buffer> buffers,
                                          const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive(), Serde, "{}: dtype must be primitive, got {}", kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 1));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 1));
    const size_t width = ByteWidth(dtype.ptype());
    VX_ENSURE(len <= SIZE_MAX / width && buffers[0].size() == len * width, Serde,
              "{}: values buffer has {} bytes, expected {} x {}", kId, buffers[0].size(), len, width);
    Buffer values = buffers[0].EnsureAligned(width);
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 0, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        PrimitiveArray::TryMake(dtype.ptype(), std::move(values), std::move(validity)));
    return ArrayRef(std::move(array));
}

PrimitiveArray::PrimitiveArray(Token, PType ptype, Buffer values, Validity validity)
    : Array(PrimitiveEncoding::Instance(),
            DType::Primitive(ptype, validity.nullability()),
            values.size() / ByteWidth(ptype),
            {values},
            PrimitiveChildren(validity, values.size() / ByteWidth(ptype))),
      ptype_(ptype), values_(std::move(values)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const PrimitiveArray>>
PrimitiveArray::TryMake(PType ptype, Buffer values, Validity validity) {
    VX_ENSURE(IsValidPTypeTag(static_cast<uint8_t>(ptype)), InvalidArgument, "invalid ptype");
    const size_t width = ByteWidth(ptype);
    VX_ENSURE(values.size() % width == 0, InvalidArgument,
              "{} values buffer of {} bytes is not a multiple of {}", PTypeName(ptype), values.size(), width);
    VX_ENSURE(values.IsAligned(width), InvalidArgument, "{} values buffer is not aligned", PTypeName(ptype));
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), values.size() / width));
    return std::make_shared<const PrimitiveArray>(Token{}, ptype, std::move(values), std::move(validity));
}

Result<std::shared_ptr<const PrimitiveArray>>
PrimitiveArray::FromValidValues(PType ptype, Buffer valid_values, Validity validity, size_t len) {
    const size_t width = ByteWidth(ptype);
    if (valid_values.size() == len * width) {
        return TryMake(ptype, std::move(valid_values), std::move(validity));
    }
    VX_ENSURE(valid_values.size() == (len - validity.null_count(len)) * width, InvalidArgument,
              "{} bytes of values for {} valid rows of {}", valid_values.size(),
              len - validity.null_count(len), PTypeName(ptype));
    BufferMut values = BufferMut::Zeroed(len * width);
    const uint8_t *source = valid_values.data();
    for (size_t row = 0; row < len; ++row) {
        if (validity.is_valid(row)) {
            std::memcpy(values.data() + row * width, source, width);
            source += width;
        }
    }
    return TryMake(ptype, std::move(values).Freeze(), std::move(validity));
}

std::vector<uint8_t> PrimitiveArray::ValidValueBytes() const {
    const size_t width = ByteWidth(ptype_);
    const uint8_t *source = values_.data();
    if (validity_.trivially_all_valid()) {
        return {source, source + len() * width};
    }
    std::vector<uint8_t> bytes;
    bytes.reserve(len() * width);
    for (size_t i = 0; i < len(); ++i) {
        if (validity_.is_valid(i)) {
            bytes.insert(bytes.end(), source + i * width, source + (i + 1) * width);
        }
    }
    return bytes;
}

std::shared_ptr<const PrimitiveArray> PrimitiveArray::Make(PType ptype, Buffer values, Validity validity) {
    auto result = TryMake(ptype, std::move(values), std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

std::optional<Result<Scalar>> PrimitiveArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    return VisitPType(ptype_, [&]<typename T>() {
        return Result<Scalar>(Scalar::Primitive<T>(values_as<T>()[i], dtype().nullability()));
    });
}

std::optional<Result<ArrayRef>> PrimitiveArray::SliceImpl(size_t start, size_t stop) const {
    const size_t width = ByteWidth(ptype_);
    return Result<ArrayRef>(
        Make(ptype_, values_.Slice(start * width, (stop - start) * width), validity_.Slice(start, stop)));
}

std::optional<Result<ArrayRef>> PrimitiveArray::FilterImpl(const Mask &mask) const {
    Buffer values = VisitPType(ptype_, [&]<typename T>() {
        BufferMut out = BufferMut::Uninitialized(mask.true_count() * sizeof(T));
        T *dst = out.data_as<T>();
        const T *src = values_as<T>().data();
        ForEachKept(mask, [&](size_t i) { *dst++ = src[i]; });
        return std::move(out).Freeze();
    });
    return Result<ArrayRef>(Make(ptype_, std::move(values), validity_.Filter(mask)));
}

// The validity child is decoded whole by Build (Validity::FromChild); the values are not read.
std::optional<uint64_t> PrimitiveEncoding::PartialChildren(std::span<const uint8_t>, size_t) const {
    return 0;
}

void PrimitiveArray::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    sink.Elements(values_, ByteWidth(ptype_), positions);
}

std::optional<Result<ArrayRef>> PrimitiveArray::TakeImpl(const ArrayRef &indices) const {
    // Dictionary decoding lands here for every row: gather with the codes as they are.
    Buffer gathered;
    Validity validity;
    auto dense = TakeDense(indices, len(), [&]<typename I>(std::span<const I> positions) {
        gathered =
            VisitPType(ptype_, [&]<typename T>() { return GatherValues<T>(values_as<T>(), positions); });
        validity = DenseTakeValidity(validity_, *indices, positions);
    });
    if (dense) {
        if (!dense->ok()) {
            return Result<ArrayRef>(*dense);
        }
        return Result<ArrayRef>(Make(ptype_, std::move(gathered), std::move(validity)));
    }
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    Buffer values = VisitPType(
        ptype_, [&]<typename T>() { return GatherValues<T, size_t>(values_as<T>(), decoded->positions); });
    return Result<ArrayRef>(
        Make(ptype_, std::move(values), TakeValidity(validity_, *decoded, indices->dtype().is_nullable())));
}

std::optional<Result<BitBuffer>> PrimitiveArray::IntRangeImpl(const IntRange &range) const {
    if (!IsInt(ptype_)) {
        return std::nullopt;
    }
    return Result<BitBuffer>(VisitIntPType(ptype_, [&]<typename T>() {
        using U = std::make_unsigned_t<T>;
        return IntRangeBitBuffer<U>(reinterpret_cast<const U *>(values_.data()), len(), range);
    }));
}

std::optional<Result<ArrayRef>> PrimitiveArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    if (IsInt(ptype_)) {
        return CompareByIntRange(*this, scalar, op); // one SIMD range test per value
    }
    BitBuffer out = VisitPType(ptype_, [&]<typename T>() {
        const auto rhs = TotalOrderKey(scalar.as<T>());
        const std::span<const T> values = values_as<T>();
        // One loop per operator, so each packs 64 comparisons into a word without branching.
        return WithComparator(op, [&](auto holds) {
            return BitBuffer::FromPredicate(values.size(),
                                            [&](size_t i) { return holds(TotalOrderKey(values[i]), rhs); });
        });
    });
    return Result<ArrayRef>(
        MakeCompareResult(std::move(out), validity_, dtype().is_nullable() || scalar.dtype().is_nullable()));
}

std::optional<Result<ArrayRef>> PrimitiveArray::CastImpl(const DType &target) const {
    if (!target.is_primitive()) {
        return std::nullopt;
    }
    auto validity = validity_.WithNullability(target.nullability(), len());
    if (!validity.ok()) {
        return Result<ArrayRef>(validity.status());
    }
    return VisitPType(ptype_, [&]<typename From>() {
        return VisitPType(target.ptype(), [&]<typename To>() -> Result<ArrayRef> {
            auto values = values_as<From>();
            BufferMut out = BufferMut::Zeroed(values.size() * sizeof(To));
            To *dst = out.data_as<To>();
            for (size_t i = 0; i < values.size(); ++i) {
                if (!validity_.is_valid(i)) {
                    continue;
                }
                VX_ENSURE(ConvertExact<To>(values[i], dst[i]), Compute,
                          "cannot cast value at {} from {} to {}", i, PTypeName(ptype_),
                          PTypeName(target.ptype()));
            }
            return ArrayRef(Make(target.ptype(), std::move(out).Freeze(), *validity));
        });
    });
}

} // namespace vortex
