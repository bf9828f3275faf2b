// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Streaming benchmarks of the bit-packing kernels, in the framing of the FastLanes paper:
// the packed input comes from memory, far larger than the caches, and every 1024-value block
// is decoded into the SAME small L1-resident buffer (as a scan hands vectors to its consumer).
// Every ratio pairs passes measured in the same process, alternated, best of several rounds
// (BENCHMARKING.md):
//   BM_UnpackStreamed<T>/W   packed blocks streamed from a buffer of >= 64 MiB into one
//                            L1-resident block; baseline: memcpy of each 1024 * sizeof(T)
//                            chunk of a 256 MiB uncompressed column into that same buffer.
//                            vs_memcpy = unpack values/ns over memcpy values/ns
//   BM_DecodeColumnStreaming/W/consumer
//                            a u32 column of 1 GiB decoded size, decoded block by block into
//                            one L1-resident block; consumer 1 = xor of each decoded block,
//                            0 = none. vs_read = decoded bytes/s over the bytes/s of a sum
//                            over a 1 GiB buffer

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include <benchmark/benchmark.h>

#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"

namespace vortex::fastlanes {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

struct AlignedFree {
    void operator()(uint64_t *data) const { ::operator delete (data, std::align_val_t{64}); }
};
using AlignedWords = std::unique_ptr<uint64_t[], AlignedFree>;

// A 64-byte aligned buffer of `bytes` (a multiple of 8) pseudo-random bytes (splitmix64); the
// fill also first-touches every page. Random packed words are a valid block of any width.
AlignedWords RandomWords(size_t bytes, uint64_t seed) {
    AlignedWords words(static_cast<uint64_t *>(::operator new (bytes, std::align_val_t{64})));
    uint64_t state = seed;
    for (size_t i = 0; i < bytes / 8; ++i) {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        words[i] = z ^ (z >> 31);
    }
    return words;
}

// Runs `a` and `b` alternately `rounds` times; returns the fastest seconds of each. The
// minimum filters out the interference of other processes on a shared machine.
template <typename A, typename B>
std::pair<double, double> BestAlternating(int rounds, A a, B b) {
    double best_a = 1e30;
    double best_b = 1e30;
    for (int round = 0; round < rounds; ++round) {
        auto start = Clock::now();
        a();
        best_a = std::min(best_a, SecondsSince(start));
        start = Clock::now();
        b();
        best_b = std::min(best_b, SecondsSince(start));
    }
    return {best_a, best_b};
}

// ---- (a) packed blocks streamed from memory into one L1-resident block ----

constexpr size_t kUncompressedColumnBytes = size_t{256} << 20;
constexpr size_t kMinPackedStreamBytes = size_t{64} << 20;

// The uncompressed column the memcpy baseline streams from (shared by every T: only bytes).
const uint8_t *UncompressedColumn() {
    static const AlignedWords column = RandomWords(kUncompressedColumnBytes, 7);
    return reinterpret_cast<const uint8_t *>(column.get());
}

template <typename T>
void BM_UnpackStreamed(benchmark::State &state) {
    const auto width = static_cast<unsigned>(state.range(0));
    const size_t chunk_bytes = kFastLanesBlockLen * sizeof(T);
    const size_t column_blocks = kUncompressedColumnBytes / chunk_bytes;
    // At least 64 MiB of packed data, so that no width's stream fits in L2 or L3.
    const size_t block_bytes = PackedBlockBytes(width);
    const size_t packed_blocks =
        width == 0 ? column_blocks
                   : std::max(column_blocks, (kMinPackedStreamBytes + block_bytes - 1) / block_bytes);
    const AlignedWords packed_words = RandomWords(std::max<size_t>(packed_blocks * block_bytes, 64), width);
    const T *packed = reinterpret_cast<const T *>(packed_words.get());
    const size_t block_words = PackedBlockWords<T>(width);
    const uint8_t *column = UncompressedColumn();
    alignas(64) static T out[kFastLanesBlockLen];
    const BlockFn<T> unpack = UnpackBlockFn<T>(width);
    volatile size_t copy_bytes = chunk_bytes; // a real memcpy call, not an inlined copy
    double unpack_seconds = 0;
    double memcpy_seconds = 0;
    for (auto _ : state) {
        std::tie(unpack_seconds, memcpy_seconds) = BestAlternating(
            5,
            [&] {
                for (size_t b = 0; b < packed_blocks; ++b) {
                    unpack(packed + b * block_words, out);
                    benchmark::ClobberMemory();
                }
            },
            [&] {
                for (size_t b = 0; b < column_blocks; ++b) {
                    std::memcpy(out, column + b * chunk_bytes, copy_bytes);
                    benchmark::ClobberMemory();
                }
            });
    }
    const double unpack_rate =
        static_cast<double>(packed_blocks * kFastLanesBlockLen) / (unpack_seconds * 1e9);
    const double memcpy_rate =
        static_cast<double>(column_blocks * kFastLanesBlockLen) / (memcpy_seconds * 1e9);
    state.counters["values_per_ns"] = unpack_rate;
    state.counters["memcpy_values_per_ns"] = memcpy_rate;
    state.counters["vs_memcpy"] = unpack_rate / memcpy_rate;
    state.counters["packed_MiB"] = static_cast<double>(packed_blocks * block_bytes) / (1 << 20);
    state.SetLabel("streamed " + std::string(BitPackIsaName(SelectedBitPackIsa())));
}
BENCHMARK_TEMPLATE(BM_UnpackStreamed, uint8_t)
    ->DenseRange(0, 8)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_UnpackStreamed, uint16_t)
    ->DenseRange(0, 16)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_UnpackStreamed, uint32_t)
    ->DenseRange(0, 32)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_UnpackStreamed, uint64_t)
    ->DenseRange(0, 64, 4)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// ---- (b) a 1 GiB-decoded u32 column decoded block by block for a consumer ----

