// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/naive_compare.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

constexpr auto kN = Nullability::Nullable;
constexpr auto kNN = Nullability::NonNullable;

// Reads a nullable bool result as optionals, so expectations are written independently of
// the kernel.
std::vector<std::optional<bool>> Bools(const ArrayRef &array) {
    std::vector<std::optional<bool>> out;
    for (size_t i = 0; i < array->len(); ++i) {
        Scalar s = *ScalarAt(array, i);
        out.push_back(s.is_null() ? std::nullopt : std::optional<bool>(s.as_bool()));
    }
    return out;
}

TEST(TakeTest, AnyIndexPTypeNullableIndicesAndBounds) {
    auto array = PrimitiveArray::FromOptionals<int16_t>({10, std::nullopt, 30, 40});
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(array, PrimitiveArray::FromValues<int8_t>({3, 1, 0})));
    EXPECT_EQ(*ScalarAt(taken, 0), Scalar::Primitive<int16_t>(40, kN));
    EXPECT_TRUE(ScalarAt(taken, 1)->is_null());
    ASSERT_OK_AND_ASSIGN(ArrayRef with_null_index,
                         Take(PrimitiveArray::FromValues<int16_t>({1, 2}),
                              PrimitiveArray::FromOptionals<uint64_t>({1, std::nullopt})));
    EXPECT_EQ(with_null_index->dtype(), DType::Primitive(PType::I16, kN));
    EXPECT_EQ(*ScalarAt(with_null_index, 0), Scalar::Primitive<int16_t>(2, kN));
    EXPECT_TRUE(ScalarAt(with_null_index, 1)->is_null());
    EXPECT_RAISES(OutOfBounds, Take(array, PrimitiveArray::FromValues<uint32_t>({4})));
    EXPECT_RAISES(OutOfBounds, Take(array, PrimitiveArray::FromValues<int64_t>({-1})));
    EXPECT_RAISES(InvalidArgument, Take(array, PrimitiveArray::FromValues<float>({0})));
    // Null indices into an empty array give nulls; a valid one is out of bounds.
    ArrayRef empty = PrimitiveArray::FromValues<int16_t>({});
    ASSERT_OK_AND_ASSIGN(ArrayRef nulls, Take(empty, PrimitiveArray::FromOptionals<uint8_t>({std::nullopt})));
    EXPECT_EQ(NullCount(nulls), 1u);
    EXPECT_RAISES(OutOfBounds, Take(empty, PrimitiveArray::FromValues<uint8_t>({0})));
}

// Dictionary-style takes: values with no null, one null (first, middle or last entry, the
// string dictionary's shape) or several, and codes of every width with nulls over in-range
// codes, over out-of-range garbage, or none; against ScalarAt on the values.
template <typename I>
void CheckTakeWithNullableCodes(const ArrayRef &values, std::mt19937_64 &rng) {
    const size_t len = values->len();
    for (int garbage : {0, 1}) {
        std::vector<I> codes(500);
        std::vector<bool> valid(codes.size());
        for (size_t k = 0; k < codes.size(); ++k) {
            valid[k] = rng() % 4 != 0;
            codes[k] = static_cast<I>(rng() % len);
            if (!valid[k] && garbage) {
                codes[k] = static_cast<I>(len + rng() % 7); // only ever under a null
            }
        }
        ArrayRef indices = PrimitiveArray::FromValues(codes, Validity::FromBits(BitBuffer::FromBools(valid)));
        ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(values, indices));
        ASSERT_EQ(taken->len(), codes.size());
        for (size_t k = 0; k < codes.size(); ++k) {
            ASSERT_OK_AND_ASSIGN(Scalar got, ScalarAt(taken, k));
            if (!valid[k]) {
                ASSERT_TRUE(got.is_null()) << k;
                continue;
            }
            ASSERT_OK_AND_ASSIGN(Scalar want, ScalarAt(values, static_cast<size_t>(codes[k])));
            ASSERT_EQ(got.is_null(), want.is_null()) << k;
            if (!want.is_null()) {
                ASSERT_EQ(got.ToString(), want.ToString()) << k;
            }
        }
        // A valid code out of range fails whatever the nulls (when the code type can hold one).
        if (len > static_cast<size_t>(std::numeric_limits<I>::max())) {
            continue;
        }
        valid[0] = true;
        codes[0] = static_cast<I>(len);
        EXPECT_RAISES(OutOfBounds, Take(values, PrimitiveArray::FromValues(
                                                    codes, Validity::FromBits(BitBuffer::FromBools(valid)))));
    }
}

