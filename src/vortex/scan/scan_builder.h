// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "vortex/scan/scan_options.h"
#include "vortex/scan/scan_plan.h"
#include "vortex/scan/scan_source.h"
#include "vortex/scan/scan_stream.h"
#include "vortex/scan/split.h"

struct ArrowArrayStream;

namespace vortex::scan {

/// Describes a scan and starts it (DESIGN.md section 5):
///
///   auto stream = ScanBuilder(source).Project({"a", "b"}).Filter(Gt(Col("a"), Lit(10)))
///                     .RowRange(0, 1'000'000).Limit(100).IntoStream();
///   while (auto batch = stream->Next()) { ... }
class ScanBuilder {
public:
    explicit ScanBuilder(ScanSource source) : source_(std::move(source)) {}

    ScanBuilder &Project(std::vector<std::string> columns);
    ScanBuilder &Filter(expr::ExprRef filter);
    ScanBuilder &RowRange(uint64_t begin, uint64_t end);
    /// Only these row indices (returned in row order, each once).
    ScanBuilder &Take(std::vector<uint64_t> rows);
    ScanBuilder &Limit(uint64_t rows);
    ScanBuilder &BatchRows(size_t rows);
    ScanBuilder &Ordered(bool ordered);
    ScanBuilder &Window(size_t splits);
    ScanBuilder &WithExecutor(Executor *executor);
    ScanOptions &options() { return options_; }

    /// Starts the scan; returns at once (planning runs on the executor).
    std::unique_ptr<ScanStream> IntoStream() const;
    /// Plans on the calling thread, for engines that run the splits themselves (a limit is
    /// then theirs to apply).
    Result<std::vector<Split>> Splits() const;
    /// Plans on the calling thread.
    Result<std::shared_ptr<const ScanPlan>> Plan() const { return PlanScan(source_, options_); }
    /// Runs the scan and concatenates every batch (for tests and small reads).
    Result<std::vector<ArrayRef>> Collect() const;

    /// Exports the scan as an Arrow C stream for a single consumer. At most one split result
    /// is prepared ahead of it (the window is 1); releasing the stream cancels the scan; a
    /// scan error becomes the stream's error (get_last_error).
    Status ExportArrow(ArrowArrayStream *out) const;

private:
    ScanSource source_;
    ScanOptions options_;
};

} // namespace vortex::scan
