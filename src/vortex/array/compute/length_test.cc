// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/list/list_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/length.h"

namespace vortex {
namespace {

using Lengths = std::vector<std::optional<int64_t>>;

Lengths LengthsOf(const ArrayRef &array, LengthUnit unit) {
    auto result = Length(array, unit);
    EXPECT_TRUE(result.ok()) << result.status().ToString();
    if (!result.ok()) {
        return {};
    }
    EXPECT_EQ((*result)->dtype(), DType::Primitive(PType::I64, array->dtype().nullability()));
    auto canonical = Canonicalize(*result).ValueOrDie();
    const auto *primitive = As<PrimitiveArray>(*canonical);
    Lengths out;
    for (size_t i = 0; i < primitive->len(); ++i) {
        out.push_back(primitive->is_valid(i) ? std::optional<int64_t>(primitive->values_as<int64_t>()[i])
                                             : std::nullopt);
    }
    return out;
}

// Inline (<= 12 bytes) and out-of-line views, multi-byte UTF-8 (2, 3 and 4 bytes per code
// point, and a combining accent, which is a code point of its own), empty strings and nulls.
TEST(LengthTest, StringsInBytesAndCodePoints) {
    const std::vector<std::optional<std::string>> values = {
        "",
        "a",
        std::nullopt,
        "\xC3\xA9t\xC3\xA9",                                        // été
        "e\xCC\x81",                                                // e + combining acute
        "\xE6\x97\xA5\xE6\x9C\xAC",                                 // 日本
        "\xF0\x9F\x98\x80 smile, a longer value than twelve bytes", // emoji + ASCII
    };
    const ArrayRef strings = VarBinViewArray::FromStrings(values, DType::Utf8(Nullability::Nullable));
    EXPECT_EQ(LengthsOf(strings, LengthUnit::Bytes), (Lengths{0, 1, std::nullopt, 5, 3, 6, 4 + 40}));
    EXPECT_EQ(LengthsOf(strings, LengthUnit::CodePoints), (Lengths{0, 1, std::nullopt, 3, 2, 2, 1 + 40}));
    const ArrayRef binary = VarBinViewArray::FromStrings(std::vector<std::string>{"\xFF\x80", ""},
                                                         DType::Binary(Nullability::NonNullable));
    EXPECT_EQ(LengthsOf(binary, LengthUnit::Bytes), (Lengths{2, 0}));
    EXPECT_FALSE(Length(binary, LengthUnit::CodePoints).ok()) << "code points of bytes";
    EXPECT_FALSE(Length(strings, LengthUnit::Elements).ok());
}

TEST(LengthTest, DictionaryStringsGatherTheValuesLengths) {
    const ArrayRef values = VarBinViewArray::FromStrings(
        std::vector<std::string>{"x", "\xC3\xA9t\xC3\xA9", "four"}, DType::Utf8(Nullability::NonNullable));
    const ArrayRef dict = DictArray::Make(PrimitiveArray::FromValues<uint8_t>({2, 0, 1, 1, 2}), values);
    EXPECT_EQ(LengthsOf(dict, LengthUnit::Bytes), (Lengths{4, 1, 5, 5, 4}));
    EXPECT_EQ(LengthsOf(dict, LengthUnit::CodePoints), (Lengths{4, 1, 3, 3, 4}));
}

TEST(LengthTest, ListsAndFixedSizeListsCountElements) {
    const ArrayRef elements = PrimitiveArray::FromValues<int32_t>({1, 2, 3, 4, 5, 6});
    const ArrayRef list =
        ListArray::Make(elements, PrimitiveArray::FromValues<uint16_t>({0, 2, 2, 6, 6}),
                        Validity::FromBits(BitBuffer::FromBools({true, false, true, true})));
    EXPECT_EQ(LengthsOf(list, LengthUnit::Elements), (Lengths{2, std::nullopt, 4, 0}));
    const ArrayRef fixed = FixedSizeListArray::Make(elements, 3, 2, Validity::NonNullable());
    EXPECT_EQ(LengthsOf(fixed, LengthUnit::Elements), (Lengths{3, 3}));
    EXPECT_FALSE(Length(list, LengthUnit::Bytes).ok());
    EXPECT_FALSE(Length(elements, LengthUnit::Elements).ok());
}

} // namespace
} // namespace vortex
