// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/validity.h"

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/canonical.h"
#include "vortex/buffer/bit_filter.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<Validity> Validity::FromArray(ArrayRef array) {
    VX_ENSURE(array != nullptr, InvalidArgument, "validity array is null");
    VX_ENSURE(array->dtype() == DType::Bool(Nullability::NonNullable), InvalidArgument,
              "validity must be a non-nullable bool array, got {}", array->dtype());
    // A constant child (how writers store all-null validity) is decided without expanding it,
    // so a long array of nulls costs nothing.
    if (const auto *constant = As<ConstantArray>(*array)) {
        return constant->scalar().as_bool() ? AllValid() : AllInvalid();
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *bools = As<BoolArray>(*canonical);
    VX_ENSURE(bools != nullptr, Internal, "bool array canonicalized to {}", canonical->encoding_id());
    const Mask mask = Mask::FromBits(bools->bits());
    if (mask.all_true()) {
        return AllValid();
    }
    if (mask.all_false()) {
        return AllInvalid();
    }
    Validity out(Kind::Array);
    out.bits_ = bools->bits();
    out.array_ = std::move(array);
    return out;
}

Validity Validity::FromMask(const Mask &mask) {
    if (mask.all_true()) {
        return AllValid();
    }
    if (mask.all_false()) {
        return AllInvalid();
    }
    Validity out(Kind::Array);
    out.bits_ = mask.ToBitBuffer();
    return out;
}

Result<Validity> Validity::FromChild(Nullability nullability, const ArrayRef *child, size_t len) {
    if (child == nullptr) {
        return From(nullability);
    }
    VX_ENSURE(nullability == Nullability::Nullable, Serde, "validity child present for a non-nullable dtype");
    VX_ENSURE(*child != nullptr, Serde, "validity child is null");
    VX_ENSURE((*child)->len() == len, Serde, "validity child has length {}, expected {}", (*child)->len(),
              len);
    return FromArray(*child);
}

ArrayRef Validity::ToChild(size_t len) const {
    switch (kind_) {
        case Kind::NonNullable:
        case Kind::AllValid:
            return nullptr;
        case Kind::AllInvalid:
            // Spec: the writer stores an all-null validity as a constant `false`.
            return ConstantArray::Make(Scalar::Bool(false, Nullability::NonNullable), len);
        case Kind::Array:
            return array();
    }
    return nullptr;
}

ArrayRef Validity::array() const {
    if (kind_ != Kind::Array) {
        return nullptr;
    }
    if (array_ != nullptr) {
        return array_;
    }
    return BoolArray::Make(bits_, NonNullable());
}

Mask Validity::ToMask(size_t len) const {
    switch (kind_) {
        case Kind::NonNullable:
        case Kind::AllValid:
            return Mask::AllTrue(len);
        case Kind::AllInvalid:
            return Mask::AllFalse(len);
        case Kind::Array:
            VX_DCHECK_EQ(bits_.len(), len);
            return Mask::FromBits(bits_);
    }
    return Mask::AllTrue(len);
}

size_t Validity::null_count(size_t len) const {
    switch (kind_) {
        case Kind::NonNullable:
        case Kind::AllValid:
            return 0;
        case Kind::AllInvalid:
            return len;
        case Kind::Array:
            return len - bits_.CountSetBits();
    }
    return 0;
}

size_t Validity::valid_count_before(size_t row) const {
    switch (kind_) {
        case Kind::NonNullable:
        case Kind::AllValid:
            return row;
        case Kind::AllInvalid:
            return 0;
        case Kind::Array:
            return bits::CountSetBits(bits_.buffer().data(), bits_.offset(), row);
    }
    return 0;
}

Validity Validity::Slice(size_t start, size_t stop) const {
    if (kind_ != Kind::Array) {
        return *this;
    }
    return FromBits(bits_.Slice(start, stop - start));
}

Validity Validity::Filter(const Mask &mask) const {
    if (kind_ != Kind::Array) {
        return *this;
    }
    return FromBits(FilterBits(bits_, mask));
}

Validity Validity::And(const Mask &mask, size_t len) const {
    if (mask.all_true()) {
        return kind_ == Kind::NonNullable ? AllValid() : *this;
    }
    return FromMask(ToMask(len).And(mask));
}

Result<Validity> Validity::WithNullability(Nullability nullability, size_t len) const {
    if (nullability == Nullability::Nullable) {
        return kind_ == Kind::NonNullable ? AllValid() : *this;
    }
    VX_ENSURE(null_count(len) == 0, InvalidArgument, "cannot make an array with nulls non-nullable");
    return NonNullable();
}

} // namespace vortex
