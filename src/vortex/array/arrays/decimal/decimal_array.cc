// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/decimal/decimal_array.h"

#include <cstring>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/compute/take.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef> DecimalChildren(const Validity &validity, size_t len) {
    std::vector<ArrayRef> children;
    internal::AppendValidityChild(validity, len, children);
    return children;
}

Buffer GatherFixedWidth(const Buffer &values, size_t width, std::span<const size_t> positions) {
    BufferMut out = BufferMut::WithCapacity(positions.size() * width);
    for (size_t i : positions) {
        out.Append(values.data() + i * width, width);
    }
    return std::move(out).Freeze();
}

} // namespace

// Spec: arrays-encodings 4.4: DecimalMetadata{values_type}, buffer [values] aligned to the
// value width, optional validity child.
Result<ArrayRef> DecimalEncoding::Build(const DType &dtype,
                                        size_t len,
                                        std::span<const uint8_t> metadata,
                                        std::vector<Buffer> buffers,
                                        const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_decimal(), Serde, "{}: dtype must be decimal, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::array::DecimalMetadata>(kId, metadata));
    const int tag = static_cast<int>(proto.values_type());
    VX_ENSURE(tag >= 0 && tag <= kMaxDecimalTypeTag, Serde, "{}: invalid values_type {}", kId, tag);
    const auto values_type = static_cast<DecimalType>(tag);
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 1));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 1));
    const size_t width = ByteWidth(values_type);
    VX_ENSURE(len <= SIZE_MAX / width && buffers[0].size() == len * width, Serde,
              "{}: values buffer has {} bytes, expected {} x {}", kId, buffers[0].size(), len, width);
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 0, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        DecimalArray::TryMake(dtype.decimal(), values_type, buffers[0].EnsureAligned(width),
                                              std::move(validity)));
    return ArrayRef(std::move(array));
}

DecimalArray::DecimalArray(
    Token, const DType &dtype, DecimalType values_type, Buffer values, Validity validity)
    : Array(DecimalEncoding::Instance(),
            dtype,
            values.size() / ByteWidth(values_type),
            {values},
            DecimalChildren(validity, values.size() / ByteWidth(values_type))),
      decimal_(dtype.decimal()), values_type_(values_type), values_(std::move(values)),
      validity_(std::move(validity)) {}

Result<std::shared_ptr<const DecimalArray>>
DecimalArray::TryMake(DecimalDType decimal, DecimalType values_type, Buffer values, Validity validity) {
    VX_RETURN_NOT_OK(DecimalDType::Validate(decimal.precision, decimal.scale));
    VX_ENSURE(static_cast<uint8_t>(values_type) <= kMaxDecimalTypeTag, InvalidArgument,
              "invalid decimal type");
    const size_t width = ByteWidth(values_type);
    VX_ENSURE(values.size() % width == 0, InvalidArgument,
              "decimal buffer of {} bytes is not a multiple of {}", values.size(), width);
    VX_ENSURE(values.IsAligned(std::min<size_t>(width, 16)), InvalidArgument,
              "decimal buffer is not aligned");
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), values.size() / width));
    DType dtype = DType::Decimal(decimal.precision, decimal.scale, validity.nullability());
    return std::make_shared<const DecimalArray>(Token{}, std::move(dtype), values_type, std::move(values),
                                                std::move(validity));
}

std::shared_ptr<const DecimalArray>
DecimalArray::Make(DecimalDType decimal, DecimalType values_type, Buffer values, Validity validity) {
    auto result = TryMake(decimal, values_type, std::move(values), std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

Result<std::vector<uint8_t>> DecimalArray::SerializeMetadata() const {
    vortex::array::DecimalMetadata proto;
    proto.set_values_type(static_cast<vortex::array::DecimalType>(values_type_));
    return internal::SerializeProtoMetadata(proto);
}

std::optional<Result<Scalar>> DecimalArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    // Values come from untrusted buffers and may exceed the precision: an error, not an abort.
    return Scalar::TryNew(dtype(), DecimalValue{value_at(i), values_type_});
}

std::optional<Result<ArrayRef>> DecimalArray::SliceImpl(size_t start, size_t stop) const {
    const size_t width = ByteWidth(values_type_);
    return Result<ArrayRef>(Make(decimal_, values_type_, values_.Slice(start * width, (stop - start) * width),
                                 validity_.Slice(start, stop)));
}

std::optional<Result<ArrayRef>> DecimalArray::FilterImpl(const Mask &mask) const {
    const std::vector<size_t> positions = mask.Indices();
    return Result<ArrayRef>(Make(decimal_, values_type_,
                                 GatherFixedWidth(values_, ByteWidth(values_type_), positions),
                                 validity_.Filter(mask)));
}

std::optional<Result<ArrayRef>> DecimalArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    return Result<ArrayRef>(Make(decimal_, values_type_,
                                 GatherFixedWidth(values_, ByteWidth(values_type_), decoded->positions),
                                 TakeValidity(validity_, *decoded, indices->dtype().is_nullable())));
}

} // namespace vortex
