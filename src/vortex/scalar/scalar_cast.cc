// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "vortex/scalar/decimal_range.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

template <typename T>
constexpr bool kIsFloat = std::is_same_v<T, Half> || std::is_floating_point_v<T>;

template <typename To>
Result<PValue> FromDouble(double x) {
    if constexpr (std::is_same_v<To, Half>) {
        VX_ASSIGN_OR_RETURN(PValue as_float, FromDouble<float>(x));
        return Half::FromFloat(std::get<float>(as_float));
    } else if constexpr (std::is_same_v<To, float>) {
        // Out-of-range finite values round to infinity; the plain conversion would be undefined.
        if (std::isfinite(x) && std::fabs(x) > static_cast<double>(std::numeric_limits<float>::max())) {
            const float inf = std::numeric_limits<float>::infinity();
            return std::signbit(x) ? -inf : inf;
        }
        return static_cast<float>(x);
    } else if constexpr (std::is_same_v<To, double>) {
        return x;
    } else {
        VX_ENSURE(std::isfinite(x), InvalidArgument, "cannot cast {} to {}", x, PTypeName(kPTypeOf<To>));
        const long double truncated = std::trunc(static_cast<long double>(x));
        VX_ENSURE(truncated >= static_cast<long double>(std::numeric_limits<To>::min()) &&
                      truncated <= static_cast<long double>(std::numeric_limits<To>::max()),
                  InvalidArgument, "{} is out of range for {}", x, PTypeName(kPTypeOf<To>));
        return static_cast<To>(truncated);
    }
}

template <typename To, typename From>
Result<PValue> ConvertNumber(From x) {
    if constexpr (std::is_same_v<From, Half>) {
        return FromDouble<To>(static_cast<double>(x.ToFloat()));
    } else if constexpr (std::is_floating_point_v<From>) {
        if constexpr (std::is_same_v<From, float> && std::is_same_v<To, float>) {
            return x; // keeps NaN payloads exactly
        }
        return FromDouble<To>(static_cast<double>(x));
    } else if constexpr (kIsFloat<To>) {
        if constexpr (std::is_same_v<To, Half>) {
            return Half::FromFloat(static_cast<float>(x));
        } else {
            return static_cast<To>(x);
        }
    } else {
        VX_ENSURE(std::in_range<To>(x), InvalidArgument, "{} is out of range for {}", x,
                  PTypeName(kPTypeOf<To>));
        return static_cast<To>(x);
    }
}

Result<PValue> CastPValue(const PValue &value, PType target) {
    if (PValuePType(value) == target) {
        return value; // bit-exact, including NaN payloads
    }
    return std::visit(
        [&]<typename From>(const From &x) {
            return VisitPType(target, [&]<typename To>() { return ConvertNumber<To>(x); });
        },
        value);
}

} // namespace

Result<Scalar> Cast(const Scalar &scalar, const DType &target) {
    const DType &source = scalar.dtype();
    if (source == target) {
        return scalar;
    }
    if (scalar.is_null()) {
        VX_ENSURE(target.is_nullable(), InvalidArgument, "cannot cast null to non-nullable {}",
                  target.ToString());
        return Scalar::Null(target);
    }
    if (source.EqualsIgnoringNullability(target)) {
        return Scalar::TryNew(target, scalar.value());
    }
    if (source.is_extension()) {
        return Cast(scalar.StorageScalar(), target);
    }
    if (target.is_extension()) {
        VX_ASSIGN_OR_RETURN(Scalar storage, Cast(scalar, target.extension().storage));
        return Scalar::Extension(target, storage);
    }
    if (source.is_primitive() && target.is_primitive()) {
        VX_ASSIGN_OR_RETURN(PValue value, CastPValue(scalar.pvalue(), target.ptype()));
        return Scalar::TryNew(target, std::move(value));
    }
    if (source.is_decimal() && target.is_decimal()) {
        VX_ENSURE(source.decimal().scale == target.decimal().scale, NotImplemented,
                  "decimal cast from {} to {} changes the scale", source.ToString(), target.ToString());
        const DecimalValue &value = scalar.as_decimal();
        VX_ENSURE(DecimalFitsPrecision(value.value, target.decimal().precision), InvalidArgument,
                  "{} does not fit {}", scalar.ToString(), target.ToString());
        return Scalar::TryNew(
            target, DecimalValue{value.value, MinDecimalTypeForPrecision(target.decimal().precision)});
    }
    return Status::InvalidArgument("cannot cast {} to {}", source.ToString(), target.ToString());
}

} // namespace vortex
