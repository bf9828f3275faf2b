// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/decimal_builder.h"

#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

DecimalBuilder::DecimalBuilder(DType dtype)
    : dtype_(std::move(dtype)), min_values_type_(MinDecimalTypeForPrecision(dtype_.decimal().precision)),
      validity_(dtype_.nullability()) {}

namespace {

DecimalType Wider(std::optional<DecimalType> a, DecimalType b) {
    return a && *a > b ? *a : b;
}

} // namespace

void DecimalBuilder::Append(const I256 &unscaled) {
    VX_CHECK_MSG(unscaled.FitsIn(ByteWidth(min_values_type_)), "decimal value {} does not fit {}",
                 unscaled.ToString(), dtype_);
    values_type_ = Wider(values_type_, min_values_type_);
    values_.push_back(unscaled);
    validity_.AppendValid();
}

void DecimalBuilder::AppendNull() {
    validity_.AppendNull();
    values_.push_back(I256{});
}

Status DecimalBuilder::AppendScalar(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().EqualsIgnoringNullability(dtype_), MismatchedTypes,
              "cannot append {} to a {} builder", scalar.dtype(), dtype_);
    if (scalar.is_null()) {
        VX_ENSURE(dtype_.is_nullable(), InvalidArgument, "cannot append null to a non-nullable builder");
        AppendNull();
        return Status::OK();
    }
    const DecimalValue &value = scalar.as_decimal();
    VX_ENSURE(value.value.FitsIn(ByteWidth(value.type)), InvalidArgument, "decimal {} does not fit its width",
              value.value.ToString());
    values_type_ = Wider(values_type_, value.type);
    values_.push_back(value.value);
    validity_.AppendValid();
    return Status::OK();
}

ArrayRef DecimalBuilder::Finish() {
    const DecimalType type = values_type_.value_or(min_values_type_);
    const size_t width = ByteWidth(type);
    BufferMut out = BufferMut::Zeroed(values_.size() * width);
    for (size_t i = 0; i < values_.size(); ++i) {
        values_[i].ToLittleEndian(out.data() + i * width, width);
    }
    values_.clear();
    values_type_.reset();
    return DecimalArray::Make(dtype_.decimal(), type, std::move(out).Freeze(), validity_.Finish());
}

} // namespace vortex
