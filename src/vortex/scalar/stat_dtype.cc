// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scalar/stat_dtype.h"

#include <algorithm>

namespace vortex {

std::optional<DType> SumDType(const DType &dtype) {
    constexpr auto kNullable = Nullability::Nullable;
    if (dtype.is_bool()) {
        return DType::Primitive(PType::U64, kNullable);
    }
    if (dtype.is_primitive()) {
        const PType ptype = dtype.ptype();
        if (IsUnsignedInt(ptype)) {
            return DType::Primitive(PType::U64, kNullable);
        }
        if (IsSignedInt(ptype)) {
            return DType::Primitive(PType::I64, kNullable);
        }
        return DType::Primitive(PType::F64, kNullable);
    }
    if (dtype.is_decimal()) {
        const DecimalDType d = dtype.decimal();
        const auto precision = static_cast<uint8_t>(std::min<int>(kMaxDecimalPrecision, d.precision + 10));
        return DType::Decimal(precision, d.scale, kNullable);
    }
    return std::nullopt;
}

} // namespace vortex
