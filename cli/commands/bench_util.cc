// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "commands/bench_util.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <sys/resource.h>

#include "vortex/base/format.h"

namespace vortex::cli::bench {

uint64_t DrainArrowStream(ArrowArrayStream &stream, const std::function<void()> &per_batch) {
    uint64_t rows = 0;
    while (true) {
        ArrowArray array{};
        if (stream.get_next(&stream, &array) != 0) {
            const std::string error = stream.get_last_error(&stream);
            stream.release(&stream);
            throw std::runtime_error("arrow stream failed: " + error);
        }
        if (array.release == nullptr) {
            break;
        }
        rows += static_cast<uint64_t>(array.length);
        if (per_batch) {
            per_batch();
        }
        array.release(&array);
    }
    stream.release(&stream);
    return rows;
}

double NowSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double CpuSeconds() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval &tv) {
        return static_cast<double>(tv.tv_sec) + 1e-6 * static_cast<double>(tv.tv_usec);
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

bool WaitQuiet(const BenchOptions &options) {
    if (options.quiet_script.empty()) {
        return true;
    }
    std::string command = "'" + options.quiet_script + "' 60 >/dev/null 2>&1";
    return std::system(command.c_str()) == 0;
}

double Samples::Min() const {
    return values.empty() ? 0 : *std::min_element(values.begin(), values.end());
}

double Samples::Median() const {
    if (values.empty()) {
        return 0;
    }
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    size_t n = sorted.size();
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

TempDir::TempDir(const std::string &base) {
    std::string root = base.empty() ? std::filesystem::temp_directory_path().string() : base;
    std::string pattern = root + "/vx_bench_XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
        throw std::runtime_error("cannot create a temporary directory under " + root);
    }
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

void PrintTable(const std::vector<std::vector<std::string>> &rows) {
    std::vector<size_t> widths;
    for (const auto &row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (size_t i = 0; i < row.size(); ++i) {
            widths[i] = std::max(widths[i], row[i].size());
        }
    }
    for (const auto &row : rows) {
        std::string line;
        for (size_t i = 0; i < row.size(); ++i) {
            // The first column (a label) is left-aligned, numbers right-aligned.
            line += i == 0 ? vortex::format("{:<{}}", row[i], widths[i])
                           : vortex::format("  {:>{}}", row[i], widths[i]);
        }
        std::printf("%s\n", line.c_str());
    }
}

std::string Fmt(double value, int precision) {
    return vortex::format("{:.{}g}", value, precision);
}

} // namespace vortex::cli::bench
