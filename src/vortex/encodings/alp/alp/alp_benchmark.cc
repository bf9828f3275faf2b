// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// ALP decode throughput: one 1024-value vector into an L1-resident buffer (the kernel alone),
// against a memcpy of the same decoded bytes in the same run; and end-to-end ToCanonical of
// 1M decimal-like doubles against a memcpy of the 8 MB result. Values/ns are reported as
// the "values_per_ns" counter. The vector inputs are 64-byte aligned like the library's
// buffers: a 512-bit load that straddles cache lines costs about 1.5x on its own.

#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp/alp_codec.h"

namespace vortex::alp {
namespace {

constexpr size_t kVectorLen = 1024;

// Decimal-like prices (two decimals) and their ALP integers at the exponents ALP picks.
template <typename T>
std::vector<T> Prices(size_t n) {
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<int64_t> cents(0, sizeof(T) == 4 ? 99'999 : 10'000'000);
    std::vector<T> values(n);
    for (T &v : values) {
        v = static_cast<T>(cents(rng)) / T(100);
    }
    return values;
}

void SetRate(benchmark::State &state, size_t values_per_iteration) {
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * values_per_iteration));
    state.counters["values_per_ns"] = benchmark::Counter(
        static_cast<double>(state.iterations() * values_per_iteration) / 1e9, benchmark::Counter::kIsRate);
}

template <typename T>
void BM_DecodeVector(benchmark::State &state) {
    const std::vector<T> values = Prices<T>(kVectorLen);
    const Exponents exponents = FindBestExponents(std::span<const T>(values));
    alignas(64) static ALPInt<T> encoded[kVectorLen];
    for (size_t i = 0; i < kVectorLen; ++i) {
        encoded[i] = EncodeSingleUnchecked<T>(values[i], exponents);
    }
    alignas(64) static T out[kVectorLen];
    for (auto _ : state) {
        DecodeALP(std::span<const ALPInt<T>>(encoded, kVectorLen), exponents, out);
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
    }
    SetRate(state, kVectorLen);
}

template <typename T>
void BM_MemcpyVector(benchmark::State &state) {
    const std::vector<T> prices = Prices<T>(kVectorLen);
    alignas(64) static T values[kVectorLen];
    std::memcpy(values, prices.data(), sizeof(values));
    alignas(64) static T out[kVectorLen];
    for (auto _ : state) {
        std::memcpy(out, values, sizeof(out));
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
    }
    SetRate(state, kVectorLen);
}

constexpr size_t kColumnLen = 1 << 20;

void BM_ToCanonicalF64(benchmark::State &state) {
    auto input = PrimitiveArray::FromValues(Prices<double>(kColumnLen));
    const ArrayRef encoded = ALPEncode(input).ValueOrDie();
    for (auto _ : state) {
        ArrayRef decoded = Canonicalize(encoded).ValueOrDie();
        benchmark::DoNotOptimize(decoded);
    }
    SetRate(state, kColumnLen);
}

void BM_MemcpyColumnF64(benchmark::State &state) {
    const std::vector<double> values = Prices<double>(kColumnLen);
    for (auto _ : state) {
        // A fresh, uninitialized destination, as ToCanonical allocates one.
        std::unique_ptr<double[]> copy(new double[kColumnLen]);
        std::memcpy(copy.get(), values.data(), kColumnLen * sizeof(double));
        benchmark::DoNotOptimize(copy.get());
        benchmark::ClobberMemory();
    }
    SetRate(state, kColumnLen);
}

BENCHMARK(BM_DecodeVector<double>);
BENCHMARK(BM_MemcpyVector<double>);
BENCHMARK(BM_DecodeVector<float>);
BENCHMARK(BM_MemcpyVector<float>);
BENCHMARK(BM_ToCanonicalF64);
BENCHMARK(BM_MemcpyColumnF64);

} // namespace
} // namespace vortex::alp