TEST(TakeTest, NullableCodesAndDictionariesWithOneNull) {
    std::mt19937_64 rng(41);
    for (size_t len : {1, 2, 200, 256}) {
        for (int nulls : {0, 1, 3}) {
            for (size_t at : {size_t{0}, len / 2, len - 1}) {
                SCOPED_TRACE(::testing::Message() << "len " << len << " nulls " << nulls << " at " << at);
                std::vector<std::optional<int32_t>> ints(len);
                std::vector<std::optional<std::string>> strings(len);
                std::vector<std::optional<bool>> bools(len);
                for (size_t i = 0; i < len; ++i) {
                    const bool null = (nulls >= 1 && i == at) || (nulls > 1 && rng() % 5 == 0);
                    if (!null) {
                        ints[i] = static_cast<int32_t>(i * 7);
                        strings[i] = i % 2 == 0 ? std::to_string(i)
                                                : std::string("a longer value ") + std::to_string(i);
                        bools[i] = i % 3 == 0;
                    }
                }
                const std::vector<ArrayRef> columns = {PrimitiveArray::FromOptionals(ints),
                                                       VarBinViewArray::FromStrings(strings, DType::Utf8(kN)),
                                                       BoolArray::FromOptionals(bools)};
                for (const ArrayRef &column : columns) {
                    CheckTakeWithNullableCodes<uint8_t>(column, rng);
                    CheckTakeWithNullableCodes<uint16_t>(column, rng);
                    CheckTakeWithNullableCodes<uint32_t>(column, rng);
                    CheckTakeWithNullableCodes<int64_t>(column, rng);
                }
            }
        }
    }
}

TEST(TakeTest, LogicalEncodingsAndSlices) {
    ArrayRef values = PrimitiveArray::FromValues<int32_t>({5, 6, 7});
    ArrayRef dict = DictArray::Make(PrimitiveArray::FromValues<uint8_t>({2, 2, 0, 1}), values);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(dict, 1, 4));
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(sliced, PrimitiveArray::FromValues<uint16_t>({2, 0})));
    EXPECT_EQ(*ScalarAt(taken, 0), Scalar::Primitive<int32_t>(6, kNN));
    EXPECT_EQ(*ScalarAt(taken, 1), Scalar::Primitive<int32_t>(7, kNN));
    ArrayRef chunked = ChunkedArray::Make({values, values}, values->dtype());
    ASSERT_OK_AND_ASSIGN(ArrayRef from_chunks, Take(chunked, PrimitiveArray::FromValues<uint64_t>({5, 0})));
    EXPECT_EQ(*ScalarAt(from_chunks, 0), Scalar::Primitive<int32_t>(7, kNN));
}

TEST(FilterTest, MaskLengthAndUniformMasks) {
    auto array = PrimitiveArray::FromValues<uint8_t>({1, 2, 3});
    EXPECT_RAISES(InvalidArgument, Filter(array, Mask::AllTrue(2)));
    ASSERT_OK_AND_ASSIGN(ArrayRef none, Filter(array, Mask::AllFalse(3)));
    EXPECT_EQ(none->len(), 0u);
    EXPECT_EQ(none->dtype(), array->dtype());
    ASSERT_OK_AND_ASSIGN(ArrayRef all, Filter(array, Mask::AllTrue(3)));
    EXPECT_EQ(all.get(), array.get());
    ArrayRef structs = *StructArray::FromFields({"x"}, {array}, 3);
    ASSERT_OK_AND_ASSIGN(ArrayRef filtered, Filter(structs, Mask::FromIndices(3, {0, 2})));
    EXPECT_EQ(ScalarAt(filtered, 1)->elements()[0], Scalar::Primitive<uint8_t>(3, kNN));
}

