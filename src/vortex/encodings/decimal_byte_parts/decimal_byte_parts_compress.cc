// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <limits>

#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"

namespace vortex::decimal_byte_parts {

namespace {

template <typename T>
bool Fits(const I256 &min, const I256 &max) {
    return min >= I256::FromInt128(std::numeric_limits<T>::min()) &&
           max <= I256::FromInt128(std::numeric_limits<T>::max());
}

template <typename T>
ArrayRef ToMsp(const DecimalArray &decimal) {
    std::vector<T> values(decimal.len());
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<T>(decimal.value_at(i).ToInt128());
    }
    return PrimitiveArray::FromValues(values, decimal.validity());
}

} // namespace

Result<ArrayRef> DecimalBytePartsEncode(const ArrayRef &array) {
    VX_ENSURE(array != nullptr && array->dtype().is_decimal(), InvalidArgument,
              "decimal byte parts encode Decimal arrays");
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *decimal = As<DecimalArray>(*canonical);
    VX_ENSURE(decimal != nullptr, Internal, "Decimal did not canonicalize to a DecimalArray");
    const size_t width = ByteWidth(decimal->values_type());
    const size_t n = decimal->len();

    // As the reference's `narrowed_decimal`: bounds over every stored value, nulls included.
    I256 min;
    I256 max;
    for (size_t i = 0; i < n; ++i) {
        const I256 value = decimal->value_at(i);
        min = (i == 0 || value < min) ? value : min;
        max = (i == 0 || value > max) ? value : max;
    }
    // The reference leaves arrays of 0 or 1 element at their values type.
    const bool keep_width = n <= 1 && width <= 8;
    ArrayRef msp;
    if (keep_width ? width == 1 : Fits<int8_t>(min, max)) {
        msp = ToMsp<int8_t>(*decimal);
    } else if (keep_width ? width == 2 : Fits<int16_t>(min, max)) {
        msp = ToMsp<int16_t>(*decimal);
    } else if (keep_width ? width == 4 : Fits<int32_t>(min, max)) {
        msp = ToMsp<int32_t>(*decimal);
    } else if (keep_width || Fits<int64_t>(min, max)) {
        msp = ToMsp<int64_t>(*decimal);
    } else {
        return Status::InvalidArgument("decimal values [{}, {}] do not fit in i64", min.ToString(),
                                       max.ToString());
    }
    VX_ASSIGN_OR_RETURN(auto encoded, DecimalBytePartsArray::TryMake(msp, decimal->decimal_dtype()));
    return ArrayRef(std::move(encoded));
}

} // namespace vortex::decimal_byte_parts
