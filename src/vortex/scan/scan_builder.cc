// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/scan_builder.h"

#include "vortex/arrow/arrow_stream.h"

namespace vortex::scan {

ScanBuilder &ScanBuilder::Project(std::vector<std::string> columns) {
    options_.projection = std::move(columns);
    return *this;
}

ScanBuilder &ScanBuilder::Filter(expr::ExprRef filter) {
    options_.filter = std::move(filter);
    return *this;
}

ScanBuilder &ScanBuilder::RowRange(uint64_t begin, uint64_t end) {
    options_.row_range = {begin, end};
    return *this;
}

ScanBuilder &ScanBuilder::Take(std::vector<uint64_t> rows) {
    options_.take = std::move(rows);
    return *this;
}

ScanBuilder &ScanBuilder::Limit(uint64_t rows) {
    options_.limit = rows;
    return *this;
}

ScanBuilder &ScanBuilder::BatchRows(size_t rows) {
    options_.batch_rows = rows;
    return *this;
}

ScanBuilder &ScanBuilder::Ordered(bool ordered) {
    options_.ordered = ordered;
    return *this;
}

ScanBuilder &ScanBuilder::Window(size_t splits) {
    options_.window = splits;
    return *this;
}

ScanBuilder &ScanBuilder::WithExecutor(Executor *executor) {
    options_.executor = executor;
    return *this;
}

std::unique_ptr<ScanStream> ScanBuilder::IntoStream() const {
    return ScanStream::Start(source_, options_);
}

Result<std::vector<Split>> ScanBuilder::Splits() const {
    VX_ASSIGN_OR_RETURN(std::shared_ptr<const ScanPlan> plan, Plan());
    std::vector<Split> splits;
    for (size_t i = 0; i < plan->splits.size(); ++i) {
        splits.emplace_back(plan, i);
    }
    return splits;
}

Result<std::vector<ArrayRef>> ScanBuilder::Collect() const {
    std::unique_ptr<ScanStream> stream = IntoStream();
    std::vector<ArrayRef> batches;
    while (true) {
        VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> batch, stream->Next());
        if (!batch) {
            return batches;
        }
        batches.push_back(std::move(*batch));
    }
}

Status ScanBuilder::ExportArrow(ArrowArrayStream *out) const {
    ScanOptions options = options_;
    options.window = 1;
    options.canonical = true;
    std::shared_ptr<ScanStream> stream = ScanStream::Start(source_, std::move(options));
    DType dtype = stream->dtype();
    // The exporter owns the stream through `next`; releasing the Arrow stream destroys it,
    // which cancels the splits not yet started.
    return ExportArrayStream(
        std::move(dtype), [stream]() { return stream->Next(); }, out);
}

} // namespace vortex::scan
