// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Files written by the Rust reference (reference-files/engineered-wood-0.70, see its README):
// each one read back exactly. The expected values are rebuilt here from the generator's
// source (engineered-wood test/EngineeredWood.Vortex.Tests/Rust/src/main.rs, one writer
// function per file, named beside each fixture below), never from our reader's output.
//
// Every fixture is checked the same way: dtype with nullability, row count, every value (floats
// by bits, decimals by unscaled value, temporal values by storage, nulls apart from empty
// strings), the file statistics the reference stored, takes at FastLanes block, slice and chunk
// boundaries, a filter evaluated by the scan, and a filter that zone maps can prune.
#include <algorithm>
#include <bit>
#include <cmath>
#include <compare>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/default_session.h"
#include "vortex/dtype/extension.h"
#include "vortex/expr/expression.h"
#include "vortex/expr/parse.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/vortex_file.h"

namespace vortex {
namespace {

constexpr Nullability kNonNull = Nullability::NonNullable;
constexpr Nullability kNullable = Nullability::Nullable;

// The generator's pseudo-random sequence (a 64-bit LCG, wrapping): each value is drawn by
// stepping first, as every writer function does.
class Lcg {
public:
    explicit Lcg(uint64_t seed) : x_(seed) {}
    uint64_t Next() {
        x_ = x_ * 6364136223846793005ULL + 1442695040888963407ULL;
        return x_;
    }

private:
    uint64_t x_;
};

// One expected column: its dtype and one scalar per row (null scalars for null rows).
struct Column {
    std::string name;
    DType dtype;
    std::vector<Scalar> values;
};

// One fixture: the file, its columns, and a filter whose expected rows are computed here.
struct Fixture {
    std::string file;
    std::vector<Column> columns;
    // The filter evaluated by the scan (scan syntax) and which rows it keeps.
    std::string filter;
    std::function<bool(size_t row)> keeps;
    // Rows beyond the generic boundaries worth taking (slice and chunk edges).
    std::vector<uint64_t> extra_takes;
    // Without a text filter: the filter is `column = <the value at this row>` (nested and
    // binary values have no literal syntax).
    std::optional<uint64_t> equal_to_row = std::nullopt;
};

template <typename T>
std::vector<Scalar> Primitives(const std::vector<T> &values, Nullability n = kNonNull) {
    std::vector<Scalar> out;
    out.reserve(values.size());
    for (T v : values) {
        out.push_back(Scalar::Primitive(v, n));
    }
    return out;
}

template <typename T>
std::vector<Scalar> NullablePrimitives(const std::vector<T> &values, const std::vector<bool> &valid) {
    std::vector<Scalar> out;
    out.reserve(values.size());
    const DType dtype = DType::Primitive(kPTypeOf<T>, kNullable);
    for (size_t i = 0; i < values.size(); ++i) {
        out.push_back(valid[i] ? Scalar::Primitive(values[i], kNullable) : Scalar::Null(dtype));
    }
    return out;
}

std::vector<Scalar> Extensions(const DType &ext_dtype, const std::vector<Scalar> &storage) {
    std::vector<Scalar> out;
    out.reserve(storage.size());
    for (const Scalar &s : storage) {
        out.push_back(Scalar::Extension(ext_dtype, s));
    }
    return out;
}

DType Prim(PType ptype, Nullability n = kNonNull) {
    return DType::Primitive(ptype, n);
}

Column IntColumn(std::string name, const std::vector<int32_t> &values) {
    return {std::move(name), Prim(PType::I32), Primitives(values)};
}

std::string FixturePath(const std::string &file) {
    return std::string(VORTEX_REFERENCE_FILES_DIR) + "/engineered-wood-0.70/" + file;
}

// Names the fixture in test failures instead of dumping its bytes.
void PrintTo(const Fixture &f, std::ostream *os) {
    *os << f.file;
}

// ---- The fixtures, one per writer function of the generator ----

// write_struct_int_3rows
Fixture StructInt3Rows() {
    return {"struct_int_3rows.vortex",
            {IntColumn("a", {1, 2, 3})},
            "a >= 2",
            [](size_t r) { return r >= 1; },
            {}};
}

// write_primitive_int_random
Fixture PrimitiveIntRandom() {
    std::vector<int32_t> v = {42, -987'654'321, 2'147'483'647, -1, 12'345, -2'147'483'647 - 1};
    return {
        "primitive_int_random.vortex", {IntColumn("a", v)}, "a < 0", [v](size_t r) { return v[r] < 0; }, {}};
}

// write_constant_int
Fixture ConstantInt5Rows() {
    return {"constant_int_5rows.vortex",
            {IntColumn("a", std::vector<int32_t>(5, 777))},
            "a = 777",
            [](size_t) { return true; },
            {}};
}

// write_nullable_int
Fixture NullableInt6Rows() {
    std::vector<int32_t> v = {10, 0, 20, 0, 99'999, -7};
    std::vector<bool> valid = {true, false, true, false, true, true};
    return {"nullable_int_6rows.vortex",
            {{"a", Prim(PType::I32, kNullable), NullablePrimitives(v, valid)}},
            "a > 0",
            [=](size_t r) { return valid[r] && v[r] > 0; },
            {}};
}

// write_multi_col
Fixture MultiCol4Rows() {
    std::vector<int32_t> a = {100, -50, 7, 999'999};
    return {"multi_col_4rows.vortex",
            {IntColumn("a", a),
             {"b", Prim(PType::I64), Primitives(std::vector<int64_t>(4, 42))},
             IntColumn("c", {1, 2, 3, 4})},
            "a > 0 AND c <= 3",
            [a](size_t r) { return a[r] > 0 && r + 1 <= 3; },
            {}};
}

// write_string_col
Fixture StringCol5Rows() {
    std::vector<std::string> v = {"alpha", "be", "\xce\xb3-particle", "", "delta-9"};
    std::vector<Scalar> s;
    s.reserve(v.size());
    for (const auto &x : v) {
        s.push_back(Scalar::Utf8(x, kNonNull));
    }
    return {"string_col_5rows.vortex",
            {{"s", DType::Utf8(kNonNull), s}},
            "s >= 'b'",
            [v](size_t r) { return v[r] >= "b"; },
            {}};
}

// write_bitpacked_int (64 rows) and write_bitpacked_int_2k (2048 rows): x % 100.
std::vector<int32_t> Mod100(uint64_t seed, size_t n) {
    Lcg lcg(seed);
    std::vector<int32_t> v;
    for (size_t i = 0; i < n; ++i) {
        v.push_back(static_cast<int32_t>(lcg.Next() % 100));
    }
    return v;
}

Fixture BitpackedInt64Rows() {
    auto v = Mod100(0xC0FFEE, 64);
    return {"bitpacked_int_64rows.vortex",
            {IntColumn("a", v)},
            "a < 50",
            [v](size_t r) { return v[r] < 50; },
            {}};
}

Fixture BitpackedInt2048Rows() {
    auto v = Mod100(0xBADC0FFEE, 2048);
    return {"bitpacked_int_2048rows.vortex",
            {IntColumn("a", v)},
            "a >= 90",
            [v](size_t r) { return v[r] >= 90; },
            {}};
}

// write_bitpacked_sliced: the 2048 values above packed at width 7, then rows 10..2010.
Fixture BitpackedSliced2000Rows() {
    auto all = Mod100(0xBADC0FFEE, 2048);
    std::vector<int32_t> v(all.begin() + 10, all.begin() + 2010);
    // Row 1014 is the packed array's row 1024: the block boundary inside the slice.
    return {"bitpacked_sliced_2000rows.vortex",
            {IntColumn("a", v)},
            "a = 7",
            [v](size_t r) { return v[r] == 7; },
            {1013, 1014, 1015, 1999}};
}

// write_for_int_2k
Fixture ForInt2048Rows() {
    Lcg lcg(0xDEADC0DE);
    std::vector<int32_t> v;
    v.reserve(2048);
    for (int i = 0; i < 2048; ++i) {
        v.push_back(1'000'000 + static_cast<int32_t>(lcg.Next() % 100));
    }
    return {"for_int_2048rows.vortex",
            {IntColumn("a", v)},
            "a BETWEEN 1000010 AND 1000020",
            [v](size_t r) { return v[r] >= 1'000'010 && v[r] <= 1'000'020; },
            {}};
}

// The generator's prices: cents / 100.0 from x % 100000.
double Price(uint64_t x) {
    return static_cast<double>(static_cast<int64_t>(x % 100'000)) / 100.0;
}

// write_alp_double_2k
Fixture AlpDouble2048Rows() {
    Lcg lcg(0xFEEDBEEF);
    std::vector<double> v;
    v.reserve(2048);
    for (int i = 0; i < 2048; ++i) {
        v.push_back(Price(lcg.Next()));
    }
    return {"alp_double_2048rows.vortex",
            {{"price", Prim(PType::F64), Primitives(v)}},
            "price < 100.5",
            [v](size_t r) { return v[r] < 100.5; },
            {}};
}

// write_alprd_double_2k: a random mantissa in [1, 2) scaled by 2^[-32, 31].
Fixture AlprdDouble2048Rows() {
    Lcg lcg(0xC0DEFACE);
    std::vector<double> v;
    for (int i = 0; i < 2048; ++i) {
        uint64_t x = lcg.Next();
        double mantissa = std::bit_cast<double>((x & 0x000F'FFFF'FFFF'FFFFULL) | 0x3FF0'0000'0000'0000ULL);
        int exp = static_cast<int>((x >> 52) & 0x3F) - 32;
        v.push_back(mantissa * std::pow(2.0, exp));
    }
    return {"alprd_double_2048rows.vortex",
            {{"v", Prim(PType::F64), Primitives(v)}},
            "v > 1.0",
            [v](size_t r) { return v[r] > 1.0; },
            {}};
}

// write_nullable_bitpacked_2k
Fixture NullableBitpacked2048Rows() {
    Lcg lcg(0xCAFEBABEDEADBEEF);
    std::vector<int32_t> v;
    std::vector<bool> valid;
    for (int i = 0; i < 2048; ++i) {
        uint64_t x = lcg.Next();
        v.push_back(static_cast<int32_t>(x % 100));
        valid.push_back(x % 5 != 0);
    }
    return {"nullable_bitpacked_2048rows.vortex",
            {{"a", Prim(PType::I32, kNullable), NullablePrimitives(v, valid)}},
            "a <= 3",
            [=](size_t r) { return valid[r] && v[r] <= 3; },
            {}};
}

// write_nullable_alp_2k
Fixture NullableAlp2048Rows() {
    Lcg lcg(0xFEEBDAED);
    std::vector<double> v;
    std::vector<bool> valid;
    for (int i = 0; i < 2048; ++i) {
        uint64_t x = lcg.Next();
        v.push_back(Price(x));
        valid.push_back(x % 5 != 0);
    }
    return {"nullable_alp_2048rows.vortex",
            {{"price", Prim(PType::F64, kNullable), NullablePrimitives(v, valid)}},
            "price >= 900.0",
            [=](size_t r) { return valid[r] && v[r] >= 900.0; },
            {}};
}

// write_bitpacked_with_patches_2k: every 100th row (i % 100 == 17) an outlier.
Fixture BitpackedPatches2048Rows() {
    Lcg lcg(0xACEDFACE);
    std::vector<int32_t> v;
    for (int i = 0; i < 2048; ++i) {
        uint64_t x = lcg.Next();
        v.push_back(i % 100 == 17 ? 1'000'000 + static_cast<int32_t>(x % 100'000)
                                  : static_cast<int32_t>(x % 100));
    }
    return {"bitpacked_patches_2048rows.vortex",
            {IntColumn("a", v)},
            "a > 1000",
            [v](size_t r) { return v[r] > 1000; },
            {17, 1017, 1117}};
}

// write_alp_with_patches_2k: every 100th row (i % 100 == 19) a full-precision double.
Fixture AlpPatches2048Rows() {
    Lcg lcg(0xBADBEEFFEEDFACE);
    std::vector<double> v;
    for (int i = 0; i < 2048; ++i) {
        uint64_t x = lcg.Next();
        if (i % 100 == 19) {
            v.push_back(std::bit_cast<double>((x & 0x000F'FFFF'FFFF'FFFFULL) | 0x4080'0000'0000'0000ULL));
        } else {
            v.push_back(Price(x));
        }
    }
    return {"alp_patches_2048rows.vortex",
            {{"v", Prim(PType::F64), Primitives(v)}},
            "v >= 512.0",
            [v](size_t r) { return v[r] >= 512.0; },
            {19, 1019, 1119}};
}

std::vector<Scalar> Decimals(const std::vector<I256> &unscaled, const DType &dtype, DecimalType storage) {
    std::vector<Scalar> out;
    out.reserve(unscaled.size());
    for (const I256 &u : unscaled) {
        out.push_back(Scalar::Decimal(u, storage, dtype));
    }
    return out;
}

// write_decimal128_2k: decimal(10, 2) over i64 storage.
Fixture Decimal128Rows() {
    Lcg lcg(0xC0FFEEDECAF);
    std::vector<I256> v;
    std::vector<int64_t> raw;
    for (int i = 0; i < 2048; ++i) {
        raw.push_back(static_cast<int64_t>(lcg.Next() % 100'000'000) - 50'000'000);
        v.push_back(I256::FromInt128(raw.back()));
    }
    DType dtype = DType::Decimal(10, 2, kNonNull);
    return {"decimal128_2048rows.vortex",
            {{"amt", dtype, Decimals(v, dtype, DecimalType::I64)}},
            "amt < -400000.00",
            [raw](size_t r) { return raw[r] < -40'000'000; },
            {}};
}

// write_decimal256_2k: decimal(40, 2) over i128 storage, values (x as i64) << 60.
Fixture Decimal256Rows() {
    Lcg lcg(0xC0FFEEDECAFBABE);
    std::vector<I256> v;
    std::vector<bool> negative;
    for (int i = 0; i < 2048; ++i) {
        int128_t value = static_cast<int128_t>(static_cast<int64_t>(lcg.Next())) * (int128_t{1} << 60);
        v.push_back(I256::FromInt128(value));
        negative.push_back(value < 0);
    }
    DType dtype = DType::Decimal(40, 2, kNonNull);
    return {"decimal256_2048rows.vortex",
            {{"amt", dtype, Decimals(v, dtype, DecimalType::I128)}},
            "amt < 0",
            [negative](size_t r) { return negative[r]; },
            {}};
}

// write_timestamp_us_2k: 2024-01-01 plus up to 365 days, microseconds, no zone.
Fixture TimestampUs2048Rows() {
    constexpr int64_t kBaseUs = 1'704'067'200'000'000;
    constexpr uint64_t kYearUs = 365ULL * 86'400 * 1'000'000;
    Lcg lcg(0xCAFED00D);
    std::vector<int64_t> v;
    v.reserve(2048);
    for (int i = 0; i < 2048; ++i) {
        v.push_back(kBaseUs + static_cast<int64_t>(lcg.Next() % kYearUs));
    }
    DType dtype = *TimestampDType(TimeUnit::Microseconds, std::nullopt, kNonNull);
    // 2024-07-01 00:00:00 UTC.
    constexpr int64_t kJulyUs = 1'719'792'000'000'000;
    return {"timestamp_us_2048rows.vortex",
            {{"ts", dtype, Extensions(dtype, Primitives(v))}},
            "ts >= '2024-07-01 00:00:00'",
            [v](size_t r) { return v[r] >= kJulyUs; },
            {}};
}

// write_date_days_2k: 2024-01-01 (day 19723) plus up to five years.
Fixture DateDays2048Rows() {
    Lcg lcg(0xDEC0DED1);
    std::vector<int32_t> v;
    v.reserve(2048);
    for (int i = 0; i < 2048; ++i) {
        // 1825 days: five years of 365.
        v.push_back(19'723 + static_cast<int32_t>(lcg.Next() % 1825U));
    }
    DType dtype = *DateDType(TimeUnit::Days, kNonNull);
    // 2026-01-01 is day 20454.
    return {"date_days_2048rows.vortex",
            {{"d", dtype, Extensions(dtype, Primitives(v))}},
            "d < '2026-01-01'",
            [v](size_t r) { return v[r] < 20'454; },
            {}};
}

// write_time_us_2k: microseconds within a day.
Fixture TimeUs2048Rows() {
    constexpr uint64_t kDayUs = 86'400ULL * 1'000'000;
    Lcg lcg(0xC1A551C);
    std::vector<int64_t> v;
    v.reserve(2048);
    for (int i = 0; i < 2048; ++i) {
        v.push_back(static_cast<int64_t>(lcg.Next() % kDayUs));
    }
    DType dtype = *TimeDType(TimeUnit::Microseconds, kNonNull);
    constexpr int64_t kNoonUs = 12LL * 3600 * 1'000'000;
    return {"time_us_2048rows.vortex",
            {{"t", dtype, Extensions(dtype, Primitives(v))}},
            "t < '12:00:00'",
            [v](size_t r) { return v[r] < kNoonUs; },
            {}};
}

// write_fsl_int_2k: 2048 rows of three i32 in [0, 1000).
Fixture FslInt2048Rows() {
    Lcg lcg(0xF15F00D5);
    DType element = Prim(PType::I32);
    DType dtype = DType::FixedSizeList(element, 3, kNonNull);
    std::vector<Scalar> rows;
    for (int i = 0; i < 2048; ++i) {
        std::vector<Scalar> triple;
        triple.reserve(3);
        for (int j = 0; j < 3; ++j) {
            triple.push_back(Scalar::Primitive(static_cast<int32_t>(lcg.Next() % 1000), kNonNull));
        }
        rows.push_back(Scalar::List(dtype, std::move(triple)));
    }
    return {"fsl_int_2048rows.vortex", {{"triple", dtype, rows}}, "", nullptr, {}, 1500};
}

// write_list_int_2k: 0..6 elements a row, each x % 1000, the length drawn before the elements.
Fixture ListInt2048Rows() {
    Lcg lcg(0x11575EED);
    DType dtype = DType::List(Prim(PType::I32), kNonNull);
    std::vector<Scalar> rows;
    for (int i = 0; i < 2048; ++i) {
        uint64_t len = lcg.Next() % 7;
        std::vector<Scalar> elements;
        for (uint64_t j = 0; j < len; ++j) {
            elements.push_back(Scalar::Primitive(static_cast<int32_t>(lcg.Next() % 1000), kNonNull));
        }
        rows.push_back(Scalar::List(dtype, std::move(elements)));
    }
    return {"list_int_2048rows.vortex", {{"xs", dtype, rows}}, "", nullptr, {}, 700};
}

// write_uuid_2k: vortex.uuid (no version) over fixed_size_list(u8)[16], bytes (x >> 32) as u8.
Fixture Uuid2048Rows() {
    Lcg lcg(0xDEADCAFEBABE1357);
    DType storage = DType::FixedSizeList(Prim(PType::U8), 16, kNonNull);
    // UuidMetadata { version: None } serializes to no bytes.
    DType dtype = DType::Extension("vortex.uuid", storage, {});
    std::vector<Scalar> rows;
    for (int i = 0; i < 2048; ++i) {
        std::vector<Scalar> bytes;
        bytes.reserve(16);
        for (int j = 0; j < 16; ++j) {
            bytes.push_back(Scalar::Primitive(static_cast<uint8_t>(lcg.Next() >> 32), kNonNull));
        }
        rows.push_back(Scalar::Extension(dtype, Scalar::List(storage, std::move(bytes))));
    }
    return {"uuid_2048rows.vortex", {{"id", dtype, rows}}, "", nullptr, {}, 1024};
}

// write_delta_int_2k and write_delta_sliced: a running u64 sum of x % 1000 from 1.7e18.
std::vector<uint64_t> RunningSums() {
    Lcg lcg(0xDE17ADE17A);
    uint64_t acc = 1'700'000'000'000'000'000ULL;
    std::vector<uint64_t> v;
    for (int i = 0; i < 2048; ++i) {
        acc += lcg.Next() % 1000;
        v.push_back(acc);
    }
    return v;
}

Fixture DeltaInt2048Rows() {
    auto v = RunningSums();
    uint64_t pivot = v[1500];
    return {"delta_int_2048rows.vortex",
            {{"a", Prim(PType::U64), Primitives(v)}},
            "a > " + std::to_string(pivot),
            [v, pivot](size_t r) { return v[r] > pivot; },
            {}};
}

// write_delta_diag: u32 0..1023.
Fixture DeltaDiag() {
    std::vector<uint32_t> v;
    for (uint32_t i = 0; i < 1024; ++i) {
        v.push_back(i);
    }
    return {"delta_diag.vortex",
            {{"a", Prim(PType::U32), Primitives(v)}},
            "a < 100",
            [](size_t r) { return r < 100; },
            {}};
}

Fixture DeltaSliced2000Rows() {
    auto all = RunningSums();
    std::vector<uint64_t> v(all.begin() + 10, all.begin() + 2010);
    uint64_t pivot = v[999];
    return {"delta_sliced_2000rows.vortex",
            {{"a", Prim(PType::U64), Primitives(v)}},
            "a <= " + std::to_string(pivot),
            [v, pivot](size_t r) { return v[r] <= pivot; },
            {1013, 1014, 1015, 1999}};
}

// write_rle_int_2k and write_rle_sliced: i / 50 over the first 1024 rows, i / 50 + 10 over the next.
std::vector<uint32_t> RleSteps() {
    std::vector<uint32_t> v;
    for (uint32_t i = 0; i < 1024; ++i) {
        v.push_back(i / 50);
    }
    for (uint32_t i = 0; i < 1024; ++i) {
        v.push_back(i / 50 + 10);
    }
    return v;
}

Fixture RleInt2048Rows() {
    auto v = RleSteps();
    return {"rle_int_2048rows.vortex",
            {{"a", Prim(PType::U32), Primitives(v)}},
            "a = 15",
            [v](size_t r) { return v[r] == 15; },
            {}};
}

Fixture RleSliced2000Rows() {
    auto all = RleSteps();
    std::vector<uint32_t> v(all.begin() + 10, all.begin() + 2010);
    return {"rle_sliced_2000rows.vortex",
            {{"a", Prim(PType::U32), Primitives(v)}},
            "a IN (0, 20, 30)",
            [v](size_t r) { return v[r] == 0 || v[r] == 20 || v[r] == 30; },
            {1013, 1014, 1015, 1999}};
}

// write_rle_nullable: values [10, 20, 30] indexed 0, 1, 2 cycling, validity T, F, T cycling.
Fixture RleNullable1024Rows() {
    std::vector<uint32_t> v;
    std::vector<bool> valid;
    for (int i = 0; i < 1024; ++i) {
        v.push_back(10 * static_cast<uint32_t>(i % 3 + 1));
        valid.push_back(i % 3 != 1);
    }
    return {"rle_nullable_1024rows.vortex",
            {{"v", Prim(PType::U32, kNullable), NullablePrimitives(v, valid)}},
            "v = 30",
            [=](size_t r) { return valid[r] && v[r] == 30; },
            {}};
}

// write_pco_double_2k and write_pco_nullable_2k: (x >> 11) / 2^53, every 7th row null in the
// nullable one.
std::vector<double> UnitDoubles() {
    Lcg lcg(0xCAFEF00DBEEFDEAD);
    std::vector<double> v;
    v.reserve(2048);
    for (int i = 0; i < 2048; ++i) {
        v.push_back(static_cast<double>(lcg.Next() >> 11) / static_cast<double>(1ULL << 53));
    }
    return v;
}

Fixture PcoDouble2048Rows() {
    auto v = UnitDoubles();
    return {"pco_double_2048rows.vortex",
            {{"v", Prim(PType::F64), Primitives(v)}},
            "v < 0.25",
            [v](size_t r) { return v[r] < 0.25; },
            {}};
}

Fixture PcoNullable2048Rows() {
    auto v = UnitDoubles();
    std::vector<bool> valid;
    valid.reserve(2048);
    for (int i = 0; i < 2048; ++i) {
        valid.push_back(i % 7 != 0);
    }
    return {"pco_nullable_2048rows.vortex",
            {{"v", Prim(PType::F64, kNullable), NullablePrimitives(v, valid)}},
            "v >= 0.5",
            [=](size_t r) { return valid[r] && v[r] >= 0.5; },
            {}};
}

// write_dict_int: a four-value palette indexed by x % 4.
Fixture DictInt64Rows() {
    const int32_t palette[] = {10'001, 99'999, -42'000, 7};
    Lcg lcg(0xCAFEBABE);
    std::vector<int32_t> v;
    v.reserve(64);
    for (int i = 0; i < 64; ++i) {
        v.push_back(palette[lcg.Next() % 4]);
    }
    return {"dict_int_64rows.vortex",
            {{"v", Prim(PType::I32), Primitives(v)}},
            "v = 7",
            [v](size_t r) { return v[r] == 7; },
            {}};
}

// write_dict_string: a six-string palette indexed by x % 6.
Fixture DictString64Rows() {
    const char *palette[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"};
    Lcg lcg(0xDEADBEEF);
    std::vector<std::string> v;
    std::vector<Scalar> s;
    for (int i = 0; i < 64; ++i) {
        v.emplace_back(palette[lcg.Next() % 6]);
        s.push_back(Scalar::Utf8(v.back(), kNonNull));
    }
    return {"dict_string_64rows.vortex",
            {{"color", DType::Utf8(kNonNull), s}},
            "color IN ('bravo', 'echo')",
            [v](size_t r) { return v[r] == "bravo" || v[r] == "echo"; },
            {}};
}

// write_fsst_string: "user-event-{i:04}-payload-{i * 137}".
Fixture FsstString64Rows() {
    std::vector<std::string> v;
    std::vector<Scalar> s;
    for (int i = 0; i < 64; ++i) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "user-event-%04d-payload-%d", i, i * 137);
        v.emplace_back(buf);
        s.push_back(Scalar::Utf8(v.back(), kNonNull));
    }
    return {"fsst_string_64rows.vortex",
            {{"event", DType::Utf8(kNonNull), s}},
            "event LIKE 'user-event-001%'",
            [v](size_t r) { return v[r].starts_with("user-event-001"); },
            {}};
}

// write_masked (through write_masked_int): u32 0..1023, valid where i % 5 != 0.
Fixture MaskedInt1024Rows() {
    std::vector<uint32_t> v;
    std::vector<bool> valid;
    for (uint32_t i = 0; i < 1024; ++i) {
        v.push_back(i);
        valid.push_back(i % 5 != 0);
    }
    return {"masked_int_1024rows.vortex",
            {{"v", Prim(PType::U32, kNullable), NullablePrimitives(v, valid)}},
            "v < 12",
            [=](size_t r) { return valid[r] && v[r] < 12; },
            {}};
}

// write_binary_col: rows [0x10, i, 0, 0, 0, 0, 0, 0].
Fixture BinaryCol64Rows() {
    std::vector<Scalar> s;
    for (uint8_t i = 0; i < 64; ++i) {
        s.push_back(Scalar::Binary({0x10, i, 0, 0, 0, 0, 0, 0}, kNonNull));
    }
    return {"binary_col_64rows.vortex", {{"b", DType::Binary(kNonNull), s}}, "", nullptr, {}, 33};
}

// ---- The checks ----

DType StructOf(const std::vector<Column> &columns) {
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    for (const Column &c : columns) {
        names.push_back(c.name);
        dtypes.push_back(c.dtype);
    }
    return DType::Struct(names, dtypes, kNonNull);
}

size_t RowCount(const Fixture &f) {
    return f.columns.front().values.size();
}

// The expected struct array of the given rows.
ArrayRef ExpectedRows(const Fixture &f, const std::vector<uint64_t> &rows) {
    std::vector<ArrayRef> fields;
    std::vector<std::string> names;
    for (const Column &c : f.columns) {
        std::vector<Scalar> picked;
        picked.reserve(rows.size());
        for (uint64_t r : rows) {
            picked.push_back(c.values[r]);
        }
        auto field = ArrayFromScalars(c.dtype, picked);
        VX_CHECK_MSG(field.ok(), "expected column {}: {}", c.name, field.status().ToString());
        fields.push_back(*field);
        names.push_back(c.name);
    }
    const size_t len = rows.size();
    auto array = StructArray::FromFields(names, fields, len, Validity::NonNullable());
    VX_CHECK_MSG(array.ok(), "expected struct: {}", array.status().ToString());
    return *array;
}

std::vector<uint64_t> AllRows(size_t n) {
    std::vector<uint64_t> rows(n);
    for (size_t i = 0; i < n; ++i) {
        rows[i] = i;
    }
    return rows;
}

ArrayRef Concat(const std::vector<ArrayRef> &batches, const DType &dtype) {
    auto out = ConcatCanonical(batches, dtype);
    VX_CHECK_MSG(out.ok(), "concat: {}", out.status().ToString());
    return *out;
}

bool IsNan(const Scalar &s) {
    if (s.is_null() || !s.dtype().is_primitive()) {
        return false;
    }
    const PValue &p = s.pvalue();
    if (const auto *d = std::get_if<double>(&p)) {
        return std::isnan(*d);
    }
    if (const auto *f = std::get_if<float>(&p)) {
        return std::isnan(*f);
    }
    return false;
}

// Min and max over the valid, non-NaN values (the reference's float min/max skip NaN).
std::optional<std::pair<Scalar, Scalar>> MinMax(const Column &c) {
    std::optional<std::pair<Scalar, Scalar>> out;
    for (const Scalar &s : c.values) {
        if (s.is_null() || IsNan(s)) {
            continue;
        }
        if (!out) {
            out = {s, s};
        } else {
            if (std::is_lt(Compare(s, out->first))) {
                out->first = s;
            }
            if (std::is_gt(Compare(s, out->second))) {
                out->second = s;
            }
        }
    }
    return out;
}

Scalar Storage(const Scalar &s) {
    return s.dtype().is_extension() ? s.StorageScalar() : s;
}

// A primitive scalar's value as a long double (exact for every integer below 2^64), for counts
// and sums.
long double Numeric(const Scalar &s) {
    const Scalar v = Storage(s);
    return std::visit(
        [](auto x) -> long double {
            if constexpr (std::is_arithmetic_v<decltype(x)>) {
                return static_cast<long double>(x);
            } else {
                return static_cast<long double>(x.ToFloat());
            }
        },
        v.pvalue());
}

// Every statistic the reference stored for a column equals what the generator's values give.
void CheckStatistics(const Column &c, const FieldStatistics &stats) {
    uint64_t nulls = 0, nans = 0;
    for (const Scalar &s : c.values) {
        nulls += s.is_null() ? 1 : 0;
        nans += IsNan(s) ? 1 : 0;
    }
    auto minmax = MinMax(c);
    for (const auto &[stat, value] : stats) {
        SCOPED_TRACE(std::string(StatName(stat)) + " = " + value.ToString());
        switch (stat) {
            case Stat::Min:
            case Stat::Max: {
                ASSERT_TRUE(minmax.has_value());
                const Scalar &want = stat == Stat::Min ? minmax->first : minmax->second;
                // Stored min/max are exact here (no truncation for these short values).
                EXPECT_EQ(Compare(Storage(want), Storage(value)), std::partial_ordering::equivalent)
                    << "want " << want.ToString() << " got " << value.ToString();
                break;
            }
            case Stat::NullCount:
                EXPECT_EQ(Numeric(value), static_cast<long double>(nulls));
                break;
            case Stat::NanCount:
                EXPECT_EQ(Numeric(value), static_cast<long double>(nans));
                break;
            case Stat::Sum: {
                if (c.dtype.is_decimal()) {
                    // Exact, in 256 bits: the wide fixture's sum does not fit 128.
                    I256 want;
                    for (const Scalar &s : c.values) {
                        if (!s.is_null()) {
                            ASSERT_TRUE(I256::CheckedAdd(want, s.as_decimal().value, &want));
                        }
                    }
                    EXPECT_EQ(value.as_decimal().value.ToString(), want.ToString());
                    break;
                }
                long double want = 0;
                for (const Scalar &s : c.values) {
                    if (!s.is_null() && !IsNan(s)) {
                        want += Numeric(s);
                    }
                }
                long double got = Numeric(value);
                if (c.dtype.is_primitive() && IsFloat(c.dtype.ptype())) {
                    // Summation order is the writer's; the values agree to rounding.
                    EXPECT_NEAR(static_cast<double>(got), static_cast<double>(want),
                                1e-9 * std::max(1.0L, std::fabs(want)));
                } else {
                    EXPECT_EQ(got, want);
                }
                break;
            }
            case Stat::IsConstant: {
                bool constant = std::all_of(c.values.begin(), c.values.end(),
                                            [&](const Scalar &s) { return s == c.values.front(); });
                EXPECT_EQ(value.as_bool(), constant);
                break;
            }
            case Stat::IsSorted:
            case Stat::IsStrictSorted: {
                bool sorted = true;
                for (size_t i = 1; i < c.values.size(); ++i) {
                    auto order = Compare(c.values[i - 1], c.values[i]);
                    if (std::is_gt(order) || (stat == Stat::IsStrictSorted && std::is_eq(order))) {
                        sorted = false;
                    }
                }
                EXPECT_EQ(value.as_bool(), sorted);
                break;
            }
            case Stat::UncompressedSizeInBytes:
                break; // depends on the writer's canonical layout, not on the values
        }
    }
}

class ReferenceFile : public ::testing::TestWithParam<Fixture> {};

TEST_P(ReferenceFile, DTypeAndRowCount) {
    const Fixture &f = GetParam();
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(FixturePath(f.file), DefaultSessionPtr()));
    EXPECT_EQ(file->dtype(), StructOf(f.columns)) << file->dtype().ToString();
    EXPECT_EQ(file->row_count(), RowCount(f));
}

TEST_P(ReferenceFile, EveryValueExact) {
    const Fixture &f = GetParam();
    ArrayRef expected = ExpectedRows(f, AllRows(RowCount(f)));
    for (bool mmap : {false, true}) {
        SCOPED_TRACE(mmap ? "mmap" : "pread");
        ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(FixturePath(f.file), DefaultSessionPtr(), mmap));
        ASSERT_OK_AND_ASSIGN(ArrayRef read, file->ReadAll());
        ASSERT_ARRAYS_EQUAL(expected, read);
        ASSERT_OK_AND_ASSIGN(auto batches, Scan(file).Collect());
        ASSERT_ARRAYS_EQUAL(expected, Concat(batches, file->dtype()));
    }
}

TEST_P(ReferenceFile, StoredStatisticsMatchTheValues) {
    const Fixture &f = GetParam();
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(FixturePath(f.file), DefaultSessionPtr()));
    const auto &stats = file->footer().statistics;
    // The reference's writer stores file statistics for every top-level field by default
    // (vortex-file/src/writer.rs: file_statistics = PRUNING_STATS), whatever the strategy.
    ASSERT_EQ(stats.size(), f.columns.size());
    for (size_t i = 0; i < f.columns.size(); ++i) {
        SCOPED_TRACE(f.columns[i].name);
        ASSERT_OK_AND_ASSIGN(const FieldStatistics *field, stats.Field(i));
        CheckStatistics(f.columns[i], *field);
        auto has = [&](Stat stat) {
            return std::any_of(field->begin(), field->end(), [&](const auto &s) { return s.first == stat; });
        };
        std::string present;
        for (const auto &s : *field) {
            present += std::string(StatName(s.first)) + " ";
        }
        EXPECT_TRUE(has(Stat::NullCount)) << present;
        const DType &dtype = f.columns[i].dtype;
        if (dtype.is_primitive() || dtype.is_decimal() || dtype.is_utf8() || dtype.is_binary() ||
            IsTemporal(dtype)) {
            EXPECT_TRUE(has(Stat::Min) && has(Stat::Max)) << present;
        }
        if (dtype.is_primitive() && IsFloat(dtype.ptype())) {
            EXPECT_TRUE(has(Stat::NanCount)) << present;
        }
        if (dtype.is_primitive() && !IsFloat(dtype.ptype())) {
            // The sum is stored exactly when it fits its type (i64 or u64); an overflowing
            // sum is left out, as the reference defines it.
            int128_t sum = 0;
            for (const Scalar &v : f.columns[i].values) {
                if (!v.is_null()) {
                    sum += static_cast<int128_t>(Numeric(v));
                }
            }
            const bool fits =
                IsSignedInt(dtype.ptype())
                    ? sum >= std::numeric_limits<int64_t>::min() && sum <= std::numeric_limits<int64_t>::max()
                    : sum >= 0 && sum <= static_cast<int128_t>(std::numeric_limits<uint64_t>::max());
            EXPECT_EQ(has(Stat::Sum), fits) << present;
        }
        if (dtype.is_decimal() || (dtype.is_primitive() && IsFloat(dtype.ptype()))) {
            EXPECT_TRUE(has(Stat::Sum)) << present;
        }
    }
}

TEST_P(ReferenceFile, TakesAtBlockSliceAndChunkBoundaries) {
    const Fixture &f = GetParam();
    const uint64_t n = RowCount(f);
    std::vector<uint64_t> rows;
    for (uint64_t r : std::vector<uint64_t>{0, 1, 2, 1023, 1024, 1025, 2047, n / 2, n - 1}) {
        if (r < n) {
            rows.push_back(r);
        }
    }
    for (uint64_t r : f.extra_takes) {
        rows.push_back(r);
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(FixturePath(f.file), DefaultSessionPtr()));
    ASSERT_OK_AND_ASSIGN(auto batches, Scan(file).Take(rows).Collect());
    ASSERT_ARRAYS_EQUAL(ExpectedRows(f, rows), Concat(batches, file->dtype()));
    // Unsorted and repeated: a scan's take is a row selection, in row order, each row once.
    std::vector<uint64_t> shuffled(rows.rbegin(), rows.rend());
    shuffled.push_back(rows.front());
    ASSERT_OK_AND_ASSIGN(auto again, Scan(file).Take(shuffled).Collect());
    ASSERT_ARRAYS_EQUAL(ExpectedRows(f, rows), Concat(again, file->dtype()));
}

TEST_P(ReferenceFile, FilterKeepsTheRightRows) {
    const Fixture &f = GetParam();
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(FixturePath(f.file), DefaultSessionPtr()));
    expr::ExprRef filter;
    std::vector<uint64_t> kept;
    if (f.equal_to_row) {
        const Column &c = f.columns.front();
        const Scalar &want = c.values[*f.equal_to_row];
        filter = expr::Eq(expr::Col(c.name), expr::Lit(want));
        for (uint64_t r = 0; r < RowCount(f); ++r) {
            if (c.values[r] == want) {
                kept.push_back(r);
            }
        }
    } else {
        ASSERT_OK_AND_ASSIGN(filter, expr::ParseExpr(f.filter, file->dtype()));
        for (uint64_t r = 0; r < RowCount(f); ++r) {
            if (f.keeps(r)) {
                kept.push_back(r);
            }
        }
    }
    ASSERT_FALSE(kept.empty()) << "a filter that keeps nothing proves little";
    ASSERT_OK_AND_ASSIGN(auto batches, Scan(file).Filter(filter).Collect());
    ASSERT_ARRAYS_EQUAL(ExpectedRows(f, kept), Concat(batches, file->dtype()));
}

TEST_P(ReferenceFile, RowRangesAcrossBlockBoundaries) {
    const Fixture &f = GetParam();
    const uint64_t n = RowCount(f);
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(FixturePath(f.file), DefaultSessionPtr()));
    for (auto [begin, end] : std::vector<std::pair<uint64_t, uint64_t>>{
             {0, n},
             {n / 4, n - n / 4},
             {std::min<uint64_t>(1000, n), std::min<uint64_t>(1100, n)},
             {n - 1, n}}) {
        SCOPED_TRACE(std::to_string(begin) + ".." + std::to_string(end));
        std::vector<uint64_t> rows;
        for (uint64_t r = begin; r < end; ++r) {
            rows.push_back(r);
        }
        ASSERT_OK_AND_ASSIGN(auto batches, Scan(file).RowRange(begin, end).Collect());
        ASSERT_ARRAYS_EQUAL(ExpectedRows(f, rows), Concat(batches, file->dtype()));
    }
}

TEST_P(ReferenceFile, FilterBeyondTheMaximumKeepsNothing) {
    const Fixture &f = GetParam();
    const Column &c = f.columns.front();
    auto minmax = MinMax(c);
    ASSERT_TRUE(minmax.has_value());
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(FixturePath(f.file), DefaultSessionPtr()));
    ASSERT_OK_AND_ASSIGN(auto batches,
                         Scan(file).Filter(expr::Gt(expr::Col(c.name), expr::Lit(minmax->second))).Collect());
    uint64_t rows = 0;
    for (const ArrayRef &b : batches) {
        rows += b->len();
    }
    EXPECT_EQ(rows, 0u);
}

std::vector<Fixture> AllFixtures() {
    return {StructInt3Rows(),
            PrimitiveIntRandom(),
            ConstantInt5Rows(),
            NullableInt6Rows(),
            MultiCol4Rows(),
            StringCol5Rows(),
            BitpackedInt64Rows(),
            BitpackedInt2048Rows(),
            BitpackedSliced2000Rows(),
            ForInt2048Rows(),
            AlpDouble2048Rows(),
            AlprdDouble2048Rows(),
            NullableBitpacked2048Rows(),
            NullableAlp2048Rows(),
            BitpackedPatches2048Rows(),
            AlpPatches2048Rows(),
            Decimal128Rows(),
            Decimal256Rows(),
            TimestampUs2048Rows(),
            DateDays2048Rows(),
            TimeUs2048Rows(),
            FslInt2048Rows(),
            ListInt2048Rows(),
            Uuid2048Rows(),
            DeltaInt2048Rows(),
            DeltaDiag(),
            DeltaSliced2000Rows(),
            RleInt2048Rows(),
            RleSliced2000Rows(),
            RleNullable1024Rows(),
            PcoDouble2048Rows(),
            PcoNullable2048Rows(),
            DictInt64Rows(),
            DictString64Rows(),
            FsstString64Rows(),
            MaskedInt1024Rows(),
            BinaryCol64Rows()};
}

std::string FixtureName(const ::testing::TestParamInfo<Fixture> &info) {
    std::string name = info.param.file.substr(0, info.param.file.find('.'));
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(EngineeredWood, ReferenceFile, ::testing::ValuesIn(AllFixtures()), FixtureName);

// write_chunked_int: three struct chunks streamed to the default writer, 0..1e6, 2e6..3e6 and
// 4e6..4.5e6. Too many rows for one scalar per row; checked on primitive arrays instead.
class ChunkedReferenceFile : public ::testing::Test {
protected:
    static int32_t ValueAt(uint64_t row) {
        if (row < 1'000'000) {
            return static_cast<int32_t>(row);
        }
        if (row < 2'000'000) {
            return static_cast<int32_t>(row + 1'000'000);
        }
        return static_cast<int32_t>(row + 2'000'000);
    }
    static ArrayRef Expected(const std::vector<uint64_t> &rows) {
        std::vector<int32_t> values;
        values.reserve(rows.size());
        for (uint64_t r : rows) {
            values.push_back(ValueAt(r));
        }
        return *StructArray::FromFields({"a"}, {PrimitiveArray::FromValues(values)}, rows.size(),
                                        Validity::NonNullable());
    }
    std::shared_ptr<const VortexFile> Open() {
        auto file = VortexFile::Open(FixturePath("chunked_int_3chunks.vortex"), DefaultSessionPtr());
        VX_CHECK_MSG(file.ok(), "{}", file.status().ToString());
        return *file;
    }
};

TEST_F(ChunkedReferenceFile, EveryValueExact) {
    auto file = Open();
    EXPECT_EQ(file->dtype(), DType::Struct({"a"}, {Prim(PType::I32)}, kNonNull));
    ASSERT_EQ(file->row_count(), 2'500'000u);
    ASSERT_OK_AND_ASSIGN(ArrayRef read, file->ReadAll());
    ASSERT_ARRAYS_EQUAL(Expected(AllRows(2'500'000)), read);
}

TEST_F(ChunkedReferenceFile, StoredStatisticsMatchTheValues) {
    auto file = Open();
    const auto &stats = file->footer().statistics;
    ASSERT_EQ(stats.size(), 1u);
    ASSERT_OK_AND_ASSIGN(const FieldStatistics *field, stats.Field(0));
    for (const auto &[stat, value] : *field) {
        SCOPED_TRACE(StatName(stat));
        if (stat == Stat::Min) {
            EXPECT_EQ(Numeric(value), 0);
        }
        if (stat == Stat::Max) {
            EXPECT_EQ(Numeric(value), 4'499'999);
        }
        if (stat == Stat::NullCount) {
            EXPECT_EQ(Numeric(value), 0);
        }
        if (stat == Stat::Sum) {
            // 0..999999, 2000000..2999999 and 4000000..4499999.
            long double want = 999'999.0L * 1'000'000 / 2 + (2'000'000.0L + 2'999'999) * 1'000'000 / 2 +
                               (4'000'000.0L + 4'499'999) * 500'000 / 2;
            EXPECT_EQ(Numeric(value), want);
        }
    }
}

TEST_F(ChunkedReferenceFile, TakesAtChunkBoundaries) {
    auto file = Open();
    std::vector<uint64_t> rows = {0,         1023,      1024,      999'999,  1'000'000,
                                  1'000'001, 1'999'999, 2'000'000, 2'499'999};
    ASSERT_OK_AND_ASSIGN(auto batches, Scan(file).Take(rows).Collect());
    ASSERT_ARRAYS_EQUAL(Expected(rows), Concat(batches, file->dtype()));
}

TEST_F(ChunkedReferenceFile, FilterAcrossChunksAndPruning) {
    auto file = Open();
    // Keeps the last 100 rows of the first chunk and the first 100 of the second.
    ASSERT_OK_AND_ASSIGN(expr::ExprRef filter, expr::ParseExpr("a >= 999900 AND a < 2000100", file->dtype()));
    ASSERT_OK_AND_ASSIGN(auto batches, Scan(file).Filter(filter).Collect());
    std::vector<uint64_t> rows;
    for (uint64_t r = 999'900; r < 1'000'100; ++r) {
        rows.push_back(r);
    }
    ASSERT_ARRAYS_EQUAL(Expected(rows), Concat(batches, file->dtype()));
    // Values between the chunks' ranges: zone maps prune every chunk.
    ASSERT_OK_AND_ASSIGN(expr::ExprRef gap, expr::ParseExpr("a > 1000000 AND a < 2000000", file->dtype()));
    ASSERT_OK_AND_ASSIGN(auto none, Scan(file).Filter(gap).Collect());
    uint64_t kept = 0;
    for (const ArrayRef &b : none) {
        kept += b->len();
    }
    EXPECT_EQ(kept, 0u);
}

} // namespace
} // namespace vortex