TEST(CompareTest, OperatorsAndNullPropagation) {
    auto array = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 3, 2});
    const Scalar two = Scalar::Primitive<int32_t>(2, kNN);
    using B = std::vector<std::optional<bool>>;
    EXPECT_EQ(Bools(*CompareScalar(array, two, CompareOp::Eq)), (B{false, std::nullopt, false, true}));
    EXPECT_EQ(Bools(*CompareScalar(array, two, CompareOp::NotEq)), (B{true, std::nullopt, true, false}));
    EXPECT_EQ(Bools(*CompareScalar(array, two, CompareOp::Lt)), (B{true, std::nullopt, false, false}));
    EXPECT_EQ(Bools(*CompareScalar(array, two, CompareOp::Lte)), (B{true, std::nullopt, false, true}));
    EXPECT_EQ(Bools(*CompareScalar(array, two, CompareOp::Gt)), (B{false, std::nullopt, true, false}));
    EXPECT_EQ(Bools(*CompareScalar(array, two, CompareOp::Gte)), (B{false, std::nullopt, true, true}));
    // A null scalar gives all nulls; a different ptype is cast when it fits.
    EXPECT_EQ(NullCount(*CompareScalar(array, Scalar::Null(DType::Primitive(PType::I32, kN)), CompareOp::Eq)),
              4u);
    EXPECT_EQ(Bools(*CompareScalar(array, Scalar::Primitive<uint8_t>(3, kNN), CompareOp::Eq)),
              (B{false, std::nullopt, true, false}));
    EXPECT_RAISES(MismatchedTypes, CompareScalar(array, Scalar::Utf8("a", kNN), CompareOp::Eq));
    // Non-nullable inputs give a non-nullable result; constants and sliced input work.
    ArrayRef plain = PrimitiveArray::FromValues<double>({0.5, -1.0});
    ASSERT_OK_AND_ASSIGN(ArrayRef result,
                         CompareScalar(plain, Scalar::Primitive<double>(0.0, kNN), CompareOp::Gt));
    EXPECT_EQ(result->dtype(), DType::Bool(kNN));
    ArrayRef constant = ConstantArray::Make(Scalar::Primitive<int64_t>(4, kNN), 3);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(constant, 1, 3));
    EXPECT_EQ(Bools(*CompareScalar(sliced, Scalar::Primitive<int64_t>(4, kNN), CompareOp::Eq)),
              (B{true, true}));
}

// Dates, times and timestamps compare through their storage's kernels; the answers must be
// what scalar ordering gives, over every physical form of the storage and for every operator.
TEST(CompareTest, TemporalArraysCompareThroughTheirStorage) {
    std::vector<DType> dtypes;
    for (Nullability n : {kNN, kN}) {
        dtypes.push_back(*DateDType(TimeUnit::Days, n));
        dtypes.push_back(*DateDType(TimeUnit::Milliseconds, n));
        dtypes.push_back(*TimeDType(TimeUnit::Seconds, n));
        dtypes.push_back(*TimeDType(TimeUnit::Nanoseconds, n));
        dtypes.push_back(*TimestampDType(TimeUnit::Microseconds, std::nullopt, n));
        dtypes.push_back(*TimestampDType(TimeUnit::Nanoseconds, "UTC", n));
    }
    const CompareOp ops[] = {CompareOp::Eq,  CompareOp::NotEq, CompareOp::Lt,
                             CompareOp::Lte, CompareOp::Gt,    CompareOp::Gte};
    uint64_t seed = 1;
    for (const DType &dtype : dtypes) {
        for (int round = 0; round < 6; ++round) {
            SCOPED_TRACE(dtype.ToString() + " round " + std::to_string(round));
            RandomArrayOptions options{.len = 300, .null_fraction = 0.2, .seed = seed++};
            const ArrayRef array = RandomEncodedArray(dtype, options);
            ASSERT_OK_AND_ASSIGN(auto elements, ArrayToScalars(array));
            // Constants from the array itself (so equality hits) and one beyond every value.
            std::vector<Scalar> constants;
            for (size_t i = 0; i < elements.size() && constants.size() < 3; i += 97) {
                if (!elements[i].is_null()) {
                    constants.push_back(elements[i]);
                }
            }
            const DType &storage = dtype.extension().storage;
            for (int64_t edge : {int64_t{0}, int64_t{std::numeric_limits<int32_t>::max()}}) {
                constants.push_back(Scalar::Extension(
                    dtype, storage.ptype() == PType::I32
                               ? Scalar::Primitive<int32_t>(static_cast<int32_t>(edge), storage.nullability())
                               : Scalar::Primitive<int64_t>(edge, storage.nullability())));
            }
            for (const Scalar &constant : constants) {
                for (CompareOp op : ops) {
                    ASSERT_OK_AND_ASSIGN(ArrayRef result, CompareScalar(array, constant, op));
                    ASSERT_OK_AND_ASSIGN(auto actual, BoolValues(result));
                    EXPECT_EQ(actual, NaiveCompare(elements, constant, op))
                        << "op " << static_cast<int>(op) << " against " << constant.ToString();
                }
            }
        }
    }
}

