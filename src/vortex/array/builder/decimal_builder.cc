// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/decimal_builder.h"

#include <cstring>

#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/base/endian.h"
#include "vortex/base/int128.h"
#include "vortex/scalar/decimal_range.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

DecimalBuilder::DecimalBuilder(DType dtype, bool zero_nulls)
    : dtype_(std::move(dtype)), min_values_type_(MinDecimalTypeForPrecision(dtype_.decimal().precision)),
      validity_(dtype_.nullability()), zero_nulls_(zero_nulls) {}

namespace {

// Checks |v| < 10^precision for every valid value of `array`, with native integers for the
// widths up to 16 bytes.
template <typename T>
Status CheckNativePrecision(const DecimalArray &array, uint8_t precision) {
    int128_t bound = 1;
    for (uint8_t k = 0; k < precision; ++k) {
        bound *= 10;
    }
    const Validity &validity = array.validity();
    const uint8_t *data = array.values().data();
    for (size_t i = 0; i < array.len(); ++i) {
        const int128_t value = LoadLittleEndian<T>(data + i * sizeof(T));
        if ((value >= bound || value <= -bound) && validity.is_valid(i)) {
            return Status::InvalidArgument("decimal {} exceeds precision {}", array.value_at(i).ToString(),
                                           precision);
        }
    }
    return Status::OK();
}

Status CheckPrecision(const DecimalArray &array) {
    const uint8_t precision = array.decimal_dtype().precision;
    const DecimalType type = array.values_type();
    // A type narrower than the precision's narrowest one cannot hold a value with too many digits.
    if (type < MinDecimalTypeForPrecision(precision)) {
        return Status::OK();
    }
    switch (type) {
        case DecimalType::I8:
            return CheckNativePrecision<int8_t>(array, precision);
        case DecimalType::I16:
            return CheckNativePrecision<int16_t>(array, precision);
        case DecimalType::I32:
            return CheckNativePrecision<int32_t>(array, precision);
        case DecimalType::I64:
            return CheckNativePrecision<int64_t>(array, precision);
        case DecimalType::I128:
            return CheckNativePrecision<int128_t>(array, precision);
        case DecimalType::I256:
            break;
    }
    for (size_t i = 0; i < array.len(); ++i) {
        if (array.validity().is_valid(i) && !DecimalFitsPrecision(array.value_at(i), precision)) {
            return Status::InvalidArgument("decimal {} exceeds precision {}", array.value_at(i).ToString(),
                                           precision);
        }
    }
    return Status::OK();
}

// Sign-extends `count` values from `from` bytes to `to` bytes each.
void WidenValues(const uint8_t *src, size_t from, uint8_t *dst, size_t to, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        I256::FromLittleEndian(src + i * from, from).ToLittleEndian(dst + i * to, to);
    }
}

} // namespace

void DecimalBuilder::WidenTo(DecimalType type) {
    if (values_type_ && *values_type_ >= type) {
        return;
    }
    const size_t count = validity_.len();
    BufferMut widened = BufferMut::Zeroed(count * ByteWidth(type));
    if (values_type_) {
        WidenValues(values_.data(), ByteWidth(*values_type_), widened.data(), ByteWidth(type), count);
    }
    values_ = std::move(widened);
    values_type_ = type;
}

void DecimalBuilder::AppendZeros(size_t count) {
    if (values_type_) {
        values_.Resize(values_.size() + count * ByteWidth(*values_type_));
    }
}

void DecimalBuilder::Append(const I256 &unscaled) {
    VX_CHECK_MSG(unscaled.FitsIn(ByteWidth(min_values_type_)), "decimal value {} does not fit {}",
                 unscaled.ToString(), dtype_);
    WidenTo(min_values_type_);
    const size_t width = ByteWidth(*values_type_);
    const size_t at = values_.size();
    values_.Resize(at + width);
    unscaled.ToLittleEndian(values_.data() + at, width);
    validity_.AppendValid();
}

void DecimalBuilder::AppendNull() {
    AppendZeros(1);
    validity_.AppendNull();
}

Status DecimalBuilder::AppendScalar(const Scalar &scalar) {
    VX_ASSIGN_OR_RETURN(const bool appended_null, AppendIfNull(scalar));
    if (appended_null) {
        return Status::OK();
    }
    const DecimalValue &value = scalar.as_decimal();
    VX_ENSURE(value.value.FitsIn(ByteWidth(value.type)), InvalidArgument, "decimal {} does not fit its width",
              value.value.ToString());
    WidenTo(value.type);
    const size_t width = ByteWidth(*values_type_);
    const size_t at = values_.size();
    values_.Resize(at + width);
    value.value.ToLittleEndian(values_.data() + at, width);
    validity_.AppendValid();
    return Status::OK();
}

Status DecimalBuilder::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto decimal, CanonicalAs<DecimalArray>(canonical));
    const size_t count = decimal->len();
    if (decimal->validity().null_count(count) == count) {
        // Only nulls: like AppendNull, they neither widen nor carry values.
        AppendZeros(count);
        validity_.AppendValidity(decimal->validity(), count);
        return Status::OK();
    }
    VX_RETURN_NOT_OK(CheckPrecision(*decimal));
    WidenTo(decimal->values_type());
    const size_t from = ByteWidth(decimal->values_type());
    const size_t to = ByteWidth(*values_type_);
    const size_t first = values_.size() / to;
    if (from == to) {
        values_.Append(decimal->values().data(), count * to);
    } else {
        const size_t at = values_.size();
        values_.Resize(at + count * to);
        WidenValues(decimal->values().data(), from, values_.data() + at, to, count);
    }
    if (zero_nulls_ && decimal->validity().null_count(count) > 0) {
        for (size_t i = 0; i < count; ++i) {
            if (!decimal->validity().is_valid(i)) {
                std::memset(values_.data() + (first + i) * to, 0, to);
            }
        }
    }
    validity_.AppendValidity(decimal->validity(), count);
    return Status::OK();
}

ArrayRef DecimalBuilder::Finish() {
    const DecimalType type = values_type_.value_or(min_values_type_);
    if (!values_type_) {
        values_ = BufferMut::Zeroed(validity_.len() * ByteWidth(type));
    }
    Buffer values = std::move(values_).Freeze();
    values_ = BufferMut();
    values_type_.reset();
    return DecimalArray::Make(dtype_.decimal(), type, std::move(values), validity_.Finish());
}

} // namespace vortex
