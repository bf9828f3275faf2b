// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "column_shape.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>
#include <type_traits>
#include <utility>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/masked/masked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/test_rng_internal.h"
#include "vortex/base/format.h"
#include "vortex/base/int128.h"
#include "vortex/dtype/decimal.h"
#include "vortex/dtype/extension.h"

namespace vortex::property {
namespace {

using internal::TestRng;
using Wide = int128_t;

constexpr auto kNonNull = Nullability::NonNullable;
constexpr auto kNull = Nullability::Nullable;

DType Unwrap(Result<DType> dtype) {
    return std::move(dtype).ValueOrDie();
}

// Uniform in [lo, hi] over 128-bit bounds (spans up to 2^64 values and more).
Wide WideBetween(TestRng &rng, Wide lo, Wide hi) {
    const auto span = static_cast<uint128_t>(hi - lo) + 1;
    const auto draw = (static_cast<uint128_t>(rng.Next()) << 64) | rng.Next();
    return lo + static_cast<Wide>(span == 0 ? draw : draw % span);
}

// Up to `count` distinct integers in [lo, hi], ascending; fewer when the range is smaller.
// The profile sets the gaps between neighbours and where the values start.
std::vector<Wide> SortedDistinct(TestRng &rng, size_t count, ValueProfile profile, Wide lo, Wide hi) {
    const Wide span = hi - lo + 1;
    if (static_cast<Wide>(count) >= span) {
        std::vector<Wide> all;
        for (Wide v = lo; v <= hi; ++v) {
            all.push_back(v);
        }
        return all;
    }
    Wide max_gap = 1;
    switch (profile) {
        case ValueProfile::kDense:
            max_gap = 2;
            break;
        case ValueProfile::kTypical:
            max_gap = 40;
            break;
        case ValueProfile::kWide:
            max_gap = span / static_cast<Wide>(std::max<size_t>(count, 1));
            break;
    }
    max_gap = std::max<Wide>(1, std::min(max_gap, span / static_cast<Wide>(std::max<size_t>(count, 1))));
    // The values need at most count * max_gap of the range; start where that still fits,
    // near zero unless the values span the whole range.
    const Wide room = span - static_cast<Wide>(count) * max_gap;
    Wide start = lo;
    if (profile == ValueProfile::kWide) {
        start = lo + WideBetween(rng, 0, std::max<Wide>(room, 0));
    } else {
        const Wide near_zero = std::clamp<Wide>(0, lo, hi) - static_cast<Wide>(rng.Below(1000));
        start = std::clamp<Wide>(near_zero, lo, lo + std::max<Wide>(room, 0));
    }
    std::vector<Wide> out(count);
    Wide value = start;
    for (size_t i = 0; i < count; ++i) {
        out[i] = value;
        value += 1 + WideBetween(rng, 0, max_gap - 1);
    }
    return out;
}

template <typename T>
ArrayRef IntegerPool(TestRng &rng, size_t count, ValueProfile profile, Wide lo, Wide hi) {
    std::vector<T> values;
    for (Wide v : SortedDistinct(rng, count, profile, lo, hi)) {
        values.push_back(static_cast<T>(v));
    }
    return PrimitiveArray::FromValues(values);
}

template <typename T>
ArrayRef IntegerPool(TestRng &rng, size_t count, ValueProfile profile) {
    return IntegerPool<T>(rng, count, profile, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
}

// Distinct by bits, ascending by value; NaN, the zeros and infinities are mixed in sometimes.
template <typename T>
ArrayRef FloatPool(TestRng &rng, size_t count, ValueProfile profile) {
    std::vector<double> doubles;
    if (profile == ValueProfile::kWide) {
        for (size_t i = 0; i < count; ++i) {
            const double magnitude = std::pow(10.0, static_cast<double>(rng.Below(40)) - 20.0);
            doubles.push_back((rng.Unit() * 2.0 - 1.0) * magnitude);
        }
        std::sort(doubles.begin(), doubles.end());
    } else {
        // Dense: halves around zero; typical: prices with two decimals.
        const double scale = profile == ValueProfile::kDense ? 0.5 : 0.01;
        for (Wide v : SortedDistinct(rng, count, profile, -(Wide{1} << 40), Wide{1} << 40)) {
            doubles.push_back(static_cast<double>(v) * scale);
        }
    }
    if (count >= 8 && rng.Chance(0.5)) {
        const double specials[] = {-0.0,
                                   0.0,
                                   std::numeric_limits<double>::infinity(),
                                   -std::numeric_limits<double>::infinity(),
                                   std::numeric_limits<double>::quiet_NaN(),
                                   -std::nan("0x5")};
        for (size_t i = 0; i < std::size(specials) && i < doubles.size(); ++i) {
            doubles[rng.Below(doubles.size())] = specials[i];
        }
    }
    std::vector<T> values;
    std::set<uint64_t> seen;
    for (double d : doubles) {
        T value;
        uint64_t bits = 0;
        if constexpr (std::is_same_v<T, Half>) {
            value = Half::FromFloat(static_cast<float>(d));
        } else {
            value = static_cast<T>(d);
        }
        std::memcpy(&bits, &value, sizeof(T));
        if (seen.insert(bits).second) {
            values.push_back(value);
        }
    }
    return PrimitiveArray::FromValues(values);
}

ArrayRef PrimitivePool(TestRng &rng, PType ptype, size_t count, ValueProfile profile) {
    return VisitPType(ptype, [&]<typename T>() -> ArrayRef {
        if constexpr (std::is_integral_v<T>) {
            return IntegerPool<T>(rng, count, profile);
        } else {
            return FloatPool<T>(rng, count, profile);
        }
    });
}

// Unscaled values below 10^precision in magnitude; beyond 18 digits the wide profile moves
// them into the upper 64-bit limb so the wide storage is really used.
ArrayRef DecimalPool(TestRng &rng, const DecimalDType &decimal, size_t count, ValueProfile profile) {
    Wide limit = 1;
    for (int i = 0; i < std::min<int>(decimal.precision, 18); ++i) {
        limit *= 10;
    }
    const bool upper_limb = decimal.precision > 19 && profile == ValueProfile::kWide;
    const Wide bound = upper_limb ? (Wide{1} << 60) : limit - 1;
    DecimalType values_type = MinDecimalTypeForPrecision(decimal.precision);
    if (values_type != DecimalType::I256 && rng.Chance(0.2)) {
        values_type = static_cast<DecimalType>(static_cast<uint8_t>(values_type) + 1);
    }
    const std::vector<Wide> unscaled = SortedDistinct(rng, count, profile, -bound, bound);
    const size_t width = ByteWidth(values_type);
    BufferMut bytes = BufferMut::Zeroed(unscaled.size() * width);
    for (size_t i = 0; i < unscaled.size(); ++i) {
        I256 value = I256::FromInt128(unscaled[i]);
        if (upper_limb) {
            value = I256::FromInt128(unscaled[i] * (Wide{1} << 64) + static_cast<Wide>(rng.Next() >> 1));
        }
        value.ToLittleEndian(bytes.data() + i * width, width);
    }
    return DecimalArray::Make(decimal, values_type, std::move(bytes).Freeze(), Validity::NonNullable());
}

std::string RandomText(TestRng &rng, size_t len, bool utf8) {
    static constexpr const char *kNonAscii[] = {"\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80", "\xD0\xB6"};
    std::string out;
    while (out.size() < len) {
        if (!utf8) {
            out.push_back(static_cast<char>(rng.Below(256)));
        } else if (rng.Chance(0.85)) {
            out.push_back(static_cast<char>('a' + rng.Below(26)));
        } else {
            out += kNonAscii[rng.Below(std::size(kNonAscii))];
        }
    }
    return out;
}

// One candidate value of a string or binary pool.
std::string StringValue(TestRng &rng, ValueProfile profile, bool utf8, size_t serial) {
    switch (profile) {
        case ValueProfile::kDense: // short keys, inlined in their views
            return (utf8 ? "k" : "\x01") + std::to_string(serial);
        case ValueProfile::kTypical: { // URLs: a long common prefix and a varying tail
            std::string url = "https://www.example.org/catalog/items/";
            url += std::to_string(rng.Below(1000000));
            if (rng.Chance(0.5)) {
                url += "?ref=" + RandomText(rng, rng.Between(1, 6), true);
            }
            return url;
        }
        case ValueProfile::kWide: { // any length, unicode, empty included
            const size_t roll = rng.Below(10);
            const size_t len = roll == 0 ? 0 : roll < 5 ? rng.Between(1, 12) : rng.Between(13, 120);
            return RandomText(rng, len, utf8);
        }
    }
    return {};
}

ArrayRef StringPool(TestRng &rng, const DType &dtype, size_t count, ValueProfile profile) {
    std::set<std::string> distinct;
    for (size_t attempt = 0; distinct.size() < count && attempt < 4 * count + 16; ++attempt) {
        distinct.insert(StringValue(rng, profile, dtype.is_utf8(), attempt));
    }
    return VarBinViewArray::FromStrings(std::vector<std::string>(distinct.begin(), distinct.end()), dtype);
}

// The range of a temporal dtype's storage that real data uses; the wide profile takes all of
// its storage type except for times of day.
std::pair<Wide, Wide> TemporalRange(const DType &dtype, ValueProfile profile) {
    const TemporalMetadata meta = ParseTemporalMetadata(dtype.extension()).ValueOrDie();
    const PType storage = dtype.extension().storage.ptype();
    const Wide storage_min =
        storage == PType::I32 ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
    const Wide storage_max =
        storage == PType::I32 ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
    Wide per_second = 1;
    switch (meta.unit) {
        case TimeUnit::Nanoseconds:
            per_second = 1000000000;
            break;
        case TimeUnit::Microseconds:
            per_second = 1000000;
            break;
        case TimeUnit::Milliseconds:
            per_second = 1000;
            break;
        case TimeUnit::Seconds:
        case TimeUnit::Days:
            break;
    }
    if (meta.kind == TemporalMetadata::Kind::Time) {
        return {0, Wide{86400} * per_second - 1};
    }
    if (profile == ValueProfile::kWide) {
        return {storage_min, storage_max};
    }
    // 1990-01-01 .. 2030-01-01.
    const Wide first_day = 7305;
    const Wide last_day = 21915;
    if (meta.unit == TimeUnit::Days) {
        return {first_day, last_day};
    }
    return {first_day * 86400 * per_second, last_day * 86400 * per_second};
}

ArrayRef TemporalPool(TestRng &rng, const DType &dtype, size_t count, ValueProfile profile) {
    const auto [lo, hi] = TemporalRange(dtype, profile);
    // Typical timestamps are whole seconds or minutes apart, as event logs are.
    ArrayRef storage = dtype.extension().storage.ptype() == PType::I32
                           ? IntegerPool<int32_t>(rng, count, profile, lo, hi)
                           : IntegerPool<int64_t>(rng, count, profile, lo, hi);
    return ExtensionArray::Make(dtype, std::move(storage));
}

// Up to `count` distinct non-null values of `dtype` (non-nullable), ascending for leaves.
ArrayRef MakePool(TestRng &rng, const DType &dtype, size_t count, ValueProfile profile) {
    switch (dtype.kind()) {
        case DTypeKind::Bool: {
            if (count >= 2) {
                return BoolArray::FromBools({false, true});
            }
            return BoolArray::FromBools({rng.Chance(0.5)});
        }
        case DTypeKind::Primitive:
            return PrimitivePool(rng, dtype.ptype(), count, profile);
        case DTypeKind::Decimal:
            return DecimalPool(rng, dtype.decimal(), count, profile);
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return StringPool(rng, dtype, count, profile);
        case DTypeKind::Extension:
            return TemporalPool(rng, dtype, count, profile);
        default: // nested: random values, nulls inside them
            return RandomArray(dtype, {.len = count, .null_fraction = 0.1, .seed = rng.Next()});
    }
}

// Positions into a pool of `pool` values for `len` rows in the requested order.
std::vector<uint32_t>
MakeIndices(TestRng &rng, ValueOrder order, size_t pool, size_t len, bool all_distinct) {
    std::vector<uint32_t> indices(len);
    if (all_distinct && pool >= len) {
        for (size_t i = 0; i < len; ++i) {
            indices[i] = static_cast<uint32_t>(i);
        }
        if (order == ValueOrder::kRandom) {
            for (size_t i = len; i > 1; --i) {
                std::swap(indices[i - 1], indices[rng.Below(i)]);
            }
        } else if (order == ValueOrder::kClustered) {
            for (size_t i = 0; i + 1 < len; i += 2 + rng.Below(16)) {
                std::swap(indices[i], indices[std::min(len - 1, i + 1 + rng.Below(8))]);
            }
        }
        return indices;
    }
    switch (order) {
        case ValueOrder::kRandom:
        case ValueOrder::kSorted:
            for (uint32_t &index : indices) {
                index = static_cast<uint32_t>(rng.Below(pool));
            }
            if (order == ValueOrder::kSorted) {
                std::sort(indices.begin(), indices.end());
            }
            break;
        case ValueOrder::kRuns: {
            const size_t mean_runs[] = {2, 16, 300, 5000};
            const size_t mean = mean_runs[rng.Below(std::size(mean_runs))];
            for (size_t i = 0; i < len;) {
                const auto value = static_cast<uint32_t>(rng.Below(pool));
                const size_t run = std::min(len - i, 1 + rng.Below(2 * mean));
                std::fill_n(indices.begin() + static_cast<ptrdiff_t>(i), run, value);
                i += run;
            }
            break;
        }
        case ValueOrder::kClustered: {
            // A slowly moving centre with jitter around it, as values of a time-ordered feed.
            const size_t jitter = std::max<size_t>(1, pool / (8 << rng.Below(4)));
            for (size_t i = 0; i < len; ++i) {
                const size_t centre = static_cast<size_t>(static_cast<double>(i) * static_cast<double>(pool) /
                                                          static_cast<double>(len));
                const size_t low = centre > jitter ? centre - jitter : 0;
                indices[i] = static_cast<uint32_t>(std::min(pool - 1, low + rng.Below(2 * jitter + 1)));
            }
            break;
        }
    }
    return indices;
}

// Row validity for the shape's density and layout; exact at densities 0 and 1.
std::vector<bool> MakeValidity(TestRng &rng, const ColumnShape &shape) {
    const size_t len = shape.len;
    const double density = shape.null_density;
    std::vector<bool> valid(len, density < 1.0);
    if (density <= 0.0 || density >= 1.0 || len == 0) {
        return valid;
    }
    switch (shape.null_layout) {
        case NullLayout::kScattered:
            for (size_t i = 0; i < len; ++i) {
                valid[i] = !rng.Chance(density);
            }
            break;
        case NullLayout::kStretch: {
            // Values only inside [start, start + span); inside, valid with the probability that
            // keeps the overall density.
            // Inside the stretch one row in ten is valid (blocks sit at the 90% null line
            // where the sparse scheme's choice flips), one in two, or anything.
            const double inside_choices[] = {0.09, 0.1, 0.11, 0.5, (1.0 - density) + rng.Unit() * density};
            const double inside_valid = inside_choices[rng.Below(std::size(inside_choices))];
            const double fraction = std::clamp((1.0 - density) / inside_valid, 1.0 - density, 1.0);
            const size_t span = std::max<size_t>(1, static_cast<size_t>(static_cast<double>(len) * fraction));
            const size_t start = rng.Below(len - span + 1);
            const double inside = std::min(1.0, (1.0 - density) / fraction);
            for (size_t i = 0; i < len; ++i) {
                valid[i] = i >= start && i < start + span && rng.Chance(inside);
            }
            break;
        }
        case NullLayout::kRuns: {
            const size_t value_runs[] = {1, 10, 1000};
            const double mean_valid = static_cast<double>(value_runs[rng.Below(std::size(value_runs))]);
            const double mean_null = mean_valid * density / (1.0 - density);
            bool state = rng.Chance(0.5);
            for (size_t i = 0; i < len;) {
                const double mean = state ? mean_valid : mean_null;
                const size_t run = std::min(len - i, 1 + rng.Below(static_cast<size_t>(2.0 * mean)));
                std::fill_n(valid.begin() + static_cast<ptrdiff_t>(i), run, state);
                i += run;
                state = !state;
            }
            break;
        }
    }
    return valid;
}

std::string_view LayoutName(NullLayout layout) {
    switch (layout) {
        case NullLayout::kScattered:
            return "scattered";
        case NullLayout::kStretch:
            return "stretch";
        case NullLayout::kRuns:
            return "runs";
    }
    return "?";
}

std::string_view OrderName(ValueOrder order) {
    switch (order) {
        case ValueOrder::kSorted:
            return "sorted";
        case ValueOrder::kRuns:
            return "runs";
        case ValueOrder::kClustered:
            return "clustered";
        case ValueOrder::kRandom:
            return "random";
    }
    return "?";
}

std::string_view ProfileName(ValueProfile profile) {
    switch (profile) {
        case ValueProfile::kDense:
            return "dense";
        case ValueProfile::kWide:
            return "wide";
        case ValueProfile::kTypical:
            return "typical";
    }
    return "?";
}

} // namespace

std::string Describe(const ColumnShape &shape) {
    const std::string cardinality =
        shape.cardinality == kAllDistinct ? std::string("all-distinct") : std::to_string(shape.cardinality);
    return vortex::format("{} len={} nulls={} ({}) cardinality={} order={} profile={} seed={}", shape.dtype,
                          shape.len, shape.null_density, LayoutName(shape.null_layout), cardinality,
                          OrderName(shape.order), ProfileName(shape.profile), shape.seed);
}

std::vector<DType> PropertyDTypes() {
    std::vector<DType> out = {DType::Bool(kNonNull)};
    for (PType ptype : {PType::I8, PType::I16, PType::I32, PType::I64, PType::U8, PType::U16, PType::U32,
                        PType::U64, PType::F16, PType::F32, PType::F64}) {
        out.push_back(DType::Primitive(ptype, kNonNull));
    }
    // Every values width: I8, I16, I32, I64, I128, I256.
    for (auto [precision, scale] :
         {std::pair<uint8_t, int8_t>{2, 1}, {4, 2}, {9, 3}, {18, -2}, {38, 10}, {76, 20}}) {
        out.push_back(DType::Decimal(precision, scale, kNonNull));
    }
    out.push_back(DType::Utf8(kNonNull));
    out.push_back(DType::Binary(kNonNull));
    out.push_back(Unwrap(DateDType(TimeUnit::Days, kNonNull)));
    out.push_back(Unwrap(DateDType(TimeUnit::Milliseconds, kNonNull)));
    for (TimeUnit unit :
         {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds}) {
        out.push_back(Unwrap(TimeDType(unit, kNonNull)));
        out.push_back(Unwrap(TimestampDType(unit, std::nullopt, kNonNull)));
    }
    out.push_back(Unwrap(TimestampDType(TimeUnit::Microseconds, "UTC", kNonNull)));
    out.push_back(Unwrap(TimestampDType(TimeUnit::Nanoseconds, "Europe/Paris", kNonNull)));
    out.push_back(DType::Struct({"id", "name"}, {DType::Primitive(PType::I64, kNonNull), DType::Utf8(kNull)},
                                kNonNull));
    out.push_back(DType::Struct(
        {"at", "amount", "inner"},
        {Unwrap(TimestampDType(TimeUnit::Milliseconds, std::nullopt, kNull)), DType::Decimal(12, 2, kNull),
         DType::Struct({"x", "flag"}, {DType::Primitive(PType::F64, kNull), DType::Bool(kNonNull)}, kNull)},
        kNonNull));
    out.push_back(DType::List(DType::Primitive(PType::I32, kNull), kNonNull));
    out.push_back(DType::List(DType::Utf8(kNonNull), kNonNull));
    out.push_back(DType::List(DType::List(DType::Primitive(PType::U8, kNonNull), kNull), kNonNull));
    out.push_back(DType::FixedSizeList(DType::Primitive(PType::F32, kNonNull), 3, kNonNull));
    out.push_back(DType::FixedSizeList(DType::Utf8(kNull), 2, kNonNull));
    out.push_back(DType::List(
        DType::Struct({"k", "v"}, {DType::Utf8(kNonNull), DType::Primitive(PType::I16, kNull)}, kNull),
        kNonNull));
    return out;
}

size_t RandomLength(uint64_t seed) {
    TestRng rng(seed);
    const size_t roll = rng.Below(100);
    if (roll < 6) {
        return rng.Below(3); // 0, 1, 2
    }
    if (roll < 36) {
        return rng.Between(1023, 1025);
    }
    if (roll < 50) {
        return rng.Between(8191, 8193);
    }
    if (roll < 80) {
        return rng.Between(3, 5000);
    }
    if (roll < 92) { // several zones and sampled blocks
        return rng.Between(5000, 40000);
    }
    if (roll < 96) {
        return rng.Between(65535, 65537);
    }
    return 100000;
}

ColumnShape RandomShape(uint64_t seed, size_t len) {
    TestRng rng(seed);
    static const std::vector<DType> kDTypes = PropertyDTypes();
    // Almost-all-null columns twice as often: their blocks straddle the schemes' thresholds.
    static constexpr double kDensities[] = {0.0, 0.0, 0.01, 0.5, 0.97, 0.97, 1.0};
    static constexpr size_t kCardinalities[] = {1, 2, 3, 100, 65536, kAllDistinct};
    ColumnShape shape;
    shape.seed = seed;
    shape.len = len;
    shape.null_density = kDensities[rng.Below(std::size(kDensities))];
    static constexpr NullLayout kLayouts[] = {NullLayout::kScattered, NullLayout::kStretch,
                                              NullLayout::kStretch, NullLayout::kRuns};
    shape.null_layout = kLayouts[rng.Below(std::size(kLayouts))];
    shape.cardinality = kCardinalities[rng.Below(std::size(kCardinalities))];
    shape.order = static_cast<ValueOrder>(rng.Below(4));
    shape.profile = static_cast<ValueProfile>(rng.Below(3));
    // By family, so the many nested and temporal variants do not crowd out the leaves that
    // most encodings are for: integers, floats, strings.
    const auto family = [](const DType &dtype) -> size_t {
        if (dtype.is_primitive()) {
            return IsInt(dtype.ptype()) ? 0 : 1;
        }
        if (dtype.is_utf8() || dtype.is_binary()) {
            return 2;
        }
        if (dtype.is_extension()) {
            return 3;
        }
        if (dtype.is_decimal() || dtype.is_bool()) {
            return 4;
        }
        return 5;
    };
    static constexpr size_t kFamilyWeights[] = {30, 12, 22, 14, 10, 12}; // percent
    size_t roll = rng.Below(100);
    size_t wanted = 0;
    while (roll >= kFamilyWeights[wanted]) {
        roll -= kFamilyWeights[wanted++];
    }
    std::vector<const DType *> members;
    for (const DType &dtype : kDTypes) {
        if (family(dtype) == wanted) {
            members.push_back(&dtype);
        }
    }
    const DType &base = *members[rng.Below(members.size())];
    const bool nullable = shape.null_density > 0.0 || rng.Chance(0.5);
    shape.dtype = base.WithNullability(nullable ? kNull : kNonNull);
    return shape;
}

Result<ArrayRef> GenerateColumn(const ColumnShape &shape) {
    TestRng rng(shape.seed ^ 0x5DEECE66DULL);
    const bool all_distinct = shape.cardinality == kAllDistinct;
    const size_t wanted = std::max<size_t>(1, std::min(shape.cardinality, shape.len));
    ArrayRef pool = MakePool(rng, shape.dtype.AsNonNullable(), wanted, shape.profile);
    VX_ENSURE(pool->len() > 0, Internal, "empty pool for {}", Describe(shape));
    const std::vector<uint32_t> indices = MakeIndices(rng, shape.order, pool->len(), shape.len, all_distinct);
    VX_ASSIGN_OR_RETURN(ArrayRef values, Take(pool, PrimitiveArray::FromValues(indices)));
    VX_ASSIGN_OR_RETURN(values, Canonicalize(values));
    if (!shape.dtype.is_nullable()) {
        return values;
    }
    const std::vector<bool> valid = MakeValidity(rng, shape);
    VX_ASSIGN_OR_RETURN(auto masked,
                        MaskedArray::TryMake(values, Validity::FromBits(BitBuffer::FromBools(valid))));
    VX_ASSIGN_OR_RETURN(ArrayRef column, Canonicalize(ArrayRef(std::move(masked))));
    VX_ENSURE(column->dtype() == shape.dtype, Internal, "generated {} for {}", column->dtype(),
              Describe(shape));
    return column;
}

} // namespace vortex::property