// Decimals compare in their storage width, whatever the precision: against scalar ordering for
// every width, every operator, nulls, and constants that the storage width cannot hold.
TEST(CompareTest, DecimalsCompareInEveryStorageWidth) {
    const CompareOp ops[] = {CompareOp::Eq,  CompareOp::NotEq, CompareOp::Lt,
                             CompareOp::Lte, CompareOp::Gt,    CompareOp::Gte};
    std::mt19937_64 rng(21);
    for (DecimalType type : {DecimalType::I8, DecimalType::I16, DecimalType::I32, DecimalType::I64,
                             DecimalType::I128, DecimalType::I256}) {
        const size_t width = ByteWidth(type);
        // Precision 38 (76 for I256) so that constants wider than the storage are valid scalars.
        const DecimalDType decimal{static_cast<uint8_t>(type == DecimalType::I256 ? 76 : 38), 2};
        const size_t n = 200;
        std::vector<uint8_t> bytes(n * width);
        std::vector<bool> valid(n);
        for (size_t i = 0; i < n; ++i) {
            // Small magnitudes (so equality hits) in [-60, 60), sign-extended into the width.
            const I256 v = I256::FromInt128(static_cast<int128_t>(rng() % 120) - 60);
            v.ToLittleEndian(bytes.data() + i * width, width);
            valid[i] = rng() % 5 != 0;
        }
        const ArrayRef array =
            DecimalArray::Make(decimal, type, Buffer::CopyFrom(std::span<const uint8_t>(bytes)),
                               Validity::FromMask(Mask::FromBits(BitBuffer::FromBools(valid))));
        ASSERT_OK_AND_ASSIGN(auto elements, ArrayToScalars(array));
        const DType dtype = DType::Decimal(decimal.precision, decimal.scale, kN);
        std::vector<Scalar> constants;
        for (int128_t c : {int128_t{-61}, int128_t{-7}, int128_t{0}, int128_t{13}, int128_t{60},
                           int128_t{1} << 100, -(int128_t{1} << 100), int128_t{300}, int128_t{-40000}}) {
            constants.push_back(Scalar::Decimal(I256::FromInt128(c), DecimalType::I256, dtype));
        }
        for (const Scalar &constant : constants) {
            for (CompareOp op : ops) {
                SCOPED_TRACE(::testing::Message() << "width " << width << " op " << static_cast<int>(op)
                                                  << " against " << constant.ToString());
                ASSERT_OK_AND_ASSIGN(ArrayRef result, CompareScalar(array, constant, op));
                ASSERT_OK_AND_ASSIGN(auto actual, BoolValues(result));
                EXPECT_EQ(actual, NaiveCompare(elements, constant, op));
            }
        }
    }
}

