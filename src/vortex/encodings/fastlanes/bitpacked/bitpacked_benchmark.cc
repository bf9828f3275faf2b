// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Micro benchmarks of fastlanes.bitpacked, each reporting a ratio to a baseline measured in
// the same process (BENCHMARKING.md):
//   BM_UnpackBlock<T>/W   one block into an L1-resident buffer; vs_memcpy = decoded bytes/s
//                         over memcpy bytes/s of the same 1024 * sizeof(T) bytes, both
//                         best-of-7 rounds measured back to back
//   BM_Memcpy/bytes       that baseline on its own
//   BM_DecodeColumn*      a 1 GiB-decoded u32 column at width 12; vs_read = decoded bytes/s
//                         over the bytes/s of a sum over a 1 GiB buffer. UnpackBlocks and
//                         IntoBuffer write a pre-touched buffer (streaming / ordinary stores);
//                         ToCanonical also allocates and first-touches its 1 GiB result
//   (bitpacked_stream_benchmark.cc has the streamed variants, input far larger than the caches)
//   BM_Take*              100 random rows of 10 M values, bit-packed vs canonical

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <new>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"

namespace vortex::fastlanes {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Seconds of the fastest of 7 rounds of `count` calls of `fn`: the minimum filters out the
// interference of other processes on a shared machine.
template <typename Fn>
double BestRoundSeconds(size_t count, Fn fn) {
    double best = 1e30;
    for (int round = 0; round < 7; ++round) {
        const auto start = Clock::now();
        for (size_t i = 0; i < count; ++i) {
            fn();
            benchmark::ClobberMemory();
        }
        best = std::min(best, SecondsSince(start));
    }
    return best;
}

template <typename T>
std::vector<T> RandomBlock(unsigned width, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<T> values(kFastLanesBlockLen);
    for (T &v : values) {
        const uint64_t r = rng();
        v = static_cast<T>(width >= 64 ? r : r & ((uint64_t{1} << width) - 1));
    }
    return values;
}

template <typename T>
void BM_UnpackBlock(benchmark::State &state) {
    const auto width = static_cast<unsigned>(state.range(0));
    const std::vector<T> values = RandomBlock<T>(width, width);
    std::vector<T> packed(PackedBlockWords<T>(width) + 1);
    PackBlockFn<T>(width)(values.data(), packed.data());
    alignas(4096) static T out[kFastLanesBlockLen];
    const BlockFn<T> unpack = UnpackBlockFn<T>(width);
    for (auto _ : state) {
        unpack(packed.data(), out);
        benchmark::ClobberMemory();
    }
    // The ratio pairs best-of-7 rounds of unpacks and of memcpys of the decoded bytes
    // (L1-resident, size through a volatile so it is a real memcpy call).
    constexpr size_t kCalls = 20000;
    // The memcpy source at the destination's offset within a page: a source a small distance
    // (mod 4 KiB) behind the destination makes its loads falsely wait on its stores (4K
    // aliasing), which slowed this baseline 2.5x for some heap addresses.
    alignas(4096) static T copy_source[kFastLanesBlockLen];
    std::copy(values.begin(), values.end(), copy_source);
    volatile size_t copy_bytes = kFastLanesBlockLen * sizeof(T);
    const double unpack_seconds = BestRoundSeconds(kCalls, [&] { unpack(packed.data(), out); });
    const double memcpy_seconds =
        BestRoundSeconds(kCalls, [&] { std::memcpy(out, copy_source, copy_bytes); });
    state.counters["values_per_ns"] = kCalls * kFastLanesBlockLen / (unpack_seconds * 1e9);
    state.counters["vs_memcpy"] = memcpy_seconds / unpack_seconds;
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kFastLanesBlockLen));
    state.SetLabel("L1-resident packed and memcpy source " +
                   std::string(BitPackIsaName(SelectedBitPackIsa())));
}
BENCHMARK_TEMPLATE(BM_UnpackBlock, uint8_t)->DenseRange(0, 8);
BENCHMARK_TEMPLATE(BM_UnpackBlock, uint16_t)->DenseRange(0, 16);
BENCHMARK_TEMPLATE(BM_UnpackBlock, uint32_t)->DenseRange(0, 32);
BENCHMARK_TEMPLATE(BM_UnpackBlock, uint64_t)->DenseRange(0, 64, 4);

