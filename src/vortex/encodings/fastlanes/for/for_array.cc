// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fastlanes/for/for_array.h"

#include <type_traits>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/take_bytes.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex::fastlanes {

// Spec: arrays-encodings 6.2: the metadata is a bare ScalarValue decoded with the array dtype;
// exactly one child with the array dtype and length.
Result<ArrayRef> FoREncoding::Build(const DType &dtype,
                                    size_t len,
                                    std::span<const uint8_t> metadata,
                                    std::vector<Buffer> buffers,
                                    const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_primitive() && IsInt(dtype.ptype()), Serde, "{}: dtype must be an integer, got {}",
              kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 1, 1));
    auto reference = DeserializeScalarValue(metadata, dtype);
    if (!reference.ok()) {
        return Status::Serde("{}: bad reference: {}", kId, reference.status().message());
    }
    VX_ENSURE(!reference->is_null(), Serde, "{}: the reference must not be null", kId);
    VX_ASSIGN_OR_RETURN(ArrayRef encoded, children.Get(0, dtype, len));
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(FoRArray::TryMake(encoded, *reference)));
    return ArrayRef(std::move(array));
}

FoRArray::FoRArray(Token, const ArrayRef &encoded, Scalar reference)
    : Array(FoREncoding::Instance(), encoded->dtype(), encoded->len(), {}, {encoded}),
      reference_(std::move(reference)) {}

Result<std::shared_ptr<const FoRArray>> FoRArray::TryMake(const ArrayRef &encoded, const Scalar &reference) {
    VX_ENSURE(encoded != nullptr, InvalidArgument, "FoR encoded child must not be null");
    const DType &dtype = encoded->dtype();
    VX_ENSURE(dtype.is_primitive() && IsInt(dtype.ptype()), InvalidArgument,
              "FoR requires an integer dtype, got {}", dtype);
    VX_ENSURE(!reference.is_null(), InvalidArgument, "FoR reference must not be null");
    VX_ENSURE(reference.dtype().EqualsIgnoringNullability(dtype), InvalidArgument,
              "FoR reference dtype {} does not match encoded dtype {}", reference.dtype(), dtype);
    VX_ASSIGN_OR_RETURN(Scalar adapted, Cast(reference, dtype));
    return std::make_shared<const FoRArray>(Token{}, encoded, std::move(adapted));
}

Result<std::vector<uint8_t>> FoRArray::SerializeMetadata() const {
    return SerializeScalarValue(reference_);
}

namespace {

// The reference's bits as the unsigned type of the ptype's width.
template <typename T>
std::make_unsigned_t<T> ReferenceBits(const Scalar &reference) {
    return static_cast<std::make_unsigned_t<T>>(reference.as<T>());
}

} // namespace

Result<ArrayRef> FoRArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(encoded()));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, Internal, "FoR child did not canonicalize to a primitive array");
    return VisitIntPType(primitive->ptype(), [&]<typename T>() -> Result<ArrayRef> {
        using U = std::make_unsigned_t<T>;
        const U reference = ReferenceBits<T>(reference_);
        const auto in = primitive->values().span<U>();
        BufferMut out = BufferMut::Zeroed(in.size() * sizeof(U));
        U *__restrict dst = out.data_as<U>();
        // Wrapping add in the unsigned type: auto-vectorizes and never overflows signed.
        for (size_t i = 0; i < in.size(); ++i) {
            dst[i] = static_cast<U>(in[i] + reference);
        }
        return ArrayRef(
            PrimitiveArray::Make(primitive->ptype(), std::move(out).Freeze(), primitive->validity()));
    });
}

std::optional<Result<Scalar>> FoRArray::ScalarAtImpl(size_t i) const {
    auto encoded_value = ScalarAt(encoded(), i);
    if (!encoded_value.ok()) {
        return Result<Scalar>(encoded_value.status());
    }
    if (encoded_value->is_null()) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    return VisitIntPType(dtype().ptype(), [&]<typename T>() -> Result<Scalar> {
        using U = std::make_unsigned_t<T>;
        const U sum = static_cast<U>(static_cast<U>(encoded_value->as<T>()) + ReferenceBits<T>(reference_));
        return Scalar::Primitive<T>(static_cast<T>(sum), dtype().nullability());
    });
}

Result<ArrayRef> FoRArray::WithEncoded(Result<ArrayRef> new_encoded) const {
    VX_ASSIGN_OR_RETURN(ArrayRef child, std::move(new_encoded));
    VX_ASSIGN_OR_RETURN(auto array, TryMake(child, reference_));
    return ArrayRef(std::move(array));
}

std::optional<Result<ArrayRef>> FoRArray::SliceImpl(size_t start, size_t stop) const {
    return WithEncoded(Slice(encoded(), start, stop));
}

std::optional<Result<ArrayRef>> FoRArray::FilterImpl(const Mask &mask) const {
    return WithEncoded(Filter(encoded(), mask));
}

// Build reads the reference from the metadata and nothing of the encoded child.
std::optional<uint64_t> FoREncoding::PartialChildren(std::span<const uint8_t>, size_t) const {
    return 1;
}

void FoRArray::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    encoded()->DeclareTakeBytes(positions, sink);
}

std::optional<Result<ArrayRef>> FoRArray::TakeImpl(const ArrayRef &indices) const {
    return WithEncoded(Take(encoded(), indices));
}

} // namespace vortex::fastlanes