// Struct comparisons run field by field through the fields' kernels; the oracle orders whole
// struct scalars. Few distinct values per field (so equal prefixes happen), nulls at every
// level, a nested struct, strings and floats with NaN and signed zeros.
TEST(CompareTest, StructsCompareFieldByFieldInScalarOrder) {
    const CompareOp ops[] = {CompareOp::Eq,  CompareOp::NotEq, CompareOp::Lt,
                             CompareOp::Lte, CompareOp::Gt,    CompareOp::Gte};
    const DType inner = DType::Struct(
        {"f", "s"}, {DType::Primitive(PType::F64, Nullability::Nullable), DType::Utf8(Nullability::Nullable)},
        Nullability::Nullable);
    const DType dtype = DType::Struct({"a", "in", "b"},
                                      {DType::Primitive(PType::I8, Nullability::Nullable), inner,
                                       DType::Primitive(PType::U16, Nullability::NonNullable)},
                                      Nullability::Nullable);
    RandomArrayOptions options;
    options.len = 300;
    options.null_fraction = 0.15;
    options.max_string_len = 1;
    options.special_float_fraction = 0.3;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        options.seed = seed;
        const ArrayRef random = RandomArray(dtype, options);
        // Narrow the integers to a few values: equal prefixes must be common.
        const auto *as_struct = As<StructArray>(*random);
        ASSERT_NE(as_struct, nullptr);
        std::vector<ArrayRef> fields = as_struct->fields();
        for (size_t f : {size_t{0}, size_t{2}}) {
            ASSERT_OK_AND_ASSIGN(auto elements, ArrayToScalars(fields[f]));
            std::vector<Scalar> narrowed;
            narrowed.reserve(elements.size());
            for (const Scalar &e : elements) {
                narrowed.push_back(
                    e.is_null() ? e
                    : f == 0    ? Scalar::Primitive<int8_t>(static_cast<int8_t>(e.as<int8_t>() % 3),
                                                         Nullability::Nullable)
                             : Scalar::Primitive<uint16_t>(e.as<uint16_t>() % 2, Nullability::NonNullable));
            }
            ASSERT_OK_AND_ASSIGN(fields[f], ArrayFromScalars(fields[f]->dtype(), narrowed));
        }
        ASSERT_OK_AND_ASSIGN(auto made,
                             StructArray::TryMake(dtype, fields, random->len(), as_struct->validity()));
        const ArrayRef array = made;
        ASSERT_OK_AND_ASSIGN(auto elements, ArrayToScalars(array));
        size_t checked = 0;
        for (size_t c = 0; c < elements.size() && checked < 12; c += 23) {
            if (elements[c].is_null()) {
                continue;
            }
            ++checked;
            for (CompareOp op : ops) {
                SCOPED_TRACE(::testing::Message() << "seed " << seed << " op " << static_cast<int>(op)
                                                  << " against " << elements[c].ToString());
                ASSERT_OK_AND_ASSIGN(ArrayRef result, CompareScalar(array, elements[c], op));
                EXPECT_EQ(result->encoding_id(), "vortex.bool");
                ASSERT_OK_AND_ASSIGN(auto actual, BoolValues(result));
                EXPECT_EQ(actual, NaiveCompare(elements, elements[c], op));
            }
        }
        EXPECT_GT(checked, 5u);
    }
}

TEST(CastTest, NumericAndNullability) {
    auto array = PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 300});
    ASSERT_OK_AND_ASSIGN(ArrayRef wide, Cast(array, DType::Primitive(PType::I64, kN)));
    EXPECT_EQ(*ScalarAt(wide, 2), Scalar::Primitive<int64_t>(300, kN));
    EXPECT_TRUE(ScalarAt(wide, 1)->is_null());
    EXPECT_RAISES(Compute, Cast(array, DType::Primitive(PType::U8, kN)));
    ASSERT_OK_AND_ASSIGN(ArrayRef as_double, Cast(array, DType::Primitive(PType::F64, kN)));
    EXPECT_EQ(*ScalarAt(as_double, 0), Scalar::Primitive<double>(1.0, kN));
    EXPECT_RAISES(Compute,
                  Cast(PrimitiveArray::FromValues<double>({1.5}), DType::Primitive(PType::I32, kNN)));
    EXPECT_RAISES(InvalidArgument, Cast(array, DType::Primitive(PType::I32, kNN)));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 2, 3));
    ASSERT_OK_AND_ASSIGN(ArrayRef non_null, Cast(sliced, DType::Primitive(PType::I32, kNN)));
    EXPECT_EQ(non_null->dtype(), DType::Primitive(PType::I32, kNN));
    ArrayRef strings = ConstantArray::Make(Scalar::Utf8("s", kNN), 2);
    ASSERT_OK_AND_ASSIGN(ArrayRef nullable_strings, Cast(strings, DType::Utf8(kN)));
    EXPECT_EQ(*ScalarAt(nullable_strings, 1), Scalar::Utf8("s", kN));
}

