// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// fastlanes.delta decode: ToCanonical of 64Ki sorted integers (deltas already unpacked, as
// after bit-unpacking) against a memcpy of the decoded bytes in the same run.

#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"

namespace vortex::fastlanes {
namespace {

constexpr size_t kLen = 64 * 1024;

template <typename T>
std::vector<T> SortedValues() {
    std::mt19937_64 rng(3);
    std::vector<T> values(kLen);
    T acc = 0;
    for (T &v : values) {
        acc = static_cast<T>(acc + rng() % 300);
        v = acc;
    }
    return values;
}

template <typename T>
void BM_DeltaToCanonical(benchmark::State &state) {
    const ArrayRef encoded = DeltaEncode(PrimitiveArray::FromValues(SortedValues<T>())).ValueOrDie();
    // Decode the children once: the benchmark times the delta pass alone.
    const auto *delta = dynamic_cast<const DeltaArray *>(encoded.get());
    const ArrayRef plain =
        DeltaArray::TryMake(Canonicalize(delta->bases()).ValueOrDie(),
                            Canonicalize(delta->deltas()).ValueOrDie(), delta->offset(), delta->len())
            .ValueOrDie();
    for (auto _ : state) {
        ArrayRef decoded = plain->ToCanonical().ValueOrDie();
        benchmark::DoNotOptimize(decoded);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kLen * sizeof(T)));
}

template <typename T>
void BM_DeltaMemcpy(benchmark::State &state) {
    const std::vector<T> values = SortedValues<T>();
    for (auto _ : state) {
        std::unique_ptr<T[]> copy(new T[kLen]);
        std::memcpy(copy.get(), values.data(), kLen * sizeof(T));
        benchmark::DoNotOptimize(copy.get());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kLen * sizeof(T)));
}

BENCHMARK_TEMPLATE(BM_DeltaToCanonical, uint32_t);
BENCHMARK_TEMPLATE(BM_DeltaMemcpy, uint32_t);
BENCHMARK_TEMPLATE(BM_DeltaToCanonical, uint64_t);
BENCHMARK_TEMPLATE(BM_DeltaMemcpy, uint64_t);

} // namespace
} // namespace vortex::fastlanes
