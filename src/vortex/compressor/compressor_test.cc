// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/compressor/btrblocks/btrblocks.h"
#include "vortex/compressor/leaf_stats.h"
#include "vortex/compressor/sample.h"
#include "vortex/default_session.h"

namespace vortex {
namespace {

// Serializes as a flat segment and reads it back with every built-in encoding registered:
// proves the compressed tree is one a file can hold, not just an in-memory shape.
Result<std::pair<ArrayRef, Buffer>> WriteAndRead(const ArrayRef &array) {
    const Session &session = DefaultSession();
    const ArrayWriteContext write_context = ArrayWriteContext::FromSession(session);
    VX_ASSIGN_OR_RETURN(SerializedArray serialized, SerializeArray(array, write_context));
    const Buffer segment = Buffer::Copy(serialized.ToBuffer().bytes());
    const auto ids = write_context.ids();
    const ArrayReadContext read_context =
        ArrayReadContext::Resolve(std::vector<std::string>(ids.begin(), ids.end()), session);
    VX_ASSIGN_OR_RETURN(ArrayRef read, DeserializeArray(segment, array->dtype(), array->len(), read_context));
    return std::make_pair(read, segment);
}

// Compresses, checks the values survive compression and a serialize/read cycle, and returns
// the compressed array.
ArrayRef RoundTrip(const ArrayRef &input, const CompressorOptions &options = {}) {
    auto compressed = Compress(input, options);
    EXPECT_OK(compressed);
    if (!compressed.ok()) {
        return input;
    }
    EXPECT_TRUE(ArraysEqual(input, *compressed)) << EncodingTree(**compressed);
    auto read = WriteAndRead(*compressed);
    EXPECT_OK(read);
    if (read.ok()) {
        EXPECT_TRUE(ArraysEqual(input, read->first)) << EncodingTree(**compressed);
    }
    return *compressed;
}

template <typename T>
ArrayRef Ints(size_t n, auto generator, double null_fraction = 0.0, uint64_t seed = 1) {
    std::mt19937_64 rng(seed);
    std::vector<std::optional<T>> values(n);
    for (size_t i = 0; i < n; ++i) {
        const bool null = null_fraction > 0 && static_cast<double>(rng() % 10000) < null_fraction * 10000;
        if (!null) {
            values[i] = static_cast<T>(generator(i, rng));
        }
    }
    if (null_fraction == 0) {
        std::vector<T> plain(n);
        for (size_t i = 0; i < n; ++i) {
            plain[i] = *values[i];
        }
        return PrimitiveArray::FromValues(plain);
    }
    return PrimitiveArray::FromOptionals(values);
}

bool Contains(const ArrayRef &array, std::string_view encoding) {
    return EncodingTree(*array).find(encoding) != std::string::npos;
}

constexpr size_t kBlock = 70'000; // a few FastLanes blocks and a real sample

TEST(CompressorTest, IntegerShapesPickTheirEncodingsAndShrink) {
    struct Case {
        std::string name;
        ArrayRef input;
        std::string_view expected_root;
    };
    std::vector<Case> cases = {
        {"constant", Ints<int32_t>(kBlock, [](size_t, auto &) { return 7; }), "vortex.constant"},
        {"sequence",
         Ints<int64_t>(kBlock, [](size_t i, auto &) { return 1000 + 3 * static_cast<int64_t>(i); }),
         "vortex.sequence"},
        {"offset small range",
         Ints<uint32_t>(kBlock, [](size_t, auto &rng) { return 1'000'000 + rng() % 1000; }), "fastlanes.for"},
        {"small non-negative", Ints<int64_t>(kBlock, [](size_t, auto &rng) { return rng() % 100; }),
         "fastlanes.bitpacked"},
        // Sorted with irregular steps over a wide range (string offsets, sorted keys).
        {"sorted irregular steps",
         Ints<int64_t>(kBlock,
                       [acc = int64_t{1} << 40](size_t, auto &rng) mutable {
                           return acc += static_cast<int64_t>(rng() % 300);
                       }),
         "fastlanes.delta"},
        // Ranks that restart every 700 rows: deltas of one, a patch per restart.
        {"restarting ranks",
         Ints<int64_t>(kBlock, [](size_t i, auto &) { return 1 + static_cast<int64_t>(i % 700); }),
         "fastlanes.delta"},
        {"long runs",
         Ints<int32_t>(kBlock, [](size_t i, auto &) { return static_cast<int32_t>(i / 500) * 7919; }), ""},
        {"sparse", Ints<int64_t>(kBlock, [](size_t, auto &rng) { return rng() % 100 == 0 ? rng() : 42; }),
         ""},
        {"negative and positive",
         Ints<int32_t>(kBlock, [](size_t, auto &rng) { return static_cast<int>(rng() % 200) - 100; }), ""},
        {"nullable small",
         Ints<uint16_t>(
             kBlock, [](size_t, auto &rng) { return rng() % 16; }, 0.3),
         ""},
        {"null dominated",
         Ints<int32_t>(
             kBlock, [](size_t, auto &rng) { return rng(); }, 0.97),
         ""},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.name);
        ArrayRef compressed = RoundTrip(c.input);
        if (!c.expected_root.empty()) {
            EXPECT_TRUE(Contains(compressed, c.expected_root)) << EncodingTree(*compressed);
        }
        EXPECT_LT(compressed->nbytes() * 2, c.input->nbytes()) << EncodingTree(*compressed);
    }
    // Sorted with nulls is never delta at the top: decoding sums the deltas under nulls too,
    // and a compressed deltas child need not keep the values under its nulls.
    ArrayRef sorted_nulls = Ints<uint32_t>(
        kBlock, [acc = uint32_t{0}](size_t, auto &rng) mutable { return acc += rng() % 50; }, 0.1);
    ArrayRef sorted_nulls_compressed = RoundTrip(sorted_nulls);
    EXPECT_NE(sorted_nulls_compressed->encoding_id(), "fastlanes.delta");
    EXPECT_LT(sorted_nulls_compressed->nbytes(), sorted_nulls->nbytes());
}

TEST(CompressorTest, CompactUsesPcoWhereLightweightEncodingsCannot) {
    // Two wide values in random order: 50 bits each for bit-packing, under a bit of entropy,
    // which pco's bins code (the reference's compact strategy uses pco for numbers).
    ArrayRef input =
        Ints<int64_t>(kBlock, [](size_t, auto &rng) { return rng() % 10 < 7 ? 0 : int64_t{1} << 49; });
    CompressorOptions options;
    options.integer_dict = false;
    EXPECT_FALSE(Contains(RoundTrip(input, options), "vortex.pco"));
    options.compact = true;
    ArrayRef compact = RoundTrip(input, options);
    EXPECT_TRUE(Contains(compact, "vortex.pco")) << EncodingTree(*compact);
    EXPECT_LT(compact->nbytes() * 50, input->nbytes());
}

TEST(CompressorTest, RandomWideIntegersStayCanonical) {
    ArrayRef input = Ints<uint64_t>(kBlock, [](size_t, auto &rng) { return rng(); });
    ArrayRef compressed = RoundTrip(input);
    EXPECT_EQ(compressed->encoding_id(), "vortex.primitive") << EncodingTree(*compressed);
}

TEST(CompressorTest, IntegerDictionaryOnlyWhenAllowed) {
    // 50 scattered distinct wide values: a dictionary beats bit-packing by far.
    std::vector<uint64_t> distinct(50);
    std::mt19937_64 rng(3);
    for (auto &v : distinct) {
        v = rng();
    }
    ArrayRef input = Ints<uint64_t>(kBlock, [&](size_t, auto &r) { return distinct[r() % distinct.size()]; });
    EXPECT_TRUE(Contains(RoundTrip(input), "vortex.dict"));
    CompressorOptions no_dict;
    no_dict.integer_dict = false;
    EXPECT_FALSE(Contains(RoundTrip(input, no_dict), "vortex.dict"));
}

TEST(CompressorTest, DictionariesBelowTheTopEvenWhenTheTopHasNone) {
    // Sorted starts of address ranges whose sizes are a few powers of two spread over 32 bits:
    // the deltas need wide bit-packing but hold a dozen distinct values.
    ArrayRef starts = Ints<uint64_t>(kBlock, [acc = uint64_t{0}](size_t, auto &rng) mutable {
        return acc += uint64_t{1} << (8 + rng() % 12 * 2);
    });
    CompressorOptions no_top_dict;
    no_top_dict.integer_dict = false;
    ArrayRef compressed = RoundTrip(starts, no_top_dict);
    EXPECT_EQ(compressed->encoding_id(), "fastlanes.delta") << EncodingTree(*compressed);
    EXPECT_TRUE(Contains(compressed->child(1), "vortex.dict")) << EncodingTree(*compressed);
    // Codes of 4 bits plus the bases, where bit-packed deltas would take 30.
    EXPECT_LT(compressed->nbytes() * 8, starts->len() * 6) << EncodingTree(*compressed);
}

TEST(CompressorTest, RunsLongerThanTheSampledRunsStayRunEnd) {
    // Runs of 100-300 equal values: every 64-value sample run cuts one, so the sample makes
    // run-end look several times worse than it is, but it is the smallest on the whole array.
    std::mt19937_64 rng(11);
    std::vector<int64_t> values;
    int64_t value = 0;
    while (values.size() < 2 * kBlock) {
        value += static_cast<int64_t>(rng() % 7 == 0 ? rng() % 100'000 : rng() % 60);
        values.insert(values.end(), 100 + rng() % 200, value);
    }
    values.resize(2 * kBlock);
    ArrayRef input = PrimitiveArray::FromValues(values);
    CompressorOptions no_top_dict;
    no_top_dict.integer_dict = false;
    ArrayRef compressed = RoundTrip(input, no_top_dict);
    EXPECT_EQ(compressed->encoding_id(), "vortex.runend") << EncodingTree(*compressed);
}

ArrayRef Doubles(size_t n, auto generator) {
    std::mt19937_64 rng(5);
    std::vector<double> values(n);
    for (size_t i = 0; i < n; ++i) {
        values[i] = generator(i, rng);
    }
    return PrimitiveArray::FromValues(values);
}

TEST(CompressorTest, FloatShapes) {
    ArrayRef prices =
        Doubles(kBlock, [](size_t, auto &rng) { return static_cast<double>(rng() % 100000) / 100.0; });
    ArrayRef compressed = RoundTrip(prices);
    EXPECT_TRUE(Contains(compressed, "vortex.alp")) << EncodingTree(*compressed);
    EXPECT_LT(compressed->nbytes() * 2, prices->nbytes());

    ArrayRef real = Doubles(
        kBlock, [](size_t, auto &rng) { return std::ldexp(static_cast<double>(rng() >> 11), -53) * 1000.0; });
    RoundTrip(real);

    ArrayRef specials = Doubles(kBlock, [](size_t i, auto &) {
        constexpr double kInf = std::numeric_limits<double>::infinity();
        const double table[] = {-0.0, 0.0, std::nan("1"), -std::nan("7"), kInf, -kInf, 5e-324, 1.5};
        return table[(i / 3) % 8];
    });
    RoundTrip(specials);
}

ArrayRef Strings(size_t n, auto generator, bool nullable = false) {
    std::mt19937_64 rng(9);
    std::vector<std::optional<std::string>> values(n);
    for (size_t i = 0; i < n; ++i) {
        values[i] = generator(i, rng);
    }
    return VarBinViewArray::FromStrings(
        values, DType::Utf8(nullable ? Nullability::Nullable : Nullability::NonNullable));
}

TEST(CompressorTest, StringShapes) {
    const std::vector<std::string> cities = {"Amsterdam", "Berlin", "Cairo", "Dakar", "Évora", "東京"};
    ArrayRef low = Strings(kBlock, [&](size_t, auto &rng) { return cities[rng() % cities.size()]; });
    ArrayRef low_compressed = RoundTrip(low);
    EXPECT_TRUE(Contains(low_compressed, "vortex.dict")) << EncodingTree(*low_compressed);

    ArrayRef urls = Strings(kBlock, [](size_t, auto &rng) {
        return "https://example.com/products/item-" + std::to_string(rng() % 1000000) + "/details?ref=home";
    });
    ArrayRef url_compressed = RoundTrip(urls);
    EXPECT_TRUE(Contains(url_compressed, "vortex.fsst")) << EncodingTree(*url_compressed);
    EXPECT_LT(url_compressed->nbytes() * 2, urls->nbytes());

    // FSST's lengths and code offsets are integers the cascade compresses, and they stay
    // compressed in the written segment (an FSST array once decoded them as it was built).
    ArrayRef ips = Strings(kBlock, [](size_t i, auto &) {
        return "10." + std::to_string(i / 65536) + "." + std::to_string((i / 256) % 256) + "." +
               std::to_string(i % 256);
    });
    ArrayRef ips_compressed = RoundTrip(ips);
    ASSERT_EQ(ips_compressed->encoding_id(), "vortex.fsst") << EncodingTree(*ips_compressed);
    for (const ArrayRef &child : ips_compressed->children()) {
        EXPECT_NE(child->encoding_id(), "vortex.primitive") << EncodingTree(*ips_compressed);
    }
    ASSERT_OK_AND_ASSIGN(auto written, WriteAndRead(ips_compressed));
    EXPECT_EQ(EncodingTree(*written.first), EncodingTree(*ips_compressed));

    ArrayRef sparse = Strings(
        kBlock,
        [](size_t i, auto &) -> std::optional<std::string> {
            return i % 50 == 0 ? std::optional<std::string>("value " + std::to_string(i)) : std::nullopt;
        },
        true);
    RoundTrip(sparse);

    CompressorOptions compact;
    compact.compact = true;
    ArrayRef compact_urls = RoundTrip(urls, compact);
    EXPECT_LE(compact_urls->nbytes(), url_compressed->nbytes()) << EncodingTree(*compact_urls);
}

TEST(CompressorTest, EveryTestDTypeRoundTrips) {
    for (const DType &dtype : AllTestDTypes()) {
        for (double null_fraction : {0.0, 0.5, 1.0}) {
            for (size_t len : {size_t{0}, size_t{1}, size_t{1023}, size_t{5000}}) {
                SCOPED_TRACE(dtype.ToString() + " nulls " + std::to_string(null_fraction) + " len " +
                             std::to_string(len));
                RandomArrayOptions options;
                options.len = len;
                options.null_fraction = null_fraction;
                options.seed = len * 31 + static_cast<uint64_t>(null_fraction * 10);
                RoundTrip(RandomArray(dtype, options));
            }
        }
    }
}

TEST(CompressorTest, EncodedAndSlicedInputs) {
    for (const DType &dtype : AllTestDTypes()) {
        SCOPED_TRACE(dtype.ToString());
        RandomArrayOptions options;
        options.len = 3000;
        options.seed = 11;
        ArrayRef encoded = RandomEncodedArray(dtype, options);
        RoundTrip(encoded);
        auto sliced = ToSliced(RandomArray(dtype, options), 5);
        ASSERT_OK(sliced);
        RoundTrip(*sliced);
    }
}

TEST(CompressorTest, SameBytesOnEveryThread) {
    ArrayRef input = Ints<int64_t>(
        kBlock, [](size_t i, auto &rng) { return (i % 7 == 0) ? rng() % 5000 : 100; }, 0.1);
    auto first = Compress(input);
    ASSERT_OK(first);
    auto expected = WriteAndRead(*first);
    ASSERT_OK(expected);
    std::vector<std::thread> threads;
    std::vector<Buffer> results(4);
    for (size_t t = 0; t < results.size(); ++t) {
        threads.emplace_back([&, t] {
            auto compressed = Compress(input);
            if (compressed.ok()) {
                auto written = WriteAndRead(*compressed);
                if (written.ok()) {
                    results[t] = written->second;
                }
            }
        });
    }
    for (auto &thread : threads) {
        thread.join();
    }
    for (const Buffer &result : results) {
        EXPECT_TRUE(std::ranges::equal(result.bytes(), expected->second.bytes()));
    }
}

// Against a plain walk over the valid values, for every integer width, with and without nulls.
template <typename T>
void CheckIntegerLeafStats(size_t n, auto generator, bool with_nulls) {
    std::mt19937_64 rng(n);
    std::vector<std::optional<T>> values(n);
    for (size_t i = 0; i < n; ++i) {
        values[i] = static_cast<T>(generator(i, rng));
        if (with_nulls && rng() % 3 == 0) {
            values[i].reset();
        }
    }
    compressor::LeafStats expected;
    expected.len = n;
    std::optional<T> previous;
    for (const std::optional<T> &value : values) {
        if (!value) {
            ++expected.null_count;
            continue;
        }
        expected.min = previous ? std::min(expected.min, int128_t{*value}) : int128_t{*value};
        expected.max = previous ? std::max(expected.max, int128_t{*value}) : int128_t{*value};
        expected.valid_runs += !previous || *previous != *value ? 1 : 0;
        expected.descents += previous && *value < *previous ? 1 : 0;
        previous = value;
    }
    ArrayRef array = with_nulls ? ArrayRef(PrimitiveArray::FromOptionals(values))
                                : Ints<T>(n, [&](size_t i, auto &) { return *values[i]; });
    ASSERT_OK_AND_ASSIGN(compressor::LeafStats stats, compressor::ComputeLeafStats(array));
    EXPECT_EQ(stats.len, expected.len);
    EXPECT_EQ(stats.null_count, expected.null_count);
    EXPECT_EQ(stats.valid_runs, expected.valid_runs);
    EXPECT_TRUE(stats.min == expected.min && stats.max == expected.max);
    EXPECT_EQ(stats.descents, expected.descents);
}

TEST(LeafStatsTest, IntegerStatsMatchAWalkOverTheValidValues) {
    for (bool with_nulls : {false, true}) {
        SCOPED_TRACE(with_nulls);
        CheckIntegerLeafStats<int8_t>(
            300, [](size_t, auto &rng) { return static_cast<int>(rng() % 7) - 3; }, with_nulls);
        CheckIntegerLeafStats<uint16_t>(
            300, [](size_t i, auto &rng) { return i / 9 + rng() % 2; }, with_nulls);
        CheckIntegerLeafStats<int32_t>(
            301, [](size_t, auto &rng) { return static_cast<int32_t>(rng()); }, with_nulls);
        CheckIntegerLeafStats<uint64_t>(
            1, [](size_t, auto &) { return ~uint64_t{0}; }, with_nulls);
        CheckIntegerLeafStats<int64_t>(
            299, [](size_t i, auto &) { return -(int64_t{1} << (62 - static_cast<int>(i % 60))); },
            with_nulls);
    }
}

TEST(SampleTest, RunsAreFixedInsideTheirPartsAndCoverAboutOnePercent) {
    EXPECT_EQ(compressor::SampleRuns(100).size(), 1u);
    const auto runs = compressor::SampleRuns(1'000'000);
    EXPECT_EQ(runs.size(), 160u); // 1% of 10^6 in runs of 64, rounded up to a multiple of 16
    for (size_t r = 0; r < runs.size(); ++r) {
        EXPECT_EQ(runs[r].second - runs[r].first, compressor::kSampleRunLength);
        EXPECT_GE(runs[r].first, 1'000'000 * r / runs.size());
        EXPECT_LE(runs[r].second, 1'000'000 * (r + 1) / runs.size());
    }
    EXPECT_EQ(runs, compressor::SampleRuns(1'000'000));
}

// Low-cardinality input with runs: a palette of up to 7 random values (nulls included), each
// row repeating a palette entry 1..16 times, so constant, dictionary, run-end, RLE, FoR and
// sparse all get their chance.
ArrayRef PaletteArray(const DType &dtype, const RandomArrayOptions &options) {
    RandomArrayOptions palette_options = options;
    palette_options.len = std::min<size_t>(options.len, 7) + 1;
    ArrayRef palette = RandomArray(dtype, palette_options);
    std::vector<uint32_t> indices;
    std::mt19937_64 rng(options.seed);
    while (indices.size() < options.len) {
        const uint32_t entry = static_cast<uint32_t>(rng() % palette->len());
        for (size_t r = 1 + rng() % 16; r > 0 && indices.size() < options.len; --r) {
            indices.push_back(entry);
        }
    }
    auto taken = Take(palette, PrimitiveArray::FromValues(indices));
    VX_CHECK_MSG(taken.ok(), "{}", taken.status().ToString());
    auto canonical = Canonicalize(*taken);
    VX_CHECK_MSG(canonical.ok(), "{}", canonical.status().ToString());
    return *std::move(canonical);
}

} // namespace

// Whatever the compressor makes must behave as its input under every compute function.
struct CompressorConformance {
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return Compress(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Compressed, ArrayConformanceTest, CompressorConformance);

struct CompressorPaletteConformance {
    static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options) {
        return PaletteArray(dtype, options);
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return Compress(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(CompressedPalette, ArrayConformanceTest, CompressorPaletteConformance);

// Compact mode adds zstd for strings and binaries, pco and zstd for numbers, on low-cardinality
// input too.
struct CompressorCompactConformance {
    static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options) {
        return PaletteArray(dtype, options);
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        CompressorOptions options;
        options.compact = true;
        return Compress(canonical, options);
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(CompressedCompact, ArrayConformanceTest, CompressorCompactConformance);

} // namespace vortex