TEST(AggregateTest, MinMaxSumNullCount) {
    auto array = PrimitiveArray::FromOptionals<int8_t>({-3, std::nullopt, 7, 0});
    EXPECT_EQ(*Min(array), Scalar::Primitive<int8_t>(-3, kNN));
    EXPECT_EQ(*Max(array), Scalar::Primitive<int8_t>(7, kNN));
    EXPECT_EQ(*Sum(array), Scalar::Primitive<int64_t>(4, kN));
    EXPECT_EQ(NullCount(array), 1u);
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(array, 2, 4));
    EXPECT_EQ(*Min(sliced), Scalar::Primitive<int8_t>(0, kNN));
    // Empty and all-null: min is null, sum is zero.
    ArrayRef empty = PrimitiveArray::FromValues<uint32_t>({});
    EXPECT_TRUE(Min(empty)->is_null());
    EXPECT_EQ(*Sum(empty), Scalar::Primitive<uint64_t>(0, kN));
    // Overflow gives a null sum.
    const uint64_t big = std::numeric_limits<uint64_t>::max();
    EXPECT_TRUE(Sum(PrimitiveArray::FromValues<uint64_t>({big, 1}))->is_null());
    // Floats sum to F64 and min/max skip NaN; bools sum to U64.
    auto floats = PrimitiveArray::FromValues<float>({1.5f, std::numeric_limits<float>::quiet_NaN(), -2.0f});
    EXPECT_EQ(*Min(floats), Scalar::Primitive<float>(-2.0f, kNN));
    EXPECT_EQ(*Max(floats), Scalar::Primitive<float>(1.5f, kNN));
    // The sum skips NaN as the reference's does (its file statistics would disagree otherwise);
    // infinities still count.
    EXPECT_EQ(*Sum(floats), Scalar::Primitive<double>(-0.5, kN));
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(*Sum(PrimitiveArray::FromValues<double>({inf, std::nan(""), 1.0})),
              Scalar::Primitive<double>(inf, kN));
    EXPECT_EQ(*Sum(BoolArray::FromBools({true, false, true})), Scalar::Primitive<uint64_t>(2, kN));
    EXPECT_RAISES(NotImplemented, Min(*StructArray::FromFields({"x"}, {array}, 4)));
    // Sortedness.
    EXPECT_TRUE(*IsSorted(PrimitiveArray::FromOptionals<int32_t>({std::nullopt, 1, 1, 2})));
    EXPECT_FALSE(*IsSorted(PrimitiveArray::FromOptionals<int32_t>({std::nullopt, 1, 1, 2}), true));
    EXPECT_FALSE(*IsSorted(PrimitiveArray::FromValues<int32_t>({2, 1})));
    EXPECT_FALSE(*IsConstant(array));
}

// Builds a decimal array of `precision`/`scale` stored as I64, with nulls where a value is absent.
ArrayRef DecimalArrayOf(uint8_t precision, int8_t scale, const std::vector<std::optional<int64_t>> &values) {
    std::vector<int64_t> raw;
    std::vector<bool> valid;
    for (const auto &v : values) {
        raw.push_back(v.value_or(0));
        valid.push_back(v.has_value());
    }
    return DecimalArray::Make(DecimalDType{precision, scale}, DecimalType::I64,
                              Buffer::CopyFrom(std::span<const int64_t>(raw)),
                              Validity::FromMask(Mask::FromBits(BitBuffer::FromBools(valid))));
}

// Integer sums without nulls skip the per-value overflow check when no prefix can overflow;
// against a checked walk (null once any prefix overflows) at every width and several scales.
template <typename T>
void CheckIntegerSum(std::mt19937_64 &rng) {
    using Acc = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
    for (int shift : {0, 8, 20, 40, 62}) {
        for (size_t n : {1, 3, 100, 5000}) {
            std::vector<T> values(n);
            for (T &v : values) {
                v = static_cast<T>(rng() >> shift);
            }
            if (n == 3) {
                values = {std::numeric_limits<T>::max(), 1, static_cast<T>(-1)}; // overflows, then not
            }
            Acc expected = 0;
            bool overflow = false;
            for (T v : values) {
                overflow = overflow || __builtin_add_overflow(expected, static_cast<Acc>(v), &expected);
            }
            ASSERT_OK_AND_ASSIGN(Scalar sum, Sum(PrimitiveArray::FromValues(values)));
            SCOPED_TRACE(::testing::Message() << PTypeName(kPTypeOf<T>) << " shift " << shift << " n " << n);
            if (overflow) {
                EXPECT_TRUE(sum.is_null());
            } else {
                EXPECT_EQ(sum, Scalar::Primitive<Acc>(expected, kN));
            }
        }
    }
}

