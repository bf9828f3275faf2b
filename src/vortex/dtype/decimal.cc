// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/dtype/decimal.h"

#include <algorithm>
#include <cstring>

namespace vortex {

Status DecimalDType::Validate(uint8_t precision, int8_t scale) {
    VX_ENSURE(precision >= 1 && precision <= kMaxDecimalPrecision, InvalidArgument,
              "decimal precision {} is outside 1..={}", precision, kMaxDecimalPrecision);
    VX_ENSURE(scale <= kMaxDecimalScale, InvalidArgument, "decimal scale {} exceeds {}", scale,
              kMaxDecimalScale);
    VX_ENSURE(scale <= 0 || static_cast<uint8_t>(scale) <= precision, InvalidArgument,
              "decimal scale {} exceeds precision {}", scale, precision);
    return Status::OK();
}

I256 I256::FromInt128(int128_t value) {
    I256 out;
    const auto u = static_cast<uint128_t>(value);
    out.limbs[0] = static_cast<uint64_t>(u);
    out.limbs[1] = static_cast<uint64_t>(u >> 64);
    const uint64_t fill = value < 0 ? ~uint64_t{0} : 0;
    out.limbs[2] = fill;
    out.limbs[3] = fill;
    return out;
}

I256 I256::FromLittleEndian(const uint8_t *bytes, size_t width) {
    uint8_t full[32];
    const bool negative = width > 0 && (bytes[width - 1] & 0x80) != 0;
    std::memset(full, negative ? 0xFF : 0x00, sizeof(full));
    std::memcpy(full, bytes, std::min<size_t>(width, 32));
    I256 out;
    std::memcpy(out.limbs, full, sizeof(full));
    return out;
}

void I256::ToLittleEndian(uint8_t *out, size_t width) const {
    std::memcpy(out, limbs, std::min<size_t>(width, 32));
}

bool I256::FitsIn(size_t width) const {
    if (width >= 32) {
        return true;
    }
    uint8_t bytes[32];
    ToLittleEndian(bytes, 32);
    return FromLittleEndian(bytes, width) == *this;
}

int128_t I256::ToInt128() const {
    const uint128_t u = (static_cast<uint128_t>(limbs[1]) << 64) | limbs[0];
    return static_cast<int128_t>(u);
}

bool I256::CheckedAdd(const I256 &a, const I256 &b, I256 *out) {
    uint64_t carry = 0;
    I256 sum;
    for (int i = 0; i < 4; ++i) {
        const uint128_t limb = uint128_t{a.limbs[i]} + b.limbs[i] + carry;
        sum.limbs[i] = static_cast<uint64_t>(limb);
        carry = static_cast<uint64_t>(limb >> 64);
    }
    *out = sum;
    // Signed overflow: both operands share a sign that the sum does not.
    return !(a.is_negative() == b.is_negative() && sum.is_negative() != a.is_negative());
}

std::strong_ordering operator<=>(const I256 &a, const I256 &b) {
    if (a.is_negative() != b.is_negative()) {
        return a.is_negative() ? std::strong_ordering::less : std::strong_ordering::greater;
    }
    for (int i = 3; i >= 0; --i) {
        if (a.limbs[i] != b.limbs[i]) {
            return a.limbs[i] < b.limbs[i] ? std::strong_ordering::less : std::strong_ordering::greater;
        }
    }
    return std::strong_ordering::equal;
}

std::string I256::ToString() const {
    // Repeated division of the magnitude by 10 over 32-bit digits.
    const bool negative = is_negative();
    uint64_t mag[4];
    std::memcpy(mag, limbs, sizeof(mag));
    if (negative) {
        // Two's complement negation.
        uint64_t carry = 1;
        for (auto &limb : mag) {
            limb = ~limb + carry;
            carry = (carry != 0 && limb == 0) ? 1 : 0;
        }
    }
    uint32_t words[8];
    for (int i = 0; i < 4; ++i) {
        words[2 * i] = static_cast<uint32_t>(mag[i]);
        words[2 * i + 1] = static_cast<uint32_t>(mag[i] >> 32);
    }
    std::string digits;
    auto is_zero = [&] {
        return std::all_of(std::begin(words), std::end(words), [](uint32_t w) { return w == 0; });
    };
    do {
        uint64_t remainder = 0;
        for (int i = 7; i >= 0; --i) {
            const uint64_t current = (remainder << 32) | words[i];
            words[i] = static_cast<uint32_t>(current / 10);
            remainder = current % 10;
        }
        digits.push_back(static_cast<char>('0' + remainder));
    } while (!is_zero());
    if (negative) {
        digits.push_back('-');
    }
    std::reverse(digits.begin(), digits.end());
    return digits;
}

} // namespace vortex
