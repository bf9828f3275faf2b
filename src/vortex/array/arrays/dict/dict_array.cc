// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/dict/dict_array.h"

#include <algorithm>

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/map_values.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

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
    VX_ASSIGN_OR_RETURN(auto array,
                        AsSerde(DictArray::TryMake(std::move(codes), std::move(values),
                                                   parsed.all_values_referenced.value_or(false))));
    VX_ENSURE(array->dtype() == dtype, Serde, "{}: codes nullability does not fit dtype {}", kId, dtype);
    return ArrayRef(std::move(array));
}

// The children are copied into Array's list, and `codes->len()` is read in the same call.
// NOLINTBEGIN(performance-unnecessary-value-param)
DictArray::DictArray(Token,
                     DType dtype,
                     ArrayRef codes,
                     std::optional<IntegerChild> code_lookup,
                     ArrayRef values,
                     bool all_values_referenced)
    : Array(DictEncoding::Instance(), std::move(dtype), codes->len(), {}, {codes, values}),
      code_lookup_(std::move(code_lookup)), lookup_from_make_(code_lookup_.has_value()),
      all_values_referenced_(all_values_referenced) {}
// NOLINTEND(performance-unnecessary-value-param)

Result<std::shared_ptr<const DictArray>>
DictArray::TryMake(ArrayRef codes, ArrayRef values, bool all_values_referenced) {
    VX_ENSURE(codes && values, InvalidArgument, "dict parts must not be null");
    VX_ENSURE(codes->dtype().is_primitive() && IsInt(codes->dtype().ptype()), InvalidArgument,
              "dict codes must be integers, got {}", codes->dtype());
    VX_ENSURE(values->len() <= UINT32_MAX, InvalidArgument, "dict has {} values, more than u32",
              values->len());
    std::optional<IntegerChild> lookup;
    if (codes->is_canonical() || As<ConstantArray>(*codes) != nullptr) {
        // Already decoded (or a single value): checking costs no decode.
        VX_ASSIGN_OR_RETURN(lookup, IntegerChild::Make(codes, "dict codes", true));
        const PrimitiveArray *primitive = lookup->primitive();
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
            for (size_t i = 0; i < lookup->positions_to_check(); ++i) {
                VX_ENSURE(!lookup->is_valid(i) || lookup->at(i) < values->len(), InvalidArgument,
                          "dict code {} at {} out of range for {} values", lookup->at(i), i, values->len());
            }
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

const IntegerChild *DictArray::code_lookup() const {
    std::call_once(lookup_once_, [&] {
        if (!code_lookup_) {
            auto made = IntegerChild::Make(codes(), "dict codes", true);
            if (made.ok()) {
                code_lookup_ = std::move(made).ValueOrDie();
            }
        }
    });
    return code_lookup_ ? &*code_lookup_ : nullptr;
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

namespace {

// The code at `i` read alone (nullopt for a null code; UINT64_MAX for a negative one), so one
// element costs one code, not a decode of every code: a long dictionary of bit-packed codes
// is cheap to hold and expensive to expand.
Result<std::optional<uint64_t>> CodeAt(const ArrayRef &codes, size_t i) {
    VX_ASSIGN_OR_RETURN(Scalar code, ScalarAt(codes, i));
    if (code.is_null()) {
        return std::optional<uint64_t>();
    }
    return std::optional<uint64_t>(std::visit(
        []<typename T>(T value) -> uint64_t {
            if constexpr (std::is_integral_v<T>) {
                return value < 0 ? UINT64_MAX : static_cast<uint64_t>(value);
            } else {
                return UINT64_MAX;
            }
        },
        code.pvalue()));
}

} // namespace

bool DictArray::is_valid(size_t i) const {
    // Codes that fail to decode or point past the values read as null here; canonicalizing
    // and scalar_at report them as errors.
    if (!codes()->is_canonical() && !lookup_from_make_) {
        auto code = CodeAt(codes(), i);
        return code.ok() && code->has_value() && **code < values()->len() && values()->is_valid(**code);
    }
    return IsValidThrough(code_lookup(), i);
}

bool DictArray::IsValidThrough(const IntegerChild *lookup, size_t i) const {
    if (lookup == nullptr || !lookup->is_valid(i)) {
        return false;
    }
    const uint64_t code = lookup->at(i);
    return code < values()->len() && values()->is_valid(code);
}

Mask DictArray::validity_mask() const {
    Mask codes_mask = codes()->validity_mask();
    const Mask values_mask = values()->validity_mask();
    if (values_mask.all_true()) {
        return codes_mask;
    }
    // Every element: decode the codes once.
    const IntegerChild *lookup = code_lookup();
    BitBufferMut bits(len());
    for (size_t i = 0; i < len(); ++i) {
        bits.Set(i, IsValidThrough(lookup, i));
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
    // Take checks every code against the values.
    VX_ASSIGN_OR_RETURN(ArrayRef taken, Take(source, codes()));
    return Canonicalize(taken);
}

std::optional<Result<Scalar>> DictArray::ScalarAtImpl(size_t i) const {
    // One code and one value instead of decoding the codes or the dictionary.
    auto code = CodeAt(codes(), i);
    if (!code.ok()) {
        return Result<Scalar>(code.status());
    }
    if (!code->has_value()) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    const uint64_t index = **code;
    if (index >= values()->len()) {
        return Result<Scalar>(
            Status::InvalidArgument("dict code at {} out of range for {} values", i, values()->len()));
    }
    return ScalarAtAs(values(), static_cast<size_t>(index), dtype());
}

Result<DictArray::RenumberedCodes> DictArray::RenumberCodes(size_t max_used) const {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(codes()));
    VX_ASSIGN_OR_RETURN(const auto codes, CanonicalAs<PrimitiveArray>(canonical));
    const size_t values_len = values()->len();
    std::vector<uint32_t> remap(values_len, UINT32_MAX);
    RenumberedCodes out;
    std::vector<uint32_t> renumbered(codes->len(), 0);
    const Validity &validity = codes->validity();
    const bool all_valid = validity.kind() != Validity::Kind::Array;
    VX_RETURN_NOT_OK(VisitIntPType(codes->ptype(), [&]<typename C>() -> Status {
        const std::span<const C> raw = codes->values_as<C>();
        for (size_t i = 0; i < raw.size(); ++i) {
            if (!all_valid && !validity.is_valid(i)) {
                continue; // null codes stay null (their slot reads 0)
            }
            const C code = raw[i];
            bool negative = false;
            if constexpr (std::is_signed_v<C>) {
                negative = code < 0;
            }
            VX_ENSURE(!negative && static_cast<uint64_t>(code) < values_len, OutOfBounds,
                      "dictionary code {} at row {} is outside its {} values", static_cast<int64_t>(code), i,
                      values_len);
            uint32_t &slot = remap[static_cast<size_t>(code)];
            if (slot == UINT32_MAX) {
                if (out.used.size() == max_used) {
                    out.exceeded = true;
                    return Status::OK();
                }
                slot = static_cast<uint32_t>(out.used.size());
                out.used.push_back(static_cast<uint32_t>(code));
            }
            renumbered[i] = slot;
        }
        return Status::OK();
    }));
    if (out.exceeded) {
        out.used.clear();
        return out;
    }
    out.codes = PrimitiveArray::FromValues(renumbered, validity);
    return out;
}

Result<std::shared_ptr<const DictArray>> DictArray::CompactValues() const {
    VX_ASSIGN_OR_RETURN(RenumberedCodes renumbered, RenumberCodes());
    VX_ASSIGN_OR_RETURN(ArrayRef taken, Take(values(), PrimitiveArray::FromValues(renumbered.used)));
    return TryMake(std::move(renumbered.codes), std::move(taken), /*all_values_referenced=*/true);
}

Result<ArrayRef> DictArray::WithCodes(Result<ArrayRef> new_codes) const {
    VX_ASSIGN_OR_RETURN(ArrayRef codes_out, std::move(new_codes));
    return TryMake(std::move(codes_out), values());
}

Result<ArrayRef> DictArray::WithValues(Result<ArrayRef> new_values) const {
    VX_ASSIGN_OR_RETURN(ArrayRef values_out, std::move(new_values));
    VX_ENSURE(values_out->len() == values()->len(), Internal, "dict values mapped to {} values from {}",
              values_out->len(), values()->len());
    // The codes are unchanged, so they were checked against as many values already.
    DType dtype = values_out->dtype();
    if (codes()->dtype().is_nullable() && !dtype.is_nullable()) {
        dtype = dtype.AsNullable();
        VX_ASSIGN_OR_RETURN(values_out, Cast(values_out, dtype));
    }
    std::optional<IntegerChild> lookup = lookup_from_make_ ? code_lookup_ : std::nullopt;
    return ArrayRef(std::make_shared<const DictArray>(Token{}, std::move(dtype), codes(), std::move(lookup),
                                                      std::move(values_out), all_values_referenced_));
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
    // A sliced or filtered dictionary may hold more values than codes: compare what the codes
    // take instead (encoded codes such as runs take once per run).
    if (values()->len() > len()) {
        return [&]() -> Result<ArrayRef> {
            VX_ASSIGN_OR_RETURN(ArrayRef taken, Take(values(), codes()));
            return CompareScalar(taken, scalar, op);
        }();
    }
    // The values' nullability is the array's, so the taken result has the nullability
    // CompareScalar promises (either side's); a null code gives a null.
    auto per_value = CompareScalar(values(), scalar, op);
    if (!per_value.ok()) {
        return Result<ArrayRef>(per_value.status());
    }
    return Take(*per_value, codes());
}

std::optional<Result<ArrayRef>> DictArray::MapValuesImpl(const ValueMap &map) const {
    // A null code makes its row null whatever `map` gives a null (IS NULL gives true).
    if (values()->len() > len() || !codes()->validity_mask().all_true()) {
        return std::nullopt;
    }
    return WithValues(MapValues(values(), map));
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
                Scalar::Primitive<uint64_t>(NullCount(codes()), Nullability::NonNullable));
        }
        default:
            return std::nullopt;
    }
}

} // namespace vortex