TEST(AggregateTest, IntegerSumsMatchACheckedWalk) {
    std::mt19937_64 rng(29);
    CheckIntegerSum<int8_t>(rng);
    CheckIntegerSum<uint16_t>(rng);
    CheckIntegerSum<int32_t>(rng);
    CheckIntegerSum<uint32_t>(rng);
    CheckIntegerSum<int64_t>(rng);
    CheckIntegerSum<uint64_t>(rng);
}

TEST(AggregateTest, DecimalSumIsExactWithTenMoreDigits) {
    // 1.25 + null + -0.50 + 10.00 = 10.75, as decimal(15, 2).
    const ArrayRef prices = DecimalArrayOf(5, 2, {125, std::nullopt, -50, 1000});
    ASSERT_OK_AND_ASSIGN(Scalar sum, Sum(prices));
    EXPECT_EQ(sum.dtype(), DType::Decimal(15, 2, kN));
    EXPECT_EQ(sum.as_decimal().value, I256::FromInt128(1075));
    EXPECT_EQ(sum.ToString(), "10.75");
    // All null: zero. Precision 18 sums into 28 digits, so 18-digit values cannot overflow here.
    EXPECT_EQ(Sum(DecimalArrayOf(3, 0, {std::nullopt}))->as_decimal().value, I256::FromInt128(0));
    const int64_t nines = 999'999'999'999'999'999;
    ASSERT_OK_AND_ASSIGN(Scalar wide, Sum(DecimalArrayOf(18, 0, {nines, nines, nines})));
    EXPECT_EQ(wide.as_decimal().value, I256::FromInt128(int128_t{nines} * 3));
    EXPECT_EQ(wide.dtype(), DType::Decimal(28, 0, kN));
}

TEST(AggregateTest, DecimalSumBeyondPrecision76IsNull) {
    // Precision 76 caps the sum's precision at 76: two 76-digit values overflow it.
    I256 big = I256::FromInt128(1);
    for (int i = 0; i < 75; ++i) {
        // big *= 10, by addition.
        const I256 base = big;
        for (int j = 0; j < 9; ++j) {
            ASSERT_TRUE(I256::CheckedAdd(big, base, &big));
        }
    }
    // big = 10^75; 9 * 10^75 has 76 digits and twice that has 77.
    I256 nine_big = big;
    for (int j = 0; j < 8; ++j) {
        ASSERT_TRUE(I256::CheckedAdd(nine_big, big, &nine_big));
    }
    std::vector<uint8_t> bytes(64);
    nine_big.ToLittleEndian(bytes.data(), 32);
    nine_big.ToLittleEndian(bytes.data() + 32, 32);
    const ArrayRef values =
        DecimalArray::Make(DecimalDType{76, 0}, DecimalType::I256,
                           Buffer::CopyFrom(std::span<const uint8_t>(bytes)), Validity::NonNullable());
    ASSERT_OK_AND_ASSIGN(Scalar sum, Sum(values));
    EXPECT_TRUE(sum.is_null());
    EXPECT_EQ(sum.dtype(), DType::Decimal(76, 0, kN));
}

TEST(StatisticsTest, CachesAndAcceptsKnownValues) {
    auto array = PrimitiveArray::FromValues<uint16_t>({4, 9});
    EXPECT_FALSE(array->statistics().GetIfComputed(Stat::Max).has_value());
    EXPECT_EQ(*Max(array), Scalar::Primitive<uint16_t>(9, kNN));
    EXPECT_EQ(array->statistics().GetIfComputed(Stat::Max), Scalar::Primitive<uint16_t>(9, kNN));
    EXPECT_EQ(*array->statistics().null_count(), 0u);
    auto other = PrimitiveArray::FromValues<uint16_t>({4, 9});
    other->statistics().Set(Stat::Min, Scalar::Primitive<uint16_t>(1, kNN));
    EXPECT_EQ(*Min(other), Scalar::Primitive<uint16_t>(1, kNN));
}

} // namespace
} // namespace vortex
