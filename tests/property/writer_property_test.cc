// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The writer takes any data: generated tables (column_shape.h) are written with the default
// and the compact strategy, at 1 and at 8 threads, and every file must read back exactly and
// byte for byte the same at both thread counts.
//
// Environment:
//   VORTEX_PROPERTY_COLUMNS  columns per run over all shards (default 10000; more for a long run)
//   VORTEX_PROPERTY_SEED     first case seed (default 1)
//   VORTEX_PROPERTY_CASE     run only the case with this seed (what a failure prints)
//   VORTEX_PROPERTY_TIMES    print each case as it starts and its time when it ends
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/array/testing/test_rng_internal.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/io/executor.h"

#include "column_shape.h"

namespace vortex::property {
namespace {

using internal::TestRng;

constexpr size_t kShards = 8;

uint64_t EnvOr(const char *name, uint64_t fallback) {
    const char *value = std::getenv(name);
    return value == nullptr || *value == '\0' ? fallback : std::strtoull(value, nullptr, 10);
}

// One generated table: its columns, how the input is cut into chunks, the writer's knobs.
struct Case {
    uint64_t seed = 0;
    std::vector<ColumnShape> shapes;
    std::vector<size_t> cuts; // chunk ends, ascending, the last one is the length
    uint64_t zone_len = 8192;
    uint64_t block_bytes = uint64_t{1} << 20;
};

Case MakeCase(uint64_t seed) {
    TestRng rng(seed);
    Case out;
    out.seed = seed;
    const size_t len = RandomLength(rng.Next());
    const size_t ncols = 1 + rng.Below(5);
    for (size_t i = 0; i < ncols; ++i) {
        out.shapes.push_back(RandomShape(rng.Next(), len));
    }
    // Input chunks as a reader or a DuckDB export hands them over: one, a few, or many small.
    const size_t nchunks = rng.Chance(0.5) ? 1 : rng.Chance(0.7) ? 2 + rng.Below(4) : 10 + rng.Below(40);
    for (size_t i = 1; i < nchunks && len > 0; ++i) {
        out.cuts.push_back(rng.Below(len + 1));
    }
    out.cuts.push_back(len);
    std::sort(out.cuts.begin(), out.cuts.end());
    // Smaller zones and blocks move the writer's boundaries into the middle of short columns.
    static constexpr uint64_t kZones[] = {8192, 8192, 1024, 3000};
    static constexpr uint64_t kBlocks[] = {uint64_t{1} << 20, uint64_t{1} << 20, uint64_t{1} << 16, 4096};
    // Tiny blocks over long columns would only multiply the work, not the boundaries seen;
    // 64 KiB blocks give long columns many sampled blocks (a block is sampled from 2049 rows).
    out.zone_len = len <= 20000 ? kZones[rng.Below(std::size(kZones))] : 8192;
    out.block_bytes = kBlocks[rng.Below(len <= 10000 ? std::size(kBlocks) : std::size(kBlocks) - 1)];
    return out;
}

std::string DescribeCase(const Case &c) {
    std::string out = "case seed " + std::to_string(c.seed) +
                      " (rerun with VORTEX_PROPERTY_CASE=" + std::to_string(c.seed) + "), zone_len " +
                      std::to_string(c.zone_len) + ", block_bytes " + std::to_string(c.block_bytes) + ", " +
                      std::to_string(c.cuts.size()) + " input chunks";
    for (size_t i = 0; i < c.shapes.size(); ++i) {
        out += "\n  c" + std::to_string(i) + ": " + Describe(c.shapes[i]);
    }
    return out;
}

Executor &Threads(size_t n) {
    static Executor *one = new Executor(1);
    static Executor *eight = new Executor(8);
    return n == 1 ? *one : *eight;
}

// Writes, reads back and compares one case; the thread counts must give the same bytes.
void RunCase(const Case &c) {
    SCOPED_TRACE(DescribeCase(c));
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    std::vector<ArrayRef> columns;
    for (size_t i = 0; i < c.shapes.size(); ++i) {
        ASSERT_OK_AND_ASSIGN(ArrayRef column, GenerateColumn(c.shapes[i]));
        ASSERT_EQ(column->len(), c.shapes[i].len);
        names.push_back("c" + std::to_string(i));
        dtypes.push_back(c.shapes[i].dtype);
        columns.push_back(std::move(column));
    }
    const DType dtype = DType::Struct(names, dtypes, Nullability::NonNullable);
    const size_t len = c.shapes.front().len;
    const ArrayRef table = StructArray::Make(dtype, columns, len, Validity::NonNullable());
    std::vector<ArrayRef> chunks;
    size_t begin = 0;
    for (size_t end : c.cuts) {
        ASSERT_OK_AND_ASSIGN(ArrayRef chunk, Slice(table, begin, end));
        chunks.push_back(std::move(chunk));
        begin = end;
    }
    for (Compression compression : {Compression::kDefault, Compression::kCompact}) {
        SCOPED_TRACE(compression == Compression::kDefault ? "default strategy" : "compact strategy");
        Buffer bytes_by_threads[2];
        for (size_t t = 0; t < 2; ++t) {
            WriteOptions options;
            options.compression = compression;
            options.executor = &Threads(t == 0 ? 1 : 8);
            options.zone_len = c.zone_len;
            options.block_bytes = c.block_bytes;
            ASSERT_OK_AND_ASSIGN(bytes_by_threads[t], testing::WriteToBuffer(dtype, chunks, options));
        }
        ASSERT_TRUE(bytes_by_threads[0].size() == bytes_by_threads[1].size() &&
                    std::memcmp(bytes_by_threads[0].data(), bytes_by_threads[1].data(),
                                bytes_by_threads[0].size()) == 0)
            << "1 and 8 threads wrote different files";
        ASSERT_OK_AND_ASSIGN(auto file, testing::OpenBuffer(bytes_by_threads[0]));
        ASSERT_EQ(file->row_count(), len);
        ASSERT_EQ(file->dtype(), dtype);
        ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
        ASSERT_TRUE(ArraysEqual(table, back));
    }
}

// The case seeds of one shard: cases are dealt round-robin until the run has its columns.
std::vector<uint64_t> ShardSeeds(size_t shard) {
    const uint64_t only = EnvOr("VORTEX_PROPERTY_CASE", 0);
    if (only != 0) {
        return shard == 0 ? std::vector<uint64_t>{only} : std::vector<uint64_t>{};
    }
    const uint64_t columns = EnvOr("VORTEX_PROPERTY_COLUMNS", 10000);
    const uint64_t first = EnvOr("VORTEX_PROPERTY_SEED", 1);
    std::vector<uint64_t> seeds;
    uint64_t generated = 0;
    for (uint64_t index = 0; generated < columns; ++index) {
        const uint64_t seed = first + index;
        generated += MakeCase(seed).shapes.size();
        if (index % kShards == shard) {
            seeds.push_back(seed);
        }
    }
    return seeds;
}

class WriterProperty : public ::testing::TestWithParam<size_t> {};

TEST_P(WriterProperty, EveryGeneratedTableReadsBackExactly) {
    const bool timed = std::getenv("VORTEX_PROPERTY_TIMES") != nullptr;
    for (uint64_t seed : ShardSeeds(GetParam())) {
        const Case c = MakeCase(seed);
        const auto start = std::chrono::steady_clock::now();
        if (timed) {
            std::fprintf(stderr, "start %s\n", DescribeCase(c).c_str());
        }
        RunCase(c);
        if (timed) {
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            std::fprintf(stderr, "%.0f ms: case seed %llu\n", ms, static_cast<unsigned long long>(seed));
        }
        if (HasFatalFailure() || HasNonfatalFailure()) {
            return; // the first failing case is the one to look at
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Shards, WriterProperty, ::testing::Range<size_t>(0, kShards));

} // namespace
} // namespace vortex::property
