// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/dict/dict_array.h"

#include <algorithm>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

const DictEncoding &DictEncoding::Instance() {
    static const DictEncoding instance;
    return instance;
}

// Spec: arrays-encodings 4.14: children [codes (len), values (values_len)]; the codes'
// nullability is is_nullable_codes, or the array's when absent.
Result<ArrayRef> DictEncoding::Build(const DType &dtype,
                                     size_t len,
                                     std::span<const uint8_t> metadata,
                                     std::vector<Buffer> buffers,
                                     const ArrayChildren &children) const {
    VX_ASSIGN_OR_RETURN(DictMetadata parsed, DictMetadata::Parse(metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 2, 2));
    const Nullability codes_nullability =
        parsed.is_nullable_codes ? NullabilityOf(*parsed.is_nullable_codes) : dtype.nullability();
    VX_ASSIGN_OR_RETURN(ArrayRef codes,
                        children.Get(0, DType::Primitive(parsed.codes_ptype, codes_nullability), len));
    VX_ASSIGN_OR_RETURN(ArrayRef values, children.Get(1, dtype, parsed.values_len));
    auto array =
        DictArray::TryMake(std::move(codes), std::move(values), parsed.all_values_referenced.value_or(false));
    if (!array.ok()) {
        return Status::Serde("{}: {}", kId, array.status().message());
    }
    VX_ENSURE((*array)->dtype() == dtype, Serde, "{}: codes nullability does not fit dtype {}", kId, dtype);
    return ArrayRef(std::move(array).ValueOrDie());
}

DictArray::DictArray(
    Token, DType dtype, ArrayRef codes, IntegerChild code_lookup, ArrayRef values, bool all_values_referenced)
    : Array(DictEncoding::Instance(), std::move(dtype), codes->len(), {}, {codes, values}),
      code_lookup_(std::move(code_lookup)), all_values_referenced_(all_values_referenced) {}

Result<std::shared_ptr<const DictArray>>
DictArray::TryMake(ArrayRef codes, ArrayRef values, bool all_values_referenced) {
    VX_ENSURE(codes && values, InvalidArgument, "dict parts must not be null");
    VX_ENSURE(codes->dtype().is_primitive() && IsInt(codes->dtype().ptype()), InvalidArgument,
              "dict codes must be integers, got {}", codes->dtype());
    VX_ENSURE(values->len() <= UINT32_MAX, InvalidArgument, "dict has {} values, more than u32",
              values->len());
    VX_ASSIGN_OR_RETURN(IntegerChild lookup, IntegerChild::Make(codes, "dict codes", true));
    const PrimitiveArray *primitive = lookup.primitive();
    if (primitive != nullptr && primitive->len() > 0 && primitive->validity_mask().all_true()) {
        // No nulls: the largest code decides (a vectorizable pass, not a lookup per row).
        const uint64_t largest = VisitIntPType(primitive->ptype(), [&]<typename T>() {
            T largest_code = 0;
            for (const T code : primitive->values_as<T>()) {
                largest_code = std::max(largest_code, code);
            }
            return static_cast<uint64_t>(largest_code);
        });
        VX_ENSURE(largest < values->len(), InvalidArgument, "dict code {} out of range for {} values",
                  largest, values->len());
    } else {
        for (size_t i = 0; i < lookup.positions_to_check(); ++i) {
            VX_ENSURE(!lookup.is_valid(i) || lookup.at(i) < values->len(), InvalidArgument,
                      "dict code {} at {} out of range for {} values", lookup.at(i), i, values->len());
        }
    }
    DType dtype = values->dtype();
    if (codes->dtype().is_nullable() && !dtype.is_nullable()) {
        // The values child is serialized with the array's dtype, so make it nullable too.
        dtype = dtype.AsNullable();
        VX_ASSIGN_OR_RETURN(values, Cast(values, dtype));
    }
    return std::make_shared<const DictArray>(Token{}, std::move(dtype), std::move(codes), std::move(lookup),
                                             std::move(values), all_values_referenced);
}

