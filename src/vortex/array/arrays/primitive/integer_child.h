// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/integer_min_max.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// An integer child of a logical array (dict codes, list offsets, list-view offsets or sizes)
/// read one element at a time. A ConstantArray child is kept as is and read from its scalar:
/// a file states a constant of any length in a few bytes, so it must never be expanded. Any
/// other child is canonicalized once.
class IntegerChild {
public:
    /// Checks the dtype (an integer; nullable only if `allow_nullable`) and that no non-null
    /// value is negative. `what` names the child in error messages.
    static Result<IntegerChild> Make(ArrayRef array, std::string_view what, bool allow_nullable) {
        VX_ENSURE(array->dtype().is_primitive() && IsInt(array->dtype().ptype()), Serde,
                  "{} must be integers, got {}", what, array->dtype());
        VX_ENSURE(allow_nullable || !array->dtype().is_nullable(), Serde, "{} must be non-nullable", what);
        VX_ASSIGN_OR_RETURN(IntegerChild child, Adopt(std::move(array)));
        if (child.primitive_ == nullptr) {
            VX_ENSURE(!child.negative_constant_, Serde, "{} hold a negative constant", what);
            return child;
        }
        const PrimitiveArray &primitive = *child.primitive_;
        VX_RETURN_NOT_OK(VisitIntPType(primitive.ptype(), [&]<typename T>() -> Status {
            if constexpr (std::is_signed_v<T>) {
                const auto values = primitive.values_as<T>();
                if (primitive.validity().trivially_all_valid() &&
                    (values.empty() || IntegerMinMax(values.data(), values.size()).first >= 0)) {
                    return Status::OK(); // offsets and lengths are long and never null: one pass
                }
                for (size_t i = 0; i < values.size(); ++i) {
                    VX_ENSURE(values[i] >= 0 || !primitive.is_valid(i), Serde,
                              "{} contain a negative value {} at {}", what, values[i], i);
                }
            }
            return Status::OK();
        }));
        return child;
    }

    /// Wraps a child derived (sliced, filtered, taken) from one that Make() accepted, so
    /// its values need no new check.
    static Result<IntegerChild> Adopt(ArrayRef array) {
        IntegerChild child;
        child.stored_ = array;
        if (const auto *constant = As<ConstantArray>(*array)) {
            const Scalar &scalar = constant->scalar();
            child.constant_valid_ = !scalar.is_null();
            if (child.constant_valid_) {
                std::visit(
                    [&](auto value) {
                        using T = decltype(value);
                        if constexpr (std::is_integral_v<T>) {
                            child.negative_constant_ = std::is_signed_v<T> && value < 0;
                            // Sign-extended on purpose (two's complement); negative_constant_ keeps the sign.
                            child.constant_ =
                                static_cast<uint64_t>(value); // NOLINT(bugprone-signed-char-misuse)
                        } else {
                            child.negative_constant_ = true; // not an integer: rejected by Make
                        }
                    },
                    scalar.pvalue());
            }
            child.array_ = std::move(array);
            return child;
        }
        VX_ASSIGN_OR_RETURN(child.array_, Canonicalize(array));
        child.primitive_ = As<PrimitiveArray>(*child.array_);
        VX_ENSURE(child.primitive_ != nullptr && IsInt(child.primitive_->ptype()), Internal,
                  "integer child did not canonicalize to an integer primitive array");
        child.data_ = child.primitive_->values().data();
        child.width_ = static_cast<uint8_t>(ByteWidth(child.primitive_->ptype()));
        return child;
    }

    /// The child: a canonical PrimitiveArray or a ConstantArray.
    const ArrayRef &array() const { return array_; }
    /// The child as given, possibly encoded (bit-packed offsets): what the parent lists among
    /// its children, so that it is written as compressed as it came.
    const ArrayRef &stored() const { return stored_; }
    /// The canonical child, or null for a constant child.
    const PrimitiveArray *primitive() const { return primitive_; }
    size_t len() const { return array_->len(); }
    /// How many leading positions hold every distinct value: all of them, or one for a
    /// constant. Validation loops run over these.
    size_t positions_to_check() const { return primitive_ != nullptr ? len() : std::min<size_t>(len(), 1); }

    bool is_valid(size_t i) const {
        return primitive_ != nullptr ? primitive_->is_valid(i) : constant_valid_;
    }
    /// Value `i` as uint64 (validated non-negative); unspecified for a null. Reads by width
    /// (values are non-negative, so signedness does not matter): this sits in per-row decode
    /// loops (string offsets, codes), where a ptype dispatch per call would dominate.
    uint64_t at(size_t i) const {
        switch (width_) {
            case 1:
                return data_[i];
            case 2:
                return Load<uint16_t>(i);
            case 4:
                return Load<uint32_t>(i);
            case 8:
                return Load<uint64_t>(i);
            default:
                return constant_;
        }
    }

    /// Calls f(const U *values) once, with the canonical values as the unsigned type of their
    /// width (they are validated non-negative), for loops that would otherwise dispatch per
    /// call of at(). Only for a non-constant child (primitive() != nullptr).
    template <typename F>
    decltype(auto) VisitUnsigned(F &&f) const {
        switch (width_) {
            case 1:
                return f(reinterpret_cast<const uint8_t *>(data_));
            case 2:
                return f(reinterpret_cast<const uint16_t *>(data_));
            case 4:
                return f(reinterpret_cast<const uint32_t *>(data_));
            default:
                return f(reinterpret_cast<const uint64_t *>(data_));
        }
    }

private:
    template <typename U>
    uint64_t Load(size_t i) const {
        U value;
        std::memcpy(&value, data_ + i * sizeof(U), sizeof(U));
        return value;
    }

    ArrayRef stored_;
    ArrayRef array_;
    const PrimitiveArray *primitive_ = nullptr;
    // The canonical child's values and their width in bytes (0 for a constant child).
    const uint8_t *data_ = nullptr;
    uint8_t width_ = 0;
    uint64_t constant_ = 0;
    bool constant_valid_ = false;
    bool negative_constant_ = false;
};

} // namespace vortex
