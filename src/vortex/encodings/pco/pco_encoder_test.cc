// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The pco encoder against the decoder (itself checked bit for bit against files pco wrote):
// every number type, data shape and page/chunk split decodes to the same bits; damaged
// encodings fail cleanly.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/ptype.h"
#include "vortex/encodings/pco/pco_bins.h"
#include "vortex/encodings/pco/pco_decoder.h"
#include "vortex/encodings/pco/pco_encoder.h"

namespace vortex::pco {
namespace {

// Decodes every chunk and page; fails on any error.
template <typename T>
Result<std::vector<T>> DecodeAll(NumberType type, const EncodedNumbers &encoded) {
    BitReader header(encoded.header);
    VX_ASSIGN_OR_RETURN(FormatVersion version, ReadHeader(header));
    std::vector<T> out;
    for (const EncodedChunk &chunk : encoded.chunks) {
        BitReader meta_reader(chunk.meta);
        VX_ASSIGN_OR_RETURN(ChunkMeta meta, ReadChunkMeta(meta_reader, version, type));
        VX_ENSURE(meta_reader.byte_pos() == chunk.meta.size(), Serde, "chunk meta has trailing bytes");
        for (const EncodedPage &page : chunk.pages) {
            std::vector<T> values(page.n);
            VX_RETURN_NOT_OK(DecodePage(meta, page.bytes, page.n, values.data()));
            out.insert(out.end(), values.begin(), values.end());
        }
    }
    return out;
}

template <typename T>
void ExpectRoundTrip(NumberType type, const std::vector<T> &values, const EncodeOptions &options = {}) {
    ASSERT_OK_AND_ASSIGN(auto encoded, EncodeNumbers(type, values.data(), values.size(), options));
    EXPECT_EQ(encoded.header, (std::vector<uint8_t>{4, 1}));
    size_t n = 0;
    for (const auto &chunk : encoded.chunks) {
        for (const auto &page : chunk.pages) {
            EXPECT_GT(page.n, 0u);
            EXPECT_LE(page.n, options.values_per_page);
            n += page.n;
        }
    }
    EXPECT_EQ(n, values.size());
    ASSERT_OK_AND_ASSIGN(auto decoded, DecodeAll<T>(type, encoded));
    ASSERT_EQ(decoded.size(), values.size());
    // Bits, not values: NaN payloads and -0.0 must survive.
    const auto bits = [](const std::vector<T> &numbers) {
        std::vector<uint8_t> out(numbers.size() * sizeof(T));
        std::memcpy(out.data(), numbers.data(), out.size());
        return out;
    };
    const std::vector<uint8_t> decoded_bits = bits(decoded), expected_bits = bits(values);
    const auto [differs, _] = std::mismatch(decoded_bits.begin(), decoded_bits.end(), expected_bits.begin());
    EXPECT_EQ(differs, decoded_bits.end())
        << "first difference at value " << (differs - decoded_bits.begin()) / sizeof(T) << " of "
        << values.size();
}

// Shapes of data: each exercises another part of the encoder (bins, offsets, delta orders).
enum class Shape { kRandomBits, kSmallRange, kFewValues, kConstant, kIncreasing, kQuadratic, kNoisySeries };

template <typename T>
std::vector<T> Generate(Shape shape, size_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<T> out(n);
    for (size_t i = 0; i < n; ++i) {
        double x = 0;
        switch (shape) {
            case Shape::kRandomBits: {
                // Any bit pattern: NaNs, infinities, subnormals and -0.0 for floats.
                const uint64_t bits = rng();
                std::memcpy(&out[i], &bits, sizeof(T));
                continue;
            }
            case Shape::kSmallRange:
                x = static_cast<double>(rng() % 1000) - (std::is_signed_v<T> ? 500 : 0);
                break;
            case Shape::kFewValues:
                x = static_cast<double>((rng() % 4) * 37);
                break;
            case Shape::kConstant:
                x = 42;
                break;
            case Shape::kIncreasing:
                x = static_cast<double>(i * 3);
                break;
            case Shape::kQuadratic:
                x = static_cast<double>(i % 200) * static_cast<double>(i % 200);
                break;
            case Shape::kNoisySeries:
                x = 100 + 50 * std::sin(static_cast<double>(i) / 100) + static_cast<double>(rng() % 3);
                break;
        }
        // Integers wrap into narrow types (a defined conversion, unlike double to int).
        if constexpr (std::is_floating_point_v<T>) {
            out[i] = static_cast<T>(x);
        } else {
            out[i] = static_cast<T>(static_cast<int64_t>(x));
        }
    }
    return out;
}

template <typename T>
void RoundTripEveryShape(NumberType type) {
    for (Shape shape : {Shape::kRandomBits, Shape::kSmallRange, Shape::kFewValues, Shape::kConstant,
                        Shape::kIncreasing, Shape::kQuadratic, Shape::kNoisySeries}) {
        for (size_t n : {size_t{1}, size_t{2}, size_t{3}, size_t{255}, size_t{256}, size_t{257}, size_t{1000},
                         size_t{8192 + 5}}) {
            SCOPED_TRACE(::testing::Message() << "shape " << static_cast<int>(shape) << ", n " << n);
            ExpectRoundTrip<T>(type, Generate<T>(shape, n, n * 7 + static_cast<uint64_t>(shape)));
        }
    }
    // Many chunks and pages, pages not multiples of a batch, every delta order forced.
    SCOPED_TRACE("small chunks and pages");
    const auto values = Generate<T>(Shape::kNoisySeries, 5000, 99);
    ExpectRoundTrip<T>(type, values, {.values_per_chunk = 1500, .values_per_page = 333});
    ExpectRoundTrip<T>(type, Generate<T>(Shape::kIncreasing, 2000, 3),
                       {.values_per_chunk = 700, .values_per_page = 2, .max_delta_order = 7});
}

TEST(PcoEncoderTest, RoundTripsU16) {
    RoundTripEveryShape<uint16_t>(NumberType::U16);
}
TEST(PcoEncoderTest, RoundTripsU32) {
    RoundTripEveryShape<uint32_t>(NumberType::U32);
}
TEST(PcoEncoderTest, RoundTripsU64) {
    RoundTripEveryShape<uint64_t>(NumberType::U64);
}
TEST(PcoEncoderTest, RoundTripsI16) {
    RoundTripEveryShape<int16_t>(NumberType::I16);
}
TEST(PcoEncoderTest, RoundTripsI32) {
    RoundTripEveryShape<int32_t>(NumberType::I32);
}
TEST(PcoEncoderTest, RoundTripsI64) {
    RoundTripEveryShape<int64_t>(NumberType::I64);
}
TEST(PcoEncoderTest, RoundTripsF32) {
    RoundTripEveryShape<float>(NumberType::F32);
}
TEST(PcoEncoderTest, RoundTripsF64) {
    RoundTripEveryShape<double>(NumberType::F64);
}
// f16 as its bits; the shapes' small integers are exact halves.
TEST(PcoEncoderTest, RoundTripsF16) {
    for (size_t n : {size_t{1}, size_t{300}, size_t{9000}}) {
        std::vector<uint16_t> bits(n);
        for (size_t i = 0; i < n; ++i) {
            bits[i] = i % 3 == 0 ? static_cast<uint16_t>(i * 2654435761u)
                                 : Half::FromFloat(static_cast<float>(i % 50)).bits;
        }
        ExpectRoundTrip<uint16_t>(NumberType::F16, bits);
    }
}
TEST(PcoEncoderTest, RoundTripsEightBitIntegers) {
    RoundTripEveryShape<uint8_t>(NumberType::U8);
    RoundTripEveryShape<int8_t>(NumberType::I8);
}

TEST(PcoEncoderTest, ExtremesOfEveryWidth) {
    ExpectRoundTrip<int64_t>(NumberType::I64,
                             {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), 0, -1,
                              1, std::numeric_limits<int64_t>::min()});
    ExpectRoundTrip<uint64_t>(NumberType::U64, {0, ~uint64_t{0}, 1, ~uint64_t{0} - 1});
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    ExpectRoundTrip<double>(NumberType::F64,
                            {nan, -nan, inf, -inf, 0.0, -0.0, std::numeric_limits<double>::denorm_min(),
                             -std::numeric_limits<double>::max()});
}

TEST(PcoEncoderTest, NothingToEncodeGivesNoChunks) {
    ASSERT_OK_AND_ASSIGN(auto encoded, EncodeNumbers(NumberType::I32, nullptr, 0));
    EXPECT_TRUE(encoded.chunks.empty());
    EXPECT_RAISES(InvalidArgument, EncodeNumbers(NumberType::I32, nullptr, 0, {.values_per_page = 0}));
}

TEST(PcoEncoderTest, ChunksAndPagesSplitAsTheReferenceDoes) {
    // pco's EqualPagesUpTo: ceil(n / max) pages, the i-th ending at (i + 1) * n / pages.
    EXPECT_EQ(EqualPages(10, 4), (std::vector<size_t>{3, 3, 4}));
    EXPECT_EQ(EqualPages(8192, 8192), (std::vector<size_t>{8192}));
    EXPECT_EQ(EqualPages(8193, 8192), (std::vector<size_t>{4096, 4097}));
    std::vector<int32_t> values(600'000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<int32_t>(i % 1000);
    }
    ASSERT_OK_AND_ASSIGN(auto encoded, EncodeNumbers(NumberType::I32, values.data(), values.size()));
    ASSERT_EQ(encoded.chunks.size(), 3u); // 262 144 + 262 144 + 75 712
    EXPECT_EQ(encoded.chunks[0].pages.size(), 32u);
    EXPECT_EQ(encoded.chunks[2].pages.size(), 10u);
    ASSERT_OK_AND_ASSIGN(auto decoded, DecodeAll<int32_t>(NumberType::I32, encoded));
    EXPECT_EQ(decoded, values);
}

// Compression that pays: a sorted series codes its small deltas, a few distinct values their
// bins, far below the plain bits.
TEST(PcoEncoderTest, SmoothAndLowEntropyDataShrink) {
    auto encoded_size = [](const EncodedNumbers &encoded) {
        size_t bytes = 0;
        for (const auto &chunk : encoded.chunks) {
            bytes += chunk.meta.size();
            for (const auto &page : chunk.pages) {
                bytes += page.bytes.size();
            }
        }
        return bytes;
    };
    std::vector<int64_t> timestamps(100'000);
    std::mt19937_64 rng(5);
    int64_t t = 1'700'000'000'000'000;
    for (auto &ts : timestamps) {
        t += 1000 + static_cast<int64_t>(rng() % 16);
        ts = t;
    }
    ASSERT_OK_AND_ASSIGN(auto encoded, EncodeNumbers(NumberType::I64, timestamps.data(), timestamps.size()));
    EXPECT_LT(encoded_size(encoded), timestamps.size() * 8 / 10); // ~4-5 bits of 64 per value
    const auto few = Generate<double>(Shape::kFewValues, 100'000, 1);
    ASSERT_OK_AND_ASSIGN(encoded, EncodeNumbers(NumberType::F64, few.data(), few.size()));
    EXPECT_LT(encoded_size(encoded), few.size() * 8 / 20); // 2 bits of 64 per value
}

// The chunk meta writer is the reader's inverse for every mode and delta encoding (the encoder
// itself only writes Classic with consecutive deltas).
TEST(PcoFormatTest, ChunkMetaOfEveryModeAndDeltaReadsBack) {
    LatentVarMeta var;
    var.latent_bits = 32;
    var.ans_size_log = 2;
    var.bins = {{.weight = 3, .lower = 5, .offset_bits = 4}, {.weight = 1, .lower = 100, .offset_bits = 32}};
    LatentVarMeta lookbacks = var;
    lookbacks.bins = {{.weight = 1, .lower = 1, .offset_bits = 3}};
    lookbacks.ans_size_log = 0; // one bin: no tANS state
    std::vector<ChunkMeta> metas(6);
    for (ChunkMeta &meta : metas) {
        meta.number_type = NumberType::U32;
        meta.primary = var;
    }
    metas[1].mode.kind = ModeKind::IntMult;
    metas[1].mode.base = 7;
    metas[1].secondary = var;
    metas[1].delta.kind = DeltaKind::Consecutive;
    metas[1].delta.order = 2;
    metas[1].delta.secondary_uses_delta = true;
    metas[2].number_type = NumberType::F32;
    metas[2].mode.kind = ModeKind::FloatQuant;
    metas[2].mode.k = 3;
    metas[2].secondary = var;
    metas[3].mode.kind = ModeKind::Dict;
    metas[3].mode.dict = {9, 8, 7};
    metas[4].delta.kind = DeltaKind::Lookback;
    metas[4].delta.window_n_log = 5;
    metas[4].delta.state_n_log = 2;
    metas[4].delta_var = lookbacks;
    metas[5].delta.kind = DeltaKind::Conv1;
    metas[5].delta.quantization = 4;
    metas[5].delta.bias = -12;
    metas[5].delta.weights = {3, -2, 1};
    for (size_t m = 0; m < metas.size(); ++m) {
        SCOPED_TRACE(m);
        BitWriter writer;
        WriteChunkMeta(writer, metas[m]);
        const std::vector<uint8_t> bytes = std::move(writer).Finish();
        BitReader reader(bytes);
        ASSERT_OK_AND_ASSIGN(ChunkMeta back, ReadChunkMeta(reader, kWrittenVersion, metas[m].number_type));
        EXPECT_EQ(reader.byte_pos(), bytes.size());
        EXPECT_EQ(back.mode.kind, metas[m].mode.kind);
        EXPECT_EQ(back.mode.base, metas[m].mode.base);
        EXPECT_EQ(back.mode.k, metas[m].mode.k);
        EXPECT_EQ(back.mode.dict, metas[m].mode.dict);
        EXPECT_EQ(back.delta.kind, metas[m].delta.kind);
        EXPECT_EQ(back.delta.order, metas[m].delta.order);
        EXPECT_EQ(back.delta.secondary_uses_delta, metas[m].delta.secondary_uses_delta);
        EXPECT_EQ(back.delta.window_n_log, metas[m].delta.window_n_log);
        EXPECT_EQ(back.delta.state_n_log, metas[m].delta.state_n_log);
        EXPECT_EQ(back.delta.quantization, metas[m].delta.quantization);
        EXPECT_EQ(back.delta.bias, metas[m].delta.bias);
        EXPECT_EQ(back.delta.weights, metas[m].delta.weights);
        EXPECT_EQ(back.delta_var.has_value(), metas[m].delta_var.has_value());
        EXPECT_EQ(back.secondary.has_value(), metas[m].secondary.has_value());
        ASSERT_EQ(back.primary.bins.size(), var.bins.size());
        for (size_t b = 0; b < var.bins.size(); ++b) {
            EXPECT_EQ(back.primary.bins[b].weight, var.bins[b].weight);
            EXPECT_EQ(back.primary.bins[b].lower, var.bins[b].lower);
            EXPECT_EQ(back.primary.bins[b].offset_bits, var.bins[b].offset_bits);
        }
    }
}

TEST(PcoBinsTest, EveryLatentFallsInABinThatHoldsIt) {
    std::mt19937_64 rng(11);
    std::vector<uint32_t> latents(20'000);
    for (auto &latent : latents) {
        latent = rng() % 3 == 0 ? 7 : static_cast<uint32_t>(rng() % 100'000) * (rng() % 2 == 0 ? 1 : 40'000);
    }
    std::sort(latents.begin(), latents.end());
    const BinChoice choice = ChooseBins<uint32_t>(latents, 32);
    ASSERT_GT(choice.meta.bins.size(), 1u);
    uint64_t weight_sum = 0;
    std::vector<uint64_t> lowers;
    for (const Bin &bin : choice.meta.bins) {
        weight_sum += bin.weight;
        EXPECT_GE(bin.weight, 1u);
        if (!lowers.empty()) {
            EXPECT_GT(bin.lower, lowers.back());
        }
        lowers.push_back(bin.lower);
    }
    EXPECT_EQ(weight_sum, uint64_t{1} << choice.meta.ans_size_log);
    EXPECT_LE(choice.meta.ans_size_log, 14u);
    for (uint32_t latent : latents) {
        const Bin &bin = choice.meta.bins[FindBin(lowers, latent)];
        ASSERT_GE(latent, bin.lower);
        ASSERT_LT(static_cast<uint64_t>(latent - bin.lower), uint64_t{1} << bin.offset_bits);
    }
    // The value that fills a third of the data gets a bin of its own, without offset bits.
    const Bin &seven = choice.meta.bins[FindBin(lowers, 7)];
    EXPECT_EQ(seven.lower, 7u);
    EXPECT_EQ(seven.offset_bits, 0u);
}

// Damaged encodings of every number type: truncated or bit-flipped chunk metas and pages give
// an error or other numbers, never a crash or a read outside the buffers (run under ASan).
template <typename T>
void DamageEveryByte(NumberType type) {
    const auto values = Generate<T>(Shape::kNoisySeries, 700, 17);
    ASSERT_OK_AND_ASSIGN(auto encoded,
                         EncodeNumbers(type, values.data(), values.size(), {.values_per_page = 300}));
    ASSERT_EQ(encoded.chunks.size(), 1u);
    size_t errors = 0;
    auto attempt = [&](const EncodedNumbers &damaged) {
        if (!DecodeAll<T>(type, damaged).ok()) {
            ++errors;
        }
    };
    const EncodedChunk &chunk = encoded.chunks[0];
    for (size_t cut = 0; cut < chunk.meta.size(); ++cut) {
        EncodedNumbers damaged = encoded;
        damaged.chunks[0].meta.resize(cut);
        attempt(damaged);
    }
    for (size_t byte = 0; byte < chunk.meta.size(); ++byte) {
        EncodedNumbers damaged = encoded;
        damaged.chunks[0].meta[byte] ^= 0x5a;
        attempt(damaged);
    }
    for (size_t p = 0; p < chunk.pages.size(); ++p) {
        for (size_t cut = 0; cut < chunk.pages[p].bytes.size(); cut += 7) {
            EncodedNumbers damaged = encoded;
            damaged.chunks[0].pages[p].bytes.resize(cut);
            attempt(damaged);
        }
        for (size_t byte = 0; byte < chunk.pages[p].bytes.size(); byte += 3) {
            EncodedNumbers damaged = encoded;
            damaged.chunks[0].pages[p].bytes[byte] ^= 0xff;
            attempt(damaged);
        }
        EncodedNumbers longer = encoded;
        longer.chunks[0].pages[p].bytes.push_back(0);
        attempt(longer);
        EncodedNumbers more = encoded;
        more.chunks[0].pages[p].n += 1;
        attempt(more);
    }
    // Every truncation is caught (a page's length is exact), so most damage is.
    EXPECT_GT(errors, chunk.meta.size());
}

TEST(PcoEncoderTest, DamagedU16) {
    DamageEveryByte<uint16_t>(NumberType::U16);
}
TEST(PcoEncoderTest, DamagedU32) {
    DamageEveryByte<uint32_t>(NumberType::U32);
}
TEST(PcoEncoderTest, DamagedU64) {
    DamageEveryByte<uint64_t>(NumberType::U64);
}
TEST(PcoEncoderTest, DamagedI16) {
    DamageEveryByte<int16_t>(NumberType::I16);
}
TEST(PcoEncoderTest, DamagedI32) {
    DamageEveryByte<int32_t>(NumberType::I32);
}
TEST(PcoEncoderTest, DamagedI64) {
    DamageEveryByte<int64_t>(NumberType::I64);
}
TEST(PcoEncoderTest, DamagedF32) {
    DamageEveryByte<float>(NumberType::F32);
}
TEST(PcoEncoderTest, DamagedF64) {
    DamageEveryByte<double>(NumberType::F64);
}
TEST(PcoEncoderTest, DamagedF16) {
    DamageEveryByte<uint16_t>(NumberType::F16);
}

} // namespace
} // namespace vortex::pco