void BM_Memcpy(benchmark::State &state) {
    const auto bytes = static_cast<size_t>(state.range(0));
    std::vector<uint8_t> src(bytes, 1);
    std::vector<uint8_t> dst(bytes);
    volatile size_t size = bytes;
    for (auto _ : state) {
        std::memcpy(dst.data(), src.data(), size);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_Memcpy)->Arg(1024)->Arg(2048)->Arg(4096)->Arg(8192);

// ---- 1 GiB column ----

constexpr size_t kColumnValues = size_t{256} << 20; // u32: 1 GiB decoded
constexpr unsigned kColumnWidth = 12;

const BitPackedArray &Column() {
    static const std::shared_ptr<const BitPackedArray> column = [] {
        const size_t blocks = kColumnValues / kFastLanesBlockLen;
        const size_t block_words = PackedBlockWords<uint32_t>(kColumnWidth);
        BufferMut packed = BufferMut::WithCapacity(blocks * block_words * 4, 4);
        packed.Resize(blocks * block_words * 4);
        // 64 distinct random blocks, repeated: the packer's cost is not what is measured.
        std::vector<std::vector<uint32_t>> patterns;
        for (uint64_t seed = 0; seed < 64; ++seed) {
            patterns.push_back(RandomBlock<uint32_t>(kColumnWidth, seed));
        }
        const BlockFn<uint32_t> pack = PackBlockFn<uint32_t>(kColumnWidth);
        for (size_t b = 0; b < blocks; ++b) {
            pack(patterns[b % 64].data(), packed.data_as<uint32_t>() + b * block_words);
        }
        return BitPackedArray::TryMake(PType::U32, std::move(packed).Freeze(), kColumnWidth, 0, kColumnValues,
                                       std::nullopt, Validity::NonNullable())
            .ValueOrDie();
    }();
    return *column;
}

// A pre-touched, 64-byte aligned 1 GiB buffer: the decode target and the read-bandwidth baseline's input.
uint32_t *ColumnOutput() {
    static uint32_t *out = [] {
        auto *data = static_cast<uint32_t *>(::operator new (kColumnValues * 4, std::align_val_t{64}));
        std::fill(data, data + kColumnValues, 1u);
        return data;
    }();
    return out;
}

// Sums the 1 GiB buffer (8-byte words) and returns the seconds it took: the memory read
// bandwidth baseline.
double TimeReadPass() {
    const auto *words = reinterpret_cast<const uint64_t *>(ColumnOutput());
    const auto start = Clock::now();
    uint64_t sum = 0;
    for (size_t i = 0; i < kColumnValues / 2; ++i) {
        sum += words[i];
    }
    benchmark::DoNotOptimize(sum);
    return SecondsSince(start);
}

// Runs `decode` once per iteration, each paired with a read pass measured right before it
// (untimed), so the ratio compares the two under the same machine load.
template <typename Decode>
void RunColumnBenchmark(benchmark::State &state, Decode decode) {
    double read_seconds = 0;
    double decode_seconds = 0;
    for (auto _ : state) {
        state.PauseTiming();
        read_seconds += TimeReadPass();
        state.ResumeTiming();
        const auto start = Clock::now();
        decode();
        benchmark::ClobberMemory();
        decode_seconds += SecondsSince(start);
    }
    const double decoded_bytes =
        static_cast<double>(kColumnValues) * 4 * static_cast<double>(state.iterations());
    state.counters["decoded_GBps"] = decoded_bytes / (decode_seconds * 1e9);
    state.counters["read_GBps"] = decoded_bytes / (read_seconds * 1e9);
    state.counters["vs_read"] = read_seconds / decode_seconds;
    state.SetBytesProcessed(static_cast<int64_t>(decoded_bytes));
    state.SetLabel("1GiB materializing");
}

void BM_ReadColumnBaseline(benchmark::State &state) {
    const auto *words = reinterpret_cast<const uint64_t *>(ColumnOutput());
    for (auto _ : state) {
        uint64_t sum = 0;
        for (size_t i = 0; i < kColumnValues / 2; ++i) {
            sum += words[i];
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kColumnValues * 4));
}
BENCHMARK(BM_ReadColumnBaseline)->Unit(benchmark::kMillisecond)->Iterations(3);

// UnpackBlocks() into the pre-touched buffer (streaming stores at this size).
void BM_DecodeColumnUnpackBlocks(benchmark::State &state) {
    const uint32_t *packed = Column().packed().data_as<uint32_t>();
    uint32_t *out = ColumnOutput();
    RunColumnBenchmark(state, [&] {
        UnpackBlocks<uint32_t>(packed, kColumnWidth, kColumnValues / kFastLanesBlockLen, out);
    });
}
BENCHMARK(BM_DecodeColumnUnpackBlocks)->Unit(benchmark::kMillisecond)->Iterations(5);

// The plain block loop (ordinary stores) into the pre-touched buffer.
void BM_DecodeColumnIntoBuffer(benchmark::State &state) {
    const uint32_t *packed = Column().packed().data_as<uint32_t>();
    uint32_t *out = ColumnOutput();
    const BlockFn<uint32_t> unpack = UnpackBlockFn<uint32_t>(kColumnWidth);
    const size_t block_words = PackedBlockWords<uint32_t>(kColumnWidth);
    RunColumnBenchmark(state, [&] {
        for (size_t b = 0; b < kColumnValues / kFastLanesBlockLen; ++b) {
            unpack(packed + b * block_words, out + b * kFastLanesBlockLen);
        }
    });
}
BENCHMARK(BM_DecodeColumnIntoBuffer)->Unit(benchmark::kMillisecond)->Iterations(5);

// ToCanonical(): also allocates (and first-touches) its 1 GiB result.
void BM_DecodeColumnToCanonical(benchmark::State &state) {
    const BitPackedArray &column = Column();
    RunColumnBenchmark(state, [&] {
        auto canonical = column.ToCanonical();
        benchmark::DoNotOptimize(canonical);
    });
}
BENCHMARK(BM_DecodeColumnToCanonical)->Unit(benchmark::kMillisecond)->Iterations(3);

// ---- take 100 of 10 M ----

constexpr size_t kTakeLen = 10'000'000;

struct TakeInputs {
    ArrayRef canonical;
    ArrayRef bitpacked;
    ArrayRef indices;
};

const TakeInputs &TakeData() {
    static const TakeInputs inputs = [] {
        std::mt19937_64 rng(42);
        std::vector<uint32_t> values(kTakeLen);
        for (uint32_t &v : values) {
            v = static_cast<uint32_t>(rng() & 0xFFF);
        }
        std::vector<uint64_t> indices(100);
        for (uint64_t &i : indices) {
            i = rng() % kTakeLen;
        }
        TakeInputs out;
        out.canonical = PrimitiveArray::FromValues(values);
        out.bitpacked = BitPackEncode(out.canonical, 12).ValueOrDie();
        out.indices = PrimitiveArray::FromValues(indices);
        return out;
    }();
    return inputs;
}

void BM_TakeCanonical(benchmark::State &state) {
    const TakeInputs &inputs = TakeData();
    for (auto _ : state) {
        auto taken = Take(inputs.canonical, inputs.indices);
        benchmark::DoNotOptimize(taken);
    }
}
BENCHMARK(BM_TakeCanonical);

void BM_TakeBitPacked(benchmark::State &state) {
    const TakeInputs &inputs = TakeData();
    for (auto _ : state) {
        auto taken = Take(inputs.bitpacked, inputs.indices);
        benchmark::DoNotOptimize(taken);
    }
}
BENCHMARK(BM_TakeBitPacked);

// Alternating batches of both takes: time_ratio = bit-packed time / canonical time.
void BM_TakeBitPackedVsCanonical(benchmark::State &state) {
    const TakeInputs &inputs = TakeData();
    double canonical_seconds = 0;
    double bitpacked_seconds = 0;
    for (auto _ : state) {
        for (const bool bitpacked : {false, true}) {
            const ArrayRef &array = bitpacked ? inputs.bitpacked : inputs.canonical;
            const auto start = Clock::now();
            for (int i = 0; i < 1000; ++i) {
                auto taken = Take(array, inputs.indices);
                benchmark::DoNotOptimize(taken);
            }
            (bitpacked ? bitpacked_seconds : canonical_seconds) += SecondsSince(start);
        }
    }
    state.counters["time_ratio"] = bitpacked_seconds / canonical_seconds;
}
BENCHMARK(BM_TakeBitPackedVsCanonical)->Iterations(50);

} // namespace
} // namespace vortex::fastlanes
