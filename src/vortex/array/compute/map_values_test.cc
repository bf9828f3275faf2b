// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/map_values.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

// An elementwise map that sees nulls: a null becomes -1, a value v becomes 10 v; counts the
// elements it is given.
struct CountingMap {
    size_t elements = 0;
    Result<ArrayRef> operator()(const ArrayRef &values) {
        elements += values->len();
        VX_ASSIGN_OR_RETURN(ArrayRef flat, Canonicalize(values));
        const auto &primitive = static_cast<const PrimitiveArray &>(*flat);
        std::vector<int64_t> out(flat->len());
        for (size_t i = 0; i < out.size(); ++i) {
            out[i] = primitive.is_valid(i) ? 10 * int64_t{primitive.values_as<int32_t>()[i]} : -1;
        }
        return ArrayRef(PrimitiveArray::FromValues(out));
    }
};

TEST(MapValuesTest, DictionaryMapsEachValueOnceUnlessACodeIsNull) {
    const ArrayRef values = PrimitiveArray::FromOptionals<int32_t>({7, std::nullopt, -3});
    const ArrayRef codes = PrimitiveArray::FromValues<uint8_t>({0, 2, 2, 1, 0, 1, 2, 0});
    const ArrayRef dict = DictArray::Make(codes, values);
    ASSERT_OK_AND_ASSIGN(ArrayRef flat, Canonicalize(dict));
    CountingMap direct;
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, direct(flat));
    CountingMap map;
    ASSERT_OK_AND_ASSIGN(ArrayRef mapped, MapValues(dict, std::ref(map)));
    ASSERT_PRED_FORMAT2(ArraysEqual, expected, mapped);
    EXPECT_EQ(map.elements, 3u);

    // A null code is a null row, which the map would turn into -1: no shortcut.
    const ArrayRef null_codes = PrimitiveArray::FromOptionals<uint8_t>({0, std::nullopt, 2});
    const ArrayRef with_null_codes = DictArray::Make(null_codes, values);
    EXPECT_FALSE(MapValuesEncoded(with_null_codes, std::ref(map)).has_value());
    ASSERT_OK_AND_ASSIGN(ArrayRef flat_nulls, Canonicalize(with_null_codes));
    ASSERT_OK_AND_ASSIGN(expected, direct(flat_nulls));
    ASSERT_OK_AND_ASSIGN(mapped, MapValues(with_null_codes, std::ref(map)));
    ASSERT_PRED_FORMAT2(ArraysEqual, expected, mapped);
    // More values than rows: no shortcut either.
    const ArrayRef wide = DictArray::Make(PrimitiveArray::FromValues<uint8_t>({1}), values);
    EXPECT_FALSE(MapValuesEncoded(wide, std::ref(map)).has_value());
}

TEST(MapValuesTest, ConstantMapsItsValueOnce) {
    for (const Scalar &value : {Scalar::Primitive<int32_t>(4, Nullability::Nullable),
                                Scalar::Null(DType::Primitive(PType::I32, Nullability::Nullable))}) {
        const ArrayRef constant = ConstantArray::Make(value, 1000);
        ASSERT_OK_AND_ASSIGN(ArrayRef flat, Canonicalize(constant));
        CountingMap direct;
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, direct(flat));
        CountingMap map;
        ASSERT_OK_AND_ASSIGN(ArrayRef mapped, MapValues(constant, std::ref(map)));
        ASSERT_PRED_FORMAT2(ArraysEqual, expected, mapped);
        EXPECT_EQ(map.elements, 1u);
    }
}

TEST(MapValuesTest, CanonicalArraysAreMappedWhole) {
    const ArrayRef flat = PrimitiveArray::FromValues<int32_t>({1, 2, 3});
    CountingMap map;
    EXPECT_FALSE(MapValuesEncoded(flat, std::ref(map)).has_value());
    ASSERT_OK_AND_ASSIGN(ArrayRef mapped, MapValues(flat, std::ref(map)));
    EXPECT_EQ(map.elements, 3u);
    // A map that changes the length is an error, not silent garbage.
    const ValueMap shorter = [](const ArrayRef &) -> Result<ArrayRef> {
        return ArrayRef(PrimitiveArray::FromValues<int64_t>({1}));
    };
    EXPECT_FALSE(MapValues(flat, shorter).ok());
    EXPECT_FALSE(MapValues(ConstantArray::Make(Scalar::Primitive<int32_t>(1, Nullability::NonNullable), 5),
                           [](const ArrayRef &) -> Result<ArrayRef> {
                               return ArrayRef(PrimitiveArray::FromValues<int64_t>({1, 2}));
                           })
                     .ok());
}

} // namespace
} // namespace vortex
