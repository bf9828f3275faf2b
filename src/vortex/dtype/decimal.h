// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>

#include "vortex/base/int128.h"
#include "vortex/base/result.h"

namespace vortex {

inline constexpr uint8_t kMaxDecimalPrecision = 76;
inline constexpr int8_t kMaxDecimalScale = 76;

/// Precision and scale of a decimal dtype. Spec: dtypes-scalars, "Decimal".
struct DecimalDType {
    uint8_t precision = 0;
    int8_t scale = 0;
    friend bool operator==(const DecimalDType &, const DecimalDType &) = default;

    /// Checks precision in 1..=76, scale <= 76 and, when positive, scale <= precision.
    static Status Validate(uint8_t precision, int8_t scale);
};

/// Physical width of decimal values; the tags are on disk (DecimalMetadata.values_type).
enum class DecimalType : uint8_t { I8 = 0, I16 = 1, I32 = 2, I64 = 3, I128 = 4, I256 = 5 };

inline constexpr uint8_t kMaxDecimalTypeTag = 5;

constexpr size_t ByteWidth(DecimalType type) {
    return size_t{1} << static_cast<unsigned>(type);
}

/// Returns the narrowest values type that holds every value of `precision` digits.
constexpr DecimalType MinDecimalTypeForPrecision(uint8_t precision) {
    if (precision <= 2) {
        return DecimalType::I8;
    }
    if (precision <= 4) {
        return DecimalType::I16;
    }
    if (precision <= 9) {
        return DecimalType::I32;
    }
    if (precision <= 18) {
        return DecimalType::I64;
    }
    if (precision <= 38) {
        return DecimalType::I128;
    }
    return DecimalType::I256;
}

/// A 256-bit two's complement integer: the widest decimal storage. Little-endian limbs, so
/// its bytes are exactly the on-disk I256 layout.
struct I256 {
    uint64_t limbs[4] = {0, 0, 0, 0};

    static I256 FromInt128(int128_t value);
    /// Reads `width` little-endian two's complement bytes (1, 2, 4, 8, 16 or 32), sign-extending.
    static I256 FromLittleEndian(const uint8_t *bytes, size_t width);
    /// Writes the low `width` bytes little-endian.
    void ToLittleEndian(uint8_t *out, size_t width) const;
    bool is_negative() const { return (limbs[3] >> 63) != 0; }
    /// True when the value survives truncation to `width` bytes.
    bool FitsIn(size_t width) const;
    /// Returns the value as int128; the caller has checked FitsIn(16).
    int128_t ToInt128() const;
    std::string ToString() const;

    /// Adds two's complement 256-bit values; returns false on signed overflow (then `*out`
    /// holds the wrapped sum).
    static bool CheckedAdd(const I256 &a, const I256 &b, I256 *out);

    friend bool operator==(const I256 &, const I256 &) = default;
    friend std::strong_ordering operator<=>(const I256 &a, const I256 &b);
};

} // namespace vortex
