// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "vortex/dtype/decimal.h"
#include "vortex/dtype/ptype.h"

namespace vortex {

class Scalar;

/// A value of one primitive type; the alternative held names its PType.
using PValue = std::
    variant<uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t, int32_t, int64_t, Half, float, double>;

/// Returns the PType of the alternative `value` holds.
PType PValuePType(const PValue &value);

/// An unscaled decimal value and the width it was stored with. The width matters on disk: a
/// serialized decimal scalar is exactly ByteWidth(type) little-endian bytes.
struct DecimalValue {
    I256 value;
    DecimalType type = DecimalType::I256;
    friend bool operator==(const DecimalValue &, const DecimalValue &) = default;
};

/// The value part of a Scalar. monostate is null; a vector of Scalars holds list elements,
/// fixed-size-list elements or struct fields (each with its own dtype).
using ScalarValue = std::variant<std::monostate,
                                 bool,
                                 PValue,
                                 DecimalValue,
                                 std::string,
                                 std::vector<uint8_t>,
                                 std::vector<Scalar>>;

} // namespace vortex
