// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/constant/constant_array.h"

#include <algorithm>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex {

// Spec: arrays-encodings 4.12: metadata ignored, buffer [ScalarValue proto], no children.
Result<ArrayRef> ConstantEncoding::Build(const DType &dtype,
                                         size_t len,
                                         std::span<const uint8_t>,
                                         std::vector<Buffer> buffers,
                                         const ArrayChildren &children) const {
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 1));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 0, 0));
    VX_ASSIGN_OR_RETURN(Scalar scalar, DeserializeScalarValue(buffers[0].bytes(), dtype));
    return ArrayRef(std::make_shared<const ConstantArray>(ConstantArray::Token{}, std::move(scalar), len,
                                                          std::move(buffers[0])));
}

ConstantArray::ConstantArray(Token, Scalar scalar, size_t len, Buffer value_bytes)
    : Array(ConstantEncoding::Instance(), scalar.dtype(), len, {std::move(value_bytes)}, {}),
      scalar_(std::make_shared<const Scalar>(std::move(scalar))) {}

std::shared_ptr<const ConstantArray> ConstantArray::Make(Scalar scalar, size_t len) {
    const std::vector<uint8_t> bytes = SerializeScalarValue(scalar);
    Buffer buffer = Buffer::CopyFrom(std::span<const uint8_t>(bytes));
    return std::make_shared<const ConstantArray>(Token{}, std::move(scalar), len, std::move(buffer));
}

bool ConstantArray::is_valid(size_t) const {
    return !scalar_->is_null();
}

Mask ConstantArray::validity_mask() const {
    return scalar_->is_null() ? Mask::AllFalse(len()) : Mask::AllTrue(len());
}

namespace {

// Fills without a Scalar per row: constants are common in compressed data (a constant
// subsecond part, a single-valued column), so expanding one must run at memory speed.
std::optional<ArrayRef> FillFast(const Scalar &scalar, const DType &dtype, size_t len) {
    const Validity validity = Validity::From(dtype.nullability());
    if (dtype.is_primitive()) {
        return VisitPType(dtype.ptype(), [&]<typename T>() -> std::optional<ArrayRef> {
            BufferMut values = BufferMut::Zeroed(len * sizeof(T));
            std::fill_n(values.data_as<T>(), len, scalar.as<T>());
            return ArrayRef(PrimitiveArray::Make(dtype.ptype(), std::move(values).Freeze(), validity));
        });
    }
    if (dtype.is_bool()) {
        return ArrayRef(BoolArray::Make(BitBuffer::Full(len, scalar.as_bool()), validity));
    }
    return std::nullopt;
}

} // namespace

Result<ArrayRef> ConstantArray::ToCanonical() const {
    if (!scalar_->is_null()) {
        if (auto filled = FillFast(*scalar_, dtype(), len())) {
            return *filled;
        }
        if (dtype().is_extension()) {
            auto storage = Make(scalar_->StorageScalar(), len());
            VX_ASSIGN_OR_RETURN(ArrayRef canonical_storage, storage->ToCanonical());
            VX_ASSIGN_OR_RETURN(auto extension,
                                ExtensionArray::TryMake(dtype(), std::move(canonical_storage)));
            return ArrayRef(std::move(extension));
        }
    }
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype()));
    if (scalar_->is_null()) {
        builder->AppendNulls(len());
    } else {
        for (size_t i = 0; i < len(); ++i) {
            VX_RETURN_NOT_OK(builder->AppendScalar(*scalar_));
        }
    }
    return builder->Finish();
}

std::optional<Result<Scalar>> ConstantArray::ScalarAtImpl(size_t) const {
    return Result<Scalar>(*scalar_);
}

std::optional<Result<ArrayRef>> ConstantArray::SliceImpl(size_t start, size_t stop) const {
    return Result<ArrayRef>(Make(*scalar_, stop - start));
}

std::optional<Result<ArrayRef>> ConstantArray::FilterImpl(const Mask &mask) const {
    return Result<ArrayRef>(Make(*scalar_, mask.true_count()));
}

std::optional<Result<ArrayRef>> ConstantArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    if (!indices->dtype().is_nullable()) {
        return Result<ArrayRef>(Make(*scalar_, indices->len()));
    }
    auto nullable = Cast(*scalar_, dtype().AsNullable());
    if (!nullable.ok()) {
        return Result<ArrayRef>(nullable.status());
    }
    if (decoded->validity.all_true() || scalar_->is_null()) {
        return Result<ArrayRef>(Make(*std::move(nullable), indices->len()));
    }
    return std::nullopt;
}

std::optional<Result<ArrayRef>> ConstantArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    const DType result_dtype =
        DType::Bool(NullabilityOf(dtype().is_nullable() || scalar.dtype().is_nullable()));
    if (scalar_->is_null() || scalar.is_null()) {
        return Result<ArrayRef>(Make(Scalar::Null(result_dtype.AsNullable()), len()));
    }
    const bool value = CompareOrdering(Compare(*scalar_, scalar), op);
    return Result<ArrayRef>(Make(Scalar::Bool(value, result_dtype.nullability()), len()));
}

std::optional<Result<ArrayRef>> ConstantArray::MapValuesImpl(const ValueMap &map) const {
    return [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef one, map(Make(*scalar_, 1)));
        VX_ENSURE(one->len() == 1, Internal, "mapping one value gave {}", one->len());
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(one, 0));
        return ArrayRef(Make(std::move(value), len()));
    }();
}

std::optional<Result<std::optional<Scalar>>> ConstantArray::ComputeStatImpl(Stat stat) const {
    using Out = Result<std::optional<Scalar>>;
    const bool null = scalar_->is_null();
    switch (stat) {
        case Stat::IsConstant:
        case Stat::IsSorted:
            return Out(Scalar::Bool(true, Nullability::NonNullable));
        case Stat::IsStrictSorted:
            return Out(Scalar::Bool(len() <= 1, Nullability::NonNullable));
        case Stat::NullCount:
            return Out(Scalar::Primitive<uint64_t>(null ? len() : 0, Nullability::NonNullable));
        case Stat::Min:
        case Stat::Max:
            if (null || len() == 0 || dtype().is_struct() || dtype().is_list() ||
                dtype().is_fixed_size_list()) {
                return std::nullopt;
            }
            {
                auto value = Cast(*scalar_, dtype().AsNonNullable());
                if (!value.ok()) {
                    return Out(value.status());
                }
                return Out(std::optional<Scalar>(*std::move(value)));
            }
        default:
            return std::nullopt;
    }
}

} // namespace vortex