constexpr size_t kStreamColumnValues = size_t{256} << 20; // u32: 1 GiB decoded
constexpr size_t kStreamColumnBlocks = kStreamColumnValues / kFastLanesBlockLen;

// The read-bandwidth baseline's input: 1 GiB, first-touched.
const uint64_t *ReadBuffer() {
    static const AlignedWords buffer = RandomWords(kStreamColumnValues * 4, 11);
    return buffer.get();
}

// The trivial consumer: xor of one decoded block. Compiled per ISA like the kernels, so it
// costs what a scan's consumer of an L1-resident vector would.
__attribute__((target_clones("avx512f", "avx2", "default"))) uint32_t XorBlock(const uint32_t *values) {
    uint32_t acc = 0;
    for (size_t i = 0; i < kFastLanesBlockLen; ++i) {
        acc ^= values[i];
    }
    return acc;
}

__attribute__((target_clones("avx512f", "avx2", "default"))) uint64_t SumWords(const uint64_t *words,
                                                                               size_t count) {
    uint64_t sum = 0;
    for (size_t i = 0; i < count; ++i) {
        sum += words[i];
    }
    return sum;
}

void BM_DecodeColumnStreaming(benchmark::State &state) {
    const auto width = static_cast<unsigned>(state.range(0));
    const bool consume = state.range(1) != 0;
    const size_t block_words = PackedBlockWords<uint32_t>(width);
    const AlignedWords packed_words = RandomWords(kStreamColumnBlocks * PackedBlockBytes(width), width);
    const auto *packed = reinterpret_cast<const uint32_t *>(packed_words.get());
    const uint64_t *read_buffer = ReadBuffer();
    const BlockFn<uint32_t> unpack = UnpackBlockFn<uint32_t>(width);
    alignas(64) static uint32_t out[kFastLanesBlockLen];
    double decode_seconds = 0;
    double read_seconds = 0;
    for (auto _ : state) {
        std::tie(decode_seconds, read_seconds) = BestAlternating(
            3,
            [&] {
                uint32_t acc = 0;
                for (size_t b = 0; b < kStreamColumnBlocks; ++b) {
                    unpack(packed + b * block_words, out);
                    if (consume) {
                        acc ^= XorBlock(out);
                    }
                    benchmark::ClobberMemory();
                }
                benchmark::DoNotOptimize(acc);
            },
            [&] { benchmark::DoNotOptimize(SumWords(read_buffer, kStreamColumnValues / 2)); });
    }
    const double bytes = static_cast<double>(kStreamColumnValues) * 4;
    state.counters["decoded_GBps"] = bytes / (decode_seconds * 1e9);
    state.counters["read_GBps"] = bytes / (read_seconds * 1e9);
    state.counters["vs_read"] = read_seconds / decode_seconds;
    state.SetLabel(consume ? "1GiB streaming, xor consumer" : "1GiB streaming, no consumer");
}
BENCHMARK(BM_DecodeColumnStreaming)
    ->ArgNames({"width", "consumer"})
    ->ArgsProduct({{4, 8, 12, 16, 20, 24}, {1, 0}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace vortex::fastlanes
