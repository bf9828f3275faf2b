// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/scan_builder.h"

#include <algorithm>

#include "vortex/array/compute/slice.h"
#include "vortex/arrow/arrow_stream.h"
#include "vortex/io/executor.h"

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
    std::vector<ArrayRef> batches;
    std::unique_ptr<ScanStream> stream;
    if (options_.canonical || options_.before_planning) {
        stream = IntoStream(); // decoding and the planning hook live in the stream
    } else {
        // Collect blocks anyway: it plans here, and a plan of a few splits (a take, a small
        // file) also runs here, the first split on this thread and the others on the
        // executor unless this thread gets to them first: no hand-offs through a stream, and
        // no wait for a parked worker to wake when the work is small.
        VX_ASSIGN_OR_RETURN(std::shared_ptr<const ScanPlan> plan, Plan());
        if (plan->splits.size() > std::max<size_t>(options_.window, 1)) {
            stream = ScanStream::StartPlanned(std::move(plan), options_);
        } else {
            Executor &executor = options_.executor != nullptr ? *options_.executor : Executor::Default();
            std::vector<TaskHandle<Result<ArrayRef>>> others;
            for (size_t i = 1; i < plan->splits.size(); ++i) {
                others.push_back(executor.SubmitRunnableByWaiter(
                    [plan, i]() -> Result<ArrayRef> { return ExecuteSplit(*plan, plan->splits[i]); }));
            }
            std::vector<Result<ArrayRef>> results;
            if (!plan->splits.empty()) {
                results.push_back(ExecuteSplit(*plan, plan->splits.front()));
            }
            for (TaskHandle<Result<ArrayRef>> &other : others) {
                results.push_back(other.Wait());
            }
            uint64_t remaining = plan->limit.value_or(UINT64_MAX);
            for (Result<ArrayRef> &result : results) {
                VX_ASSIGN_OR_RETURN(ArrayRef rows, std::move(result));
                const auto len = static_cast<size_t>(std::min<uint64_t>(rows->len(), remaining));
                remaining -= len;
                for (size_t start = 0; start < len; start += plan->batch_rows) {
                    const size_t stop = std::min(len, start + plan->batch_rows);
                    VX_ASSIGN_OR_RETURN(ArrayRef batch,
                                        start == 0 && stop == rows->len() ? rows : Slice(rows, start, stop));
                    batches.push_back(std::move(batch));
                }
            }
            return batches;
        }
    }
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
