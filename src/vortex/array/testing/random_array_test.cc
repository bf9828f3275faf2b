// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cmath>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"

namespace vortex {
namespace {

RandomArrayOptions Options(size_t len, uint64_t seed, double null_fraction = 0.1) {
    RandomArrayOptions options;
    options.len = len;
    options.seed = seed;
    options.null_fraction = null_fraction;
    return options;
}

size_t CountNulls(const ArrayRef &array) {
    return array->validity_mask().false_count();
}

TEST(RandomArrayTest, HasExactLenAndDTypeAndIsCanonical) {
    for (const DType &dtype : AllTestDTypes()) {
        for (size_t len : {0, 1, 7, 1000}) {
            SCOPED_TRACE(dtype.ToString() + " len " + std::to_string(len));
            const ArrayRef array = RandomArray(dtype, Options(len, len + 3));
            EXPECT_EQ(array->len(), len);
            EXPECT_EQ(array->dtype(), dtype);
            EXPECT_TRUE(array->is_canonical()) << array->encoding_id();
        }
    }
}

TEST(RandomArrayTest, IsDeterministicForASeed) {
    for (const DType &dtype : AllTestDTypes()) {
        SCOPED_TRACE(dtype.ToString());
        EXPECT_TRUE(ArraysEqual(RandomArray(dtype, Options(300, 11)), RandomArray(dtype, Options(300, 11))));
        EXPECT_TRUE(ArraysEqual(RandomEncodedArray(dtype, Options(300, 11)),
                                RandomEncodedArray(dtype, Options(300, 11))));
    }
    // Different seeds give different data (for a dtype with enough entropy).
    const DType i64 = DType::Primitive(PType::I64, Nullability::Nullable);
    EXPECT_FALSE(ArraysEqual(RandomArray(i64, Options(300, 1)), RandomArray(i64, Options(300, 2))));
}

TEST(RandomArrayTest, HonoursNullFraction) {
    const size_t len = 20000;
    for (const DType &dtype : {DType::Primitive(PType::I32, Nullability::Nullable),
                               DType::Utf8(Nullability::Nullable), DType::Bool(Nullability::Nullable)}) {
        SCOPED_TRACE(dtype.ToString());
        EXPECT_EQ(CountNulls(RandomArray(dtype, Options(len, 5, 0.0))), 0u);
        EXPECT_EQ(CountNulls(RandomArray(dtype, Options(len, 5, 1.0))), len);
        const size_t nulls = CountNulls(RandomArray(dtype, Options(len, 5, 0.3)));
        EXPECT_NEAR(static_cast<double>(nulls) / len, 0.3, 0.02);
    }
    EXPECT_EQ(
        CountNulls(RandomArray(DType::Primitive(PType::I32, Nullability::NonNullable), Options(len, 5, 1.0))),
        0u);
}

TEST(RandomArrayTest, ProducesSpecialFloats) {
    for (const PType ptype : {PType::F16, PType::F32, PType::F64}) {
        SCOPED_TRACE(PTypeName(ptype));
        const auto array = As<PrimitiveArray>(
            RandomArray(DType::Primitive(ptype, Nullability::NonNullable), Options(20000, 9)));
        ASSERT_NE(array, nullptr);
        std::set<std::string> seen;
        VisitPType(ptype, [&]<typename T>() {
            for (const T value : array->values_as<T>()) {
                const float f = [&] {
                    if constexpr (std::is_same_v<T, Half>) {
                        return value.ToFloat();
                    } else {
                        return static_cast<float>(value);
                    }
                }();
                if (std::isnan(f)) {
                    seen.insert("nan");
                } else if (std::isinf(f)) {
                    seen.insert(f > 0 ? "+inf" : "-inf");
                } else if (f == 0.0F) {
                    seen.insert(std::signbit(f) ? "-0" : "+0");
                }
            }
        });
        EXPECT_EQ(seen, (std::set<std::string>{"nan", "+inf", "-inf", "-0", "+0"}));
    }
}

TEST(RandomArrayTest, ProducesAwkwardStrings) {
    const auto array =
        As<VarBinViewArray>(RandomArray(DType::Utf8(Nullability::NonNullable), Options(2000, 4)));
    ASSERT_NE(array, nullptr);
    bool empty = false;
    bool long_value = false;
    bool non_ascii = false;
    for (size_t i = 0; i < array->len(); ++i) {
        const std::string_view value = array->bytes_at(i);
        empty |= value.empty();
        long_value |= value.size() > 12;
        for (char c : value) {
            non_ascii |= static_cast<unsigned char>(c) >= 0x80;
        }
    }
    EXPECT_TRUE(empty);
    EXPECT_TRUE(long_value);
    EXPECT_TRUE(non_ascii);
    EXPECT_FALSE(array->data_buffers().empty());
}

TEST(RandomArrayTest, DecimalsFitTheirPrecision) {
    for (const uint8_t precision : {1, 2, 9, 19, 38, 39, 76}) {
        const DType dtype = DType::Decimal(precision, 0, Nullability::NonNullable);
        const auto array = As<DecimalArray>(RandomArray(dtype, Options(2000, precision)));
        ASSERT_NE(array, nullptr);
        EXPECT_GE(ByteWidth(array->values_type()), ByteWidth(MinDecimalTypeForPrecision(precision)));
        size_t max_digits = 0;
        for (size_t i = 0; i < array->len(); ++i) {
            std::string digits = array->value_at(i).ToString();
            if (!digits.empty() && digits[0] == '-') {
                digits.erase(0, 1);
            }
            max_digits = std::max(max_digits, digits.size());
        }
        EXPECT_LE(max_digits, precision);
        EXPECT_GE(max_digits + 2, precision) << "values should use most of the precision";
    }
}

TEST(RandomArrayTest, AllTestDTypesCoverEveryKindAndWidth) {
    std::set<std::pair<DTypeKind, Nullability>> kinds;
    std::set<PType> ptypes;
    std::set<DecimalType> widths;
    for (const DType &dtype : AllTestDTypes()) {
        kinds.insert({dtype.kind(), dtype.nullability()});
        if (dtype.is_primitive()) {
            ptypes.insert(dtype.ptype());
        }
        if (dtype.is_decimal()) {
            widths.insert(MinDecimalTypeForPrecision(dtype.decimal().precision));
        }
    }
    EXPECT_EQ(kinds.size(), 1 + 9 * 2u); // Null is always nullable
    EXPECT_EQ(ptypes.size(), kMaxPTypeTag + 1u);
    EXPECT_EQ(widths.size(), kMaxDecimalTypeTag + 1u);
}

TEST(RandomArrayTest, FormsKeepTheLogicalValues) {
    for (const DType &dtype : AllTestDTypes()) {
        SCOPED_TRACE(dtype.ToString());
        const ArrayRef input = RandomArray(dtype, Options(200, 17));
        for (const ArrayForm form : {ArrayForm::Canonical, ArrayForm::Sliced, ArrayForm::Chunked,
                                     ArrayForm::Dict, ArrayForm::Masked}) {
            SCOPED_TRACE(ArrayFormName(form));
            if ((form == ArrayForm::Dict || form == ArrayForm::Masked) && dtype.is_null()) {
                continue;
            }
            if (form == ArrayForm::Masked && !dtype.is_nullable()) {
                EXPECT_RAISES(InvalidArgument, ToForm(input, form, 1));
                continue;
            }
            ASSERT_OK_AND_ASSIGN(ArrayRef wrapped, ToForm(input, form, 1));
            EXPECT_TRUE(ArraysEqual(input, wrapped));
        }
        EXPECT_EQ(RandomEncodedArray(dtype, Options(200, 3))->len(), 200u);
    }
}

TEST(RandomArrayTest, FormsUseTheirEncodings) {
    const DType dtype = DType::Primitive(PType::U16, Nullability::Nullable);
    const ArrayRef input = RandomArray(dtype, Options(100, 2));
    ASSERT_OK_AND_ASSIGN(auto chunked, ToForm(input, ArrayForm::Chunked, 1));
    EXPECT_EQ(chunked->encoding_id(), "vortex.chunked");
    ASSERT_OK_AND_ASSIGN(auto dict, ToForm(input, ArrayForm::Dict, 1));
    EXPECT_EQ(dict->encoding_id(), "vortex.dict");
    ASSERT_OK_AND_ASSIGN(auto masked, ToForm(input, ArrayForm::Masked, 1));
    EXPECT_EQ(masked->encoding_id(), "vortex.masked");
    EXPECT_RAISES(InvalidArgument, ToConstant(input));

    const ArrayRef constant = RandomConstantArray(dtype, Options(50, 8, 0.0));
    EXPECT_EQ(constant->encoding_id(), "vortex.constant");
    EXPECT_EQ(constant->len(), 50u);
    ASSERT_OK_AND_ASSIGN(auto again, ToConstant(constant));
    EXPECT_TRUE(ArraysEqual(constant, again));
}

TEST(RandomArrayTest, DictKeepsNegativeZeroAndNaNPayloadsApart) {
    const double nan_a = std::bit_cast<double>(uint64_t{0x7ff8000000000001});
    const double nan_b = std::bit_cast<double>(uint64_t{0xfff8000000000002});
    const ArrayRef input = PrimitiveArray::FromValues<double>({0.0, -0.0, nan_a, nan_b, 0.0, nan_a});
    ASSERT_OK_AND_ASSIGN(auto dict, ToDict(input));
    EXPECT_TRUE(ArraysEqual(input, dict));
}

} // namespace
} // namespace vortex
