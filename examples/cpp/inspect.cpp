// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Prints a .vortex file's columns, row count and the statistics its writer stored, and reads
// it through splits on two threads, as an engine that schedules work itself would.
//
//   inspect FILE
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>
#include <vortex/vortex.hpp>

using namespace vortex::api; // NOLINT(google-build-using-namespace): the API's intended use

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: inspect FILE\n");
        return 2;
    }
    Result<File> file = File::Open(argv[1]);
    if (!file.ok()) {
        std::fprintf(stderr, "error: %s\n", file.status().ToString().c_str());
        return 1;
    }
    const DType dtype = file->dtype();
    std::printf("%llu rows, %llu bytes\n", static_cast<unsigned long long>(file->row_count()),
                static_cast<unsigned long long>(file->file_size()));
    for (size_t f = 0; f < dtype.field_count(); ++f) {
        std::printf("  %s: %s\n", dtype.field_name(f).c_str(), dtype.field_dtype(f).ToString().c_str());
    }
    Result<std::vector<ColumnStatistics>> statistics = file->statistics();
    if (!statistics.ok()) {
        std::fprintf(stderr, "error: %s\n", statistics.status().ToString().c_str());
        return 1;
    }
    for (const ColumnStatistics &column : *statistics) {
        std::printf("  %s: min %s, max %s, nulls %s\n", column.name.c_str(),
                    column.min ? column.min->ToString().c_str() : "?",
                    column.max ? column.max->ToString().c_str() : "?",
                    column.null_count ? std::to_string(*column.null_count).c_str() : "?");
    }
    Result<std::vector<Split>> splits = file->Scan().Splits();
    if (!splits.ok()) {
        std::fprintf(stderr, "error: %s\n", splits.status().ToString().c_str());
        return 1;
    }
    std::atomic<size_t> next{0};
    std::atomic<unsigned long long> rows{0};
    std::atomic<bool> failed{false};
    std::vector<std::thread> workers;
    for (int t = 0; t < 2; ++t) {
        workers.emplace_back([&] {
            for (size_t s = next++; s < splits->size(); s = next++) {
                Result<Array> part = (*splits)[s].Execute();
                if (!part.ok()) {
                    failed = true;
                    return;
                }
                rows += part->len();
            }
        });
    }
    for (std::thread &worker : workers) {
        worker.join();
    }
    if (failed) {
        std::fprintf(stderr, "error: a split failed\n");
        return 1;
    }
    std::printf("%zu splits read %llu rows on 2 threads\n", splits->size(), rows.load());
    return rows == file->row_count() ? 0 : 1;
}
