// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/testing/random_array.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/testing/test_rng_internal.h"
#include "vortex/buffer/buffer.h"
#include "vortex/dtype/extension.h"

namespace vortex {
namespace {

using internal::TestRng;

// The options for a child array: same parameters, its own seed and length.
RandomArrayOptions ChildOptions(const RandomArrayOptions &options, TestRng &rng, size_t len) {
    RandomArrayOptions child = options;
    child.seed = rng.Next();
    child.len = len;
    return child;
}

Validity RandomValidity(TestRng &rng, Nullability nullability, size_t len, double null_fraction) {
    if (nullability == Nullability::NonNullable) {
        return Validity::NonNullable();
    }
    std::vector<bool> valid(len);
    for (size_t i = 0; i < len; ++i) {
        valid[i] = !rng.Chance(null_fraction);
    }
    return Validity::FromBits(BitBuffer::FromBools(valid));
}

template <typename T>
T RandomInteger(TestRng &rng) {
    using Limits = std::numeric_limits<T>;
    switch (rng.Below(10)) {
        case 0: { // the edges of the range
            const T edges[] = {Limits::min(), Limits::max(), T(0), T(1), static_cast<T>(Limits::max() - 1)};
            return edges[rng.Below(std::size(edges))];
        }
        case 1:
        case 2:
        case 3:
        case 4: // small values, as most real columns hold
            return static_cast<T>(rng.Below(200) - (std::is_signed_v<T> ? 100 : 0));
        default: // the whole range
            return static_cast<T>(rng.Next());
    }
}

template <typename Float, typename Bits>
Float SpecialFloat(TestRng &rng) {
    using Limits = std::numeric_limits<Float>;
    constexpr int kMantissaBits = Limits::digits - 1;
    const Bits sign = static_cast<Bits>(rng.Below(2)) << (sizeof(Bits) * 8 - 1);
    switch (rng.Below(7)) {
        case 0:
            return Float(-0.0);
        case 1:
            return Float(0.0);
        case 2: { // a NaN with a random sign and a random payload (quiet bit set)
            const Bits exponent = std::bit_cast<Bits>(Limits::infinity());
            const Bits quiet = Bits{1} << (kMantissaBits - 1);
            const Bits payload = static_cast<Bits>(rng.Next()) & (quiet - 1);
            return std::bit_cast<Float>(static_cast<Bits>(sign | exponent | quiet | payload));
        }
        case 3:
            return Limits::infinity();
        case 4:
            return -Limits::infinity();
        case 5:
            return sign ? -Limits::denorm_min() : Limits::denorm_min();
        default:
            return sign ? Limits::lowest() : Limits::max();
    }
}

// A random finite value whose magnitude spans several decades.
double RandomFinite(TestRng &rng, double max_magnitude) {
    const double scale = std::min(max_magnitude, std::pow(10.0, static_cast<double>(rng.Below(12)) - 4.0));
    return (rng.Unit() * 2.0 - 1.0) * scale;
}

template <typename T>
T RandomFloat(TestRng &rng, const RandomArrayOptions &options) {
    const bool special = rng.Chance(options.special_float_fraction);
    if constexpr (std::is_same_v<T, Half>) {
        if (special) {
            const uint16_t specials[] = {0x8000, 0x0000, 0x7c00, 0xfc00, 0x0001, 0x7bff, 0xfbff};
            if (rng.Chance(0.3)) { // NaN, random sign and payload
                return Half{static_cast<uint16_t>(0x7e00 | (rng.Next() & 0x81ff))};
            }
            return Half{specials[rng.Below(std::size(specials))]};
        }
        return Half::FromFloat(static_cast<float>(RandomFinite(rng, 60000.0)));
    } else if constexpr (std::is_same_v<T, float>) {
        return special ? SpecialFloat<float, uint32_t>(rng) : static_cast<float>(RandomFinite(rng, 1e30));
    } else {
        return special ? SpecialFloat<double, uint64_t>(rng) : RandomFinite(rng, 1e300);
    }
}

ArrayRef RandomPrimitive(const DType &dtype, const RandomArrayOptions &options, TestRng &rng) {
    return VisitPType(dtype.ptype(), [&]<typename T>() -> ArrayRef {
        std::vector<T> values(options.len);
        for (T &value : values) {
            if constexpr (std::is_integral_v<T>) {
                value = RandomInteger<T>(rng);
            } else {
                value = RandomFloat<T>(rng, options);
            }
        }
        return PrimitiveArray::FromValues(
            values, RandomValidity(rng, dtype.nullability(), options.len, options.null_fraction));
    });
}

// Two's complement negation of a 256-bit value.
I256 Negate(I256 value) {
    uint64_t carry = 1;
    for (uint64_t &limb : value.limbs) {
        limb = ~limb + carry;
        carry = (carry != 0 && limb == 0) ? 1 : 0;
    }
    return value;
}

// A random unscaled value with at most `precision` decimal digits: a random number of bits
// below floor(precision * log2(10)), so that |value| < 10^precision always holds.
I256 RandomDecimalValue(TestRng &rng, uint8_t precision) {
    const size_t max_bits = static_cast<size_t>(precision) * 3321928 / 1000000;
    const size_t bits = rng.Chance(0.3) ? std::min<size_t>(max_bits, 7) : rng.Between(0, max_bits);
    I256 value;
    for (size_t limb = 0; limb < 4; ++limb) {
        const size_t low = limb * 64;
        if (bits <= low) {
            break;
        }
        const size_t n = std::min<size_t>(64, bits - low);
        value.limbs[limb] = n == 64 ? rng.Next() : rng.Next() & ((uint64_t{1} << n) - 1);
    }
    return rng.Chance(0.5) ? Negate(value) : value;
}

ArrayRef RandomDecimal(const DType &dtype, const RandomArrayOptions &options, TestRng &rng) {
    const DecimalDType decimal = dtype.decimal();
    DecimalType values_type = MinDecimalTypeForPrecision(decimal.precision);
    // Sometimes store in a wider type than needed, which the format allows.
    if (values_type != DecimalType::I256 && rng.Chance(0.25)) {
        values_type = static_cast<DecimalType>(static_cast<uint8_t>(values_type) + 1);
    }
    const size_t width = ByteWidth(values_type);
    BufferMut values = BufferMut::Zeroed(options.len * width);
    for (size_t i = 0; i < options.len; ++i) {
        RandomDecimalValue(rng, decimal.precision).ToLittleEndian(values.data() + i * width, width);
    }
    return DecimalArray::Make(decimal, values_type, std::move(values).Freeze(),
                              RandomValidity(rng, dtype.nullability(), options.len, options.null_fraction));
}

std::string RandomString(TestRng &rng, const RandomArrayOptions &options, bool utf8) {
    size_t target = 0;
    const size_t roll = rng.Below(20);
    if (roll < 3) {
        target = 0;
    } else if (roll < 11) {
        target = rng.Between(1, std::min<size_t>(12, options.max_string_len));
    } else {
        target = rng.Between(std::min<size_t>(13, options.max_string_len), options.max_string_len);
    }
    std::string out;
    while (out.size() < target) {
        if (!utf8) {
            out.push_back(static_cast<char>(rng.Below(256)));
            continue;
        }
        // ASCII mostly, then 2-, 3- and 4-byte sequences (e, the CJK "middle", an emoji).
        static constexpr const char *kNonAscii[] = {"\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80"};
        if (rng.Chance(0.8)) {
            out.push_back(static_cast<char>('a' + rng.Below(26)));
        } else {
            out += kNonAscii[rng.Below(3)];
        }
    }
    return out;
}

ArrayRef RandomVarBinView(const DType &dtype, const RandomArrayOptions &options, TestRng &rng) {
    const Validity validity = RandomValidity(rng, dtype.nullability(), options.len, options.null_fraction);
    std::vector<std::optional<std::string>> values(options.len);
    for (size_t i = 0; i < options.len; ++i) {
        std::string value = RandomString(rng, options, dtype.is_utf8());
        if (validity.is_valid(i)) {
            values[i] = std::move(value);
        }
    }
    return VarBinViewArray::FromStrings(values, dtype);
}

ArrayRef RandomStruct(const DType &dtype, const RandomArrayOptions &options, TestRng &rng) {
    std::vector<ArrayRef> fields;
    for (const DType &field : dtype.struct_fields().dtypes) {
        fields.push_back(RandomArray(field, ChildOptions(options, rng, options.len)));
    }
    return StructArray::Make(dtype, std::move(fields), options.len,
                             RandomValidity(rng, dtype.nullability(), options.len, options.null_fraction));
}

// Lists are laid out back to front half of the time: list views need not be in order.
ArrayRef RandomListView(const DType &dtype, const RandomArrayOptions &options, TestRng &rng) {
    std::vector<uint32_t> sizes(options.len);
    size_t total = 0;
    for (uint32_t &size : sizes) {
        size = static_cast<uint32_t>(rng.Between(0, options.max_list_len));
        total += size;
    }
    std::vector<uint32_t> offsets(options.len);
    const bool reversed = rng.Chance(0.5);
    size_t next = 0;
    for (size_t k = 0; k < options.len; ++k) {
        const size_t i = reversed ? options.len - 1 - k : k;
        offsets[i] = static_cast<uint32_t>(next);
        next += sizes[i];
    }
    ArrayRef elements = RandomArray(dtype.element_type(), ChildOptions(options, rng, total));
    return ListViewArray::Make(std::move(elements), PrimitiveArray::FromValues(offsets),
                               PrimitiveArray::FromValues(sizes),
                               RandomValidity(rng, dtype.nullability(), options.len, options.null_fraction));
}

ArrayRef RandomFixedSizeList(const DType &dtype, const RandomArrayOptions &options, TestRng &rng) {
    const size_t total = options.len * dtype.list_size();
    ArrayRef elements = RandomArray(dtype.element_type(), ChildOptions(options, rng, total));
    return FixedSizeListArray::Make(
        std::move(elements), dtype.list_size(), options.len,
        RandomValidity(rng, dtype.nullability(), options.len, options.null_fraction));
}

DType Unwrap(Result<DType> dtype) {
    return std::move(dtype).ValueOrDie();
}

} // namespace

ArrayRef RandomArray(const DType &dtype, const RandomArrayOptions &options) {
    TestRng rng(options.seed);
    switch (dtype.kind()) {
        case DTypeKind::Null:
            return NullArray::Make(options.len);
        case DTypeKind::Bool: {
            std::vector<bool> values(options.len);
            for (size_t i = 0; i < options.len; ++i) {
                values[i] = rng.Chance(0.5);
            }
            return BoolArray::Make(
                BitBuffer::FromBools(values),
                RandomValidity(rng, dtype.nullability(), options.len, options.null_fraction));
        }
        case DTypeKind::Primitive:
            return RandomPrimitive(dtype, options, rng);
        case DTypeKind::Decimal:
            return RandomDecimal(dtype, options, rng);
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return RandomVarBinView(dtype, options, rng);
        case DTypeKind::Struct:
            return RandomStruct(dtype, options, rng);
        case DTypeKind::List:
            return RandomListView(dtype, options, rng);
        case DTypeKind::FixedSizeList:
            return RandomFixedSizeList(dtype, options, rng);
        case DTypeKind::Extension:
            return ExtensionArray::Make(dtype, RandomArray(dtype.extension().storage, options));
    }
    VX_CHECK_MSG(false, "unknown dtype kind {}", static_cast<int>(dtype.kind()));
    __builtin_unreachable();
}

std::vector<DType> AllTestDTypes() {
    constexpr auto kNonNull = Nullability::NonNullable;
    constexpr auto kNull = Nullability::Nullable;
    std::vector<DType> out = {DType::Null()};
    for (const Nullability n : {kNonNull, kNull}) {
        out.push_back(DType::Bool(n));
        for (uint8_t tag = 0; tag <= kMaxPTypeTag; ++tag) {
            out.push_back(DType::Primitive(static_cast<PType>(tag), n));
        }
        // One precision per values width: I8, I16, I32, I64, I128, I256.
        out.push_back(DType::Decimal(2, 1, n));
        out.push_back(DType::Decimal(4, 0, n));
        out.push_back(DType::Decimal(9, 3, n));
        out.push_back(DType::Decimal(18, -2, n));
        out.push_back(DType::Decimal(38, 10, n));
        out.push_back(DType::Decimal(76, 20, n));
        out.push_back(DType::Utf8(n));
        out.push_back(DType::Binary(n));
        out.push_back(
            DType::Struct({"a", "b"}, {DType::Primitive(PType::I32, kNonNull), DType::Utf8(kNull)}, n));
        out.push_back(DType::Struct(
            {"inner", "tags"},
            {DType::Struct({"x", "y"}, {DType::Primitive(PType::F64, kNull), DType::Bool(kNonNull)}, kNull),
             DType::List(DType::Utf8(kNonNull), kNull)},
            n));
        out.push_back(DType::List(DType::Primitive(PType::I32, kNull), n));
        out.push_back(DType::List(DType::List(DType::Primitive(PType::U8, kNonNull), kNull), n));
        out.push_back(DType::FixedSizeList(DType::Primitive(PType::F32, kNonNull), 3, n));
        out.push_back(DType::FixedSizeList(DType::Utf8(kNull), 2, n));
        out.push_back(Unwrap(DateDType(TimeUnit::Days, n)));
        out.push_back(Unwrap(TimeDType(TimeUnit::Milliseconds, n)));
        out.push_back(Unwrap(TimestampDType(TimeUnit::Microseconds, "UTC", n)));
    }
    return out;
}

DType RandomDType(uint64_t seed, int max_depth) {
    TestRng rng(seed);
    const Nullability n = rng.Chance(0.5) ? Nullability::Nullable : Nullability::NonNullable;
    const size_t kinds = max_depth > 0 ? 9 : 5;
    switch (rng.Below(kinds)) {
        case 0:
            return DType::Bool(n);
        case 1:
            return DType::Primitive(static_cast<PType>(rng.Below(kMaxPTypeTag + 1)), n);
        case 2: {
            const auto precision = static_cast<uint8_t>(rng.Between(1, kMaxDecimalPrecision));
            return DType::Decimal(precision, static_cast<int8_t>(rng.Below(precision + 1)), n);
        }
        case 3:
            return DType::Utf8(n);
        case 4:
            return DType::Binary(n);
        case 5: {
            std::vector<std::string> names;
            std::vector<DType> dtypes;
            for (size_t i = 0, nfields = rng.Between(1, 3); i < nfields; ++i) {
                names.push_back(format("f{}", i));
                dtypes.push_back(RandomDType(rng.Next(), max_depth - 1));
            }
            return DType::Struct(std::move(names), std::move(dtypes), n);
        }
        case 6:
            return DType::List(RandomDType(rng.Next(), max_depth - 1), n);
        case 7:
            return DType::FixedSizeList(RandomDType(rng.Next(), max_depth - 1),
                                        static_cast<uint32_t>(rng.Between(1, 3)), n);
        default:
            return Unwrap(TimestampDType(TimeUnit::Nanoseconds, std::nullopt, n));
    }
}

} // namespace vortex
