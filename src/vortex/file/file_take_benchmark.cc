// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Micro benchmarks of random access through the scan, the step under `vx-bench take`, on a
// compressed file with the bench's columns (sorted id, random ints, 2-decimal doubles, strings
// from 5000 names):
//   BM_Take/mmap:0|1/clustered:0|1/cache:0|1
//                                   100 rows (uniform, or 5 clusters of 20) from an open handle,
//                                   with or without its array cache (OpenOptions)
//   BM_FullScan/mmap:0|1            every row of the same file
// BM_Take's full_scan_per_take is the time of a full scan (best of 3, same run) over one take.
// The row count is VORTEX_TAKE_BENCH_ROWS (default 2 M).

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

#include <benchmark/benchmark.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/file/file_scan.h"
#include "vortex/vortex.h"

namespace vortex {
namespace {

uint64_t BenchRows() {
    const char *env = std::getenv("VORTEX_TAKE_BENCH_ROWS");
    return env != nullptr ? std::strtoull(env, nullptr, 10) : 2'000'000;
}

// Writes the file once per process and removes it at exit.
const std::string &BenchFile() {
    static const std::string path = [] {
        std::string out = (std::filesystem::temp_directory_path() /
                           ("vortex_take_bench_" + std::to_string(getpid()) + ".vortex"))
                              .string();
        const uint64_t rows = BenchRows();
        auto writer = FileWriter::Open(FileWriteSink::Open(out).ValueOrDie(),
                                       DType::Struct({"id", "a", "b", "s"},
                                                     {DType::Primitive(PType::I64, Nullability::NonNullable),
                                                      DType::Primitive(PType::I64, Nullability::NonNullable),
                                                      DType::Primitive(PType::F64, Nullability::NonNullable),
                                                      DType::Utf8(Nullability::NonNullable)},
                                                     Nullability::NonNullable),
                                       DefaultSessionPtr())
                          .ValueOrDie();
        std::mt19937_64 rng(3);
        constexpr uint64_t kBatch = 65'536;
        for (uint64_t start = 0; start < rows; start += kBatch) {
            const size_t n = static_cast<size_t>(std::min(kBatch, rows - start));
            std::vector<int64_t> id(n), a(n);
            std::vector<double> b(n);
            std::vector<std::string> s(n);
            for (size_t i = 0; i < n; ++i) {
                id[i] = static_cast<int64_t>(start + i);
                a[i] = static_cast<int64_t>(rng() % 1'000'000);
                b[i] = static_cast<double>(rng() % 100'000) / 100.0;
                s[i] = "name_" + std::to_string(rng() % 5000);
            }
            auto batch = StructArray::FromFields(
                             {"id", "a", "b", "s"},
                             {PrimitiveArray::FromValues(id), PrimitiveArray::FromValues(a),
                              PrimitiveArray::FromValues(b),
                              VarBinViewArray::FromStrings(s, DType::Utf8(Nullability::NonNullable))},
                             n)
                             .ValueOrDie();
            VX_CHECK(writer->Write(batch).ok());
        }
        writer->Finish().ValueOrDie();
        std::atexit([] { std::filesystem::remove(BenchFile()); });
        return out;
    }();
    return path;
}

std::vector<std::vector<uint64_t>> RowSets(uint64_t n, bool clustered) {
    std::mt19937_64 rng(clustered ? 2 : 1);
    std::vector<std::vector<uint64_t>> sets;
    for (int q = 0; q < 16; ++q) {
        std::set<uint64_t> rows;
        while (rows.size() < 100) {
            const uint64_t start = rng() % (n - 20);
            for (uint64_t r = start; r < start + (clustered ? 20 : 1); ++r) {
                rows.insert(r);
            }
        }
        sets.emplace_back(rows.begin(), rows.end());
    }
    return sets;
}

double FullScanSeconds(const std::shared_ptr<const VortexFile> &file) {
    double best = 1e30;
    for (int round = 0; round < 3; ++round) {
        const auto start = std::chrono::steady_clock::now();
        auto batches = Scan(file).Collect().ValueOrDie();
        benchmark::DoNotOptimize(batches);
        best =
            std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

void BM_Take(benchmark::State &state) {
    OpenOptions options;
    options.array_cache_bytes = state.range(2) != 0 ? size_t{64} << 20 : 0;
    auto file = VortexFile::Open(BenchFile(), DefaultSessionPtr(), state.range(0) != 0, options).ValueOrDie();
    const auto sets = RowSets(file->row_count(), state.range(1) != 0);
    size_t q = 0;
    for (auto _ : state) {
        auto batches = Scan(file).Take(sets[q++ % sets.size()]).Collect().ValueOrDie();
        benchmark::DoNotOptimize(batches);
    }
    state.SetItemsProcessed(state.iterations() * 100);
    state.counters["full_scan_per_take"] =
        benchmark::Counter(FullScanSeconds(file), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Take)
    ->ArgNames({"mmap", "clustered", "cache"})
    ->ArgsProduct({{0, 1}, {0, 1}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

void BM_FullScan(benchmark::State &state) {
    auto file = VortexFile::Open(BenchFile(), DefaultSessionPtr(), state.range(0) != 0).ValueOrDie();
    for (auto _ : state) {
        auto batches = Scan(file).Collect().ValueOrDie();
        benchmark::DoNotOptimize(batches);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(file->row_count()));
}
BENCHMARK(BM_FullScan)->ArgNames({"mmap"})->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace vortex