std::shared_ptr<const DictArray> DictArray::Make(ArrayRef codes, ArrayRef values) {
    auto result = TryMake(std::move(codes), std::move(values));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

DictMetadata DictArray::metadata() const {
    DictMetadata out;
    out.values_len = static_cast<uint32_t>(values()->len());
    out.codes_ptype = codes()->dtype().ptype();
    out.is_nullable_codes = codes()->dtype().is_nullable();
    out.all_values_referenced = all_values_referenced_;
    return out;
}

bool DictArray::is_valid(size_t i) const {
    return code_lookup_.is_valid(i) && values()->is_valid(code_lookup_.at(i));
}

Mask DictArray::validity_mask() const {
    const Mask codes_mask = code_lookup_.array()->validity_mask();
    const Mask values_mask = values()->validity_mask();
    if (values_mask.all_true()) {
        return codes_mask;
    }
    BitBufferMut bits(len());
    for (size_t i = 0; i < len(); ++i) {
        bits.Set(i, is_valid(i));
    }
    return Mask::FromBits(std::move(bits).Freeze());
}

Result<ArrayRef> DictArray::ToCanonical() const {
    // Decode the dictionary once, then gather: taking from encoded values first would make an
    // encoded array as long as the codes (an FSST take gathers codes) and decode every row.
    ArrayRef source = values();
    if (source->len() <= len()) {
        VX_ASSIGN_OR_RETURN(source, Canonicalize(source));
    }
    VX_ASSIGN_OR_RETURN(ArrayRef taken, Take(source, code_lookup_.array()));
    return Canonicalize(taken);
}

std::optional<Result<Scalar>> DictArray::ScalarAtImpl(size_t i) const {
    if (!code_lookup_.is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    // One value lookup instead of canonicalizing the whole dictionary.
    return ScalarAtAs(values(), code_lookup_.at(i), dtype());
}

Result<ArrayRef> DictArray::WithCodes(Result<ArrayRef> new_codes) const {
    VX_ASSIGN_OR_RETURN(ArrayRef codes_out, std::move(new_codes));
    return TryMake(std::move(codes_out), values());
}

std::optional<Result<ArrayRef>> DictArray::SliceImpl(size_t start, size_t stop) const {
    return WithCodes(Slice(codes(), start, stop));
}

std::optional<Result<ArrayRef>> DictArray::FilterImpl(const Mask &mask) const {
    return WithCodes(Filter(codes(), mask));
}

std::optional<Result<ArrayRef>> DictArray::TakeImpl(const ArrayRef &indices) const {
    return WithCodes(Take(codes(), indices));
}

std::optional<Result<ArrayRef>> DictArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    // A sliced or filtered dictionary may hold more values than codes: canonical is cheaper.
    if (values()->len() > len()) {
        return std::nullopt;
    }
    // The values' nullability is the array's, so the taken result has the nullability
    // CompareScalar promises (either side's); a null code gives a null.
    auto per_value = CompareScalar(values(), scalar, op);
    if (!per_value.ok()) {
        return Result<ArrayRef>(per_value.status());
    }
    return Take(*per_value, code_lookup_.array());
}

std::optional<Result<std::optional<Scalar>>> DictArray::ComputeStatImpl(Stat stat) const {
    switch (stat) {
        case Stat::Min:
        case Stat::Max:
            // Only a dictionary whose every value is used has the values' bounds.
            if (!all_values_referenced_) {
                return std::nullopt;
            }
            return values()->statistics().Get(stat);
        case Stat::NullCount: {
            auto value_nulls = values()->statistics().null_count();
            if (!value_nulls.ok()) {
                return Result<std::optional<Scalar>>(value_nulls.status());
            }
            if (*value_nulls != 0) {
                return std::nullopt;
            }
            return Result<std::optional<Scalar>>(
                Scalar::Primitive<uint64_t>(NullCount(code_lookup_.array()), Nullability::NonNullable));
        }
        default:
            return std::nullopt;
    }
}

} // namespace vortex
