// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The framework apart from its schemes: a scheme set decides what the cascade may emit, a
// scheme of an encoding outside the built-in set takes part through the builder alone, and
// excluded schemes never appear.
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/compressor/btrblocks/btrblocks.h"
#include "vortex/default_session.h"
#include "vortex/encodings/runend/runend_array.h"

namespace vortex {
namespace {

using compressor::CompressContext;
using compressor::LeafKind;
using compressor::LeafStats;
using compressor::Scheme;
using compressor::SchemeSet;
using compressor::btrblocks::SchemeSetBuilder;

bool Contains(const Array &array, std::string_view encoding) {
    if (array.encoding_id() == encoding) {
        return true;
    }
    for (const ArrayRef &child : array.children()) {
        if (Contains(*child, encoding)) {
            return true;
        }
    }
    return false;
}

// Every 1000 rows one value: long runs, which run-end, RLE, dictionaries and bit-packing all
// shrink.
ArrayRef Runs(size_t n) {
    std::vector<int64_t> values(n);
    for (size_t i = 0; i < n; ++i) {
        values[i] = static_cast<int64_t>((i / 1000) * 7919 % 100'003);
    }
    return PrimitiveArray::FromValues(values);
}

ArrayRef Urls(size_t n) {
    std::vector<std::optional<std::string>> values(n);
    for (size_t i = 0; i < n; ++i) {
        values[i] = "https://example.com/products/item-" + std::to_string(i * 7919 % 1'000'003) + "/details";
    }
    return VarBinViewArray::FromStrings(values, DType::Utf8(Nullability::NonNullable));
}

std::vector<uint8_t> Serialized(const ArrayRef &array) {
    const ArrayWriteContext context = ArrayWriteContext::FromSession(DefaultSession());
    auto serialized = SerializeArray(array, context);
    EXPECT_OK(serialized);
    const Buffer bytes = serialized->ToBuffer();
    return {bytes.bytes().begin(), bytes.bytes().end()};
}

// A scheme "from outside the tree": run-end encoding whose children stay plain, counting its
// calls, under a name no built-in scheme has.
class PlainRunEndScheme final : public Scheme {
public:
    std::string_view name() const override { return "test.plain_runend"; }
    bool Applies(const LeafStats &stats, const CompressContext &) const override {
        return stats.average_run_length() >= 2;
    }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &) const override {
        calls.fetch_add(1);
        VX_ASSIGN_OR_RETURN(ArrayRef encoded, runend::RunEndEncode(canonical));
        return std::optional<ArrayRef>(std::move(encoded));
    }
    mutable std::atomic<int> calls{0};
};

TEST(SchemeSetTest, AnEmptySetLeavesLeavesPlainAndStillFoldsConstants) {
    const SchemeSet none;
    const ArrayRef runs = Runs(10'000);
    ASSERT_OK_AND_ASSIGN(ArrayRef same, compressor::CompressWith(runs, none));
    EXPECT_EQ(same->encoding_id(), "vortex.primitive");
    EXPECT_TRUE(ArraysEqual(runs, same));
    // One distinct value is the cascade's own business, not a scheme's.
    ASSERT_OK_AND_ASSIGN(
        ArrayRef constant,
        compressor::CompressWith(PrimitiveArray::FromValues(std::vector<int32_t>(5000, 42)), none));
    EXPECT_EQ(constant->encoding_id(), "vortex.constant");
}

TEST(SchemeSetTest, TheDefaultCompressIsTheBuiltInSet) {
    for (const bool compact : {false, true}) {
        CompressorOptions options;
        options.compact = compact;
        const SchemeSet built = SchemeSetBuilder(options).Build();
        for (const ArrayRef &input : {Runs(70'000), Urls(5'000)}) {
            ASSERT_OK_AND_ASSIGN(ArrayRef by_default, Compress(input, options));
            ASSERT_OK_AND_ASSIGN(ArrayRef by_set, compressor::CompressWith(input, built, options));
            EXPECT_EQ(Serialized(by_default), Serialized(by_set)) << EncodingTree(*by_default);
        }
    }
}

TEST(SchemeSetTest, ASchemeAddedThroughTheBuilderTakesPart) {
    auto added = std::make_shared<PlainRunEndScheme>();
    // Without the built-in integer schemes the added one is the only way to shrink the runs.
    const SchemeSet set = SchemeSetBuilder()
                              .ExcludeSchemes({"sequence", "for", "bitpacking", "delta", "zigzag", "runend",
                                               "rle", "sparse", "dict"})
                              .WithScheme(LeafKind::kInteger, added)
                              .Build();
    EXPECT_TRUE(SchemeSetBuilder().Build().schemes(LeafKind::kInteger).size() > 1);
    const ArrayRef runs = Runs(70'000);
    ASSERT_OK_AND_ASSIGN(ArrayRef compressed, compressor::CompressWith(runs, set));
    EXPECT_GT(added->calls.load(), 0);
    EXPECT_EQ(compressed->encoding_id(), runend::RunEndEncoding::kId) << EncodingTree(*compressed);
    EXPECT_TRUE(ArraysEqual(runs, compressed));
    EXPECT_LT(compressed->nbytes() * 10, runs->nbytes());
    // The set keeps the added scheme alive after the builder and the caller let go of it.
    std::weak_ptr<PlainRunEndScheme> watch = added;
    added.reset();
    EXPECT_FALSE(watch.expired());
    ASSERT_OK_AND_ASSIGN(ArrayRef again, compressor::CompressWith(runs, set));
    EXPECT_TRUE(ArraysEqual(runs, again));
}

TEST(SchemeSetTest, ExcludedSchemesNeverAppear) {
    const ArrayRef urls = Urls(20'000);
    ASSERT_OK_AND_ASSIGN(ArrayRef with_fsst, Compress(urls));
    ASSERT_TRUE(Contains(*with_fsst, "vortex.fsst")) << EncodingTree(*with_fsst);
    const SchemeSet set = SchemeSetBuilder().ExcludeSchemes({"fsst"}).Build();
    ASSERT_OK_AND_ASSIGN(ArrayRef without, compressor::CompressWith(urls, set));
    EXPECT_FALSE(Contains(*without, "vortex.fsst")) << EncodingTree(*without);
    EXPECT_TRUE(ArraysEqual(urls, without));

    // Excluding by name removes a scheme from every leaf kind: no dictionary of strings, nor
    // of the integers below them.
    const SchemeSet no_dict = SchemeSetBuilder().ExcludeSchemes({"dict"}).Build();
    for (const auto &schemes : no_dict.leaf) {
        for (const Scheme *scheme : schemes) {
            EXPECT_NE(scheme->name(), "dict");
        }
    }
    std::vector<std::optional<std::string>> few(20'000);
    for (size_t i = 0; i < few.size(); ++i) {
        few[i] = "city-" + std::to_string(i * 7 % 13);
    }
    const ArrayRef cities = VarBinViewArray::FromStrings(few, DType::Utf8(Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef dict_default, Compress(cities));
    ASSERT_TRUE(Contains(*dict_default, "vortex.dict")) << EncodingTree(*dict_default);
    ASSERT_OK_AND_ASSIGN(ArrayRef dict_excluded, compressor::CompressWith(cities, no_dict));
    EXPECT_FALSE(Contains(*dict_excluded, "vortex.dict")) << EncodingTree(*dict_excluded);
    EXPECT_TRUE(ArraysEqual(cities, dict_excluded));
}

TEST(SchemeSetTest, ExcludingATransformByNameRemovesIt) {
    const SchemeSet all = SchemeSetBuilder().Build();
    ASSERT_EQ(all.decimal.size(), 1u);
    ASSERT_EQ(all.extension.size(), 1u);
    const SchemeSet set = SchemeSetBuilder().ExcludeSchemes({"decimal_byte_parts", "datetime_parts"}).Build();
    EXPECT_TRUE(set.decimal.empty());
    EXPECT_TRUE(set.extension.empty());
    EXPECT_EQ(set.schemes(LeafKind::kInteger).size(), all.schemes(LeafKind::kInteger).size());
}

TEST(SchemeSetTest, CompactSchemesOnlyInTheCompactSet) {
    auto names = [](const SchemeSet &set) {
        std::vector<std::string_view> out;
        for (const auto &schemes : set.leaf) {
            for (const Scheme *scheme : schemes) {
                out.push_back(scheme->name());
            }
        }
        return out;
    };
    CompressorOptions compact;
    compact.compact = true;
    const auto plain_names = names(SchemeSetBuilder().Build());
    const auto compact_names = names(SchemeSetBuilder(compact).Build());
    for (std::string_view name : {"zstd", "pco"}) {
        EXPECT_EQ(std::count(plain_names.begin(), plain_names.end(), name), 0) << name;
        EXPECT_GT(std::count(compact_names.begin(), compact_names.end(), name), 0) << name;
    }
}

} // namespace
} // namespace vortex
