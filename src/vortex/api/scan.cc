// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan.hpp"

#include "vortex/api/scan_impl.h"
#include "vortex/expr/parse.h"
#include "vortex/file/file_scan.h"

namespace vortex::api {

struct ArrayStream::Impl {
    std::unique_ptr<scan::ScanStream> stream;
    // Keeps the executor the scan runs on alive as long as the stream.
    std::shared_ptr<Executor> executor;
};

struct Split::Impl {
    scan::Split split;
    std::shared_ptr<Executor> executor;
};

std::shared_ptr<Executor> Executor::Make(size_t threads) {
    return std::make_shared<Executor>(
        std::make_shared<Impl>(Impl{std::make_unique<vortex::Executor>(threads)}));
}

vortex::Result<scan::ScanBuilder> ScanBuilder::Impl::Build() const {
    VX_ENSURE(file != nullptr, InvalidArgument, "a scan builder without a file");
    scan::ScanBuilder builder = vortex::Scan(file);
    if (projection) {
        builder.Project(*projection);
    }
    if (filter) {
        builder.Filter(Unwrap(*filter));
    } else if (filter_text) {
        VX_ASSIGN_OR_RETURN(expr::ExprRef parsed, expr::ParseExpr(*filter_text, file->dtype()));
        builder.Filter(std::move(parsed));
    }
    if (row_range) {
        VX_ENSURE(row_range->first <= row_range->second, InvalidArgument, "row range [{}, {}) is reversed",
                  row_range->first, row_range->second);
        builder.RowRange(row_range->first, row_range->second);
    }
    if (indices) {
        builder.Take(*indices);
    }
    if (limit) {
        builder.Limit(*limit);
    }
    if (batch_rows) {
        VX_ENSURE(*batch_rows > 0, InvalidArgument, "batches need at least one row");
        builder.BatchRows(*batch_rows);
    }
    builder.Ordered(ordered);
    if (executor) {
        builder.WithExecutor(executor->impl().executor.get());
    }
    return builder;
}

ScanBuilder &ScanBuilder::WithProjection(std::vector<std::string> columns) {
    impl_->projection = std::move(columns);
    return *this;
}

ScanBuilder &ScanBuilder::WithFilter(const Expr &filter) {
    impl_->filter = filter;
    impl_->filter_text.reset();
    return *this;
}

ScanBuilder &ScanBuilder::WithFilter(const std::string &filter) {
    impl_->filter_text = filter;
    impl_->filter.reset();
    return *this;
}

ScanBuilder &ScanBuilder::WithRowRange(uint64_t begin, uint64_t end) {
    impl_->row_range = {begin, end};
    return *this;
}

ScanBuilder &ScanBuilder::WithIndices(std::vector<uint64_t> rows) {
    impl_->indices = std::move(rows);
    return *this;
}

ScanBuilder &ScanBuilder::WithLimit(uint64_t rows) {
    impl_->limit = rows;
    return *this;
}

ScanBuilder &ScanBuilder::WithBatchRows(size_t rows) {
    impl_->batch_rows = rows;
    return *this;
}

ScanBuilder &ScanBuilder::WithOrdered(bool ordered) {
    impl_->ordered = ordered;
    return *this;
}

ScanBuilder &ScanBuilder::WithExecutor(std::shared_ptr<Executor> executor) {
    impl_->executor = std::move(executor);
    return *this;
}

Result<DType> ScanBuilder::OutputDType() const {
    auto builder = impl_->Build();
    if (!builder.ok()) {
        return ToPublic(builder.status());
    }
    return ToPublic(builder->Plan(), [](const std::shared_ptr<const scan::ScanPlan> &plan) {
        return Wrap(plan->output_dtype);
    });
}

Result<ArrayStream> ScanBuilder::IntoStream() const {
    auto builder = impl_->Build();
    if (!builder.ok()) {
        return ToPublic(builder.status());
    }
    return ArrayStream(
        std::make_shared<ArrayStream::Impl>(ArrayStream::Impl{builder->IntoStream(), impl_->executor}));
}

Status ScanBuilder::IntoArrowStream(ArrowArrayStream *out) const {
    if (out == nullptr) {
        return {StatusCode::InvalidArgument, "no ArrowArrayStream to export into"};
    }
    auto builder = impl_->Build();
    if (!builder.ok()) {
        return ToPublic(builder.status());
    }
    return ToPublic(builder->ExportArrow(out));
}

Result<std::vector<Split>> ScanBuilder::Splits() const {
    auto builder = impl_->Build();
    if (!builder.ok()) {
        return ToPublic(builder.status());
    }
    return ToPublic(builder->Splits(), [this](std::vector<scan::Split> splits) {
        std::vector<Split> out;
        out.reserve(splits.size());
        for (scan::Split &split : splits) {
            out.emplace_back(
                std::make_shared<const Split::Impl>(Split::Impl{std::move(split), impl_->executor}));
        }
        return out;
    });
}

Result<std::vector<Array>> ScanBuilder::Collect() const {
    auto builder = impl_->Build();
    if (!builder.ok()) {
        return ToPublic(builder.status());
    }
    return ToPublic(builder->Collect(), [](std::vector<ArrayRef> batches) {
        std::vector<Array> out;
        out.reserve(batches.size());
        for (ArrayRef &batch : batches) {
            out.push_back(Wrap(std::move(batch)));
        }
        return out;
    });
}

Result<std::optional<Array>> ArrayStream::Next() {
    return ToPublic(impl_->stream->Next(), [](std::optional<ArrayRef> batch) {
        return batch ? std::optional<Array>(Wrap(*std::move(batch))) : std::nullopt;
    });
}

DType ArrayStream::dtype() const {
    return Wrap(impl_->stream->dtype());
}

Status ExportArrowStream(const DType &dtype,
                         std::function<Result<std::optional<Array>>()> next,
                         ArrowArrayStream *out) {
    if (out == nullptr) {
        return {StatusCode::InvalidArgument, "no ArrowArrayStream to export into"};
    }
    if (!next) {
        return {StatusCode::InvalidArgument, "no function to pull arrays from"};
    }
    auto pull = [next = std::move(next)]() -> vortex::Result<std::optional<ArrayRef>> {
        Result<std::optional<Array>> batch = next();
        if (!batch.ok()) {
            return ToInternal(batch.status());
        }
        if (!batch->has_value()) {
            return std::optional<ArrayRef>();
        }
        return std::optional<ArrayRef>(Unwrap(**batch));
    };
    return ToPublic(vortex::ExportArrayStream(Unwrap(dtype), std::move(pull), out));
}

uint64_t Split::row_begin() const {
    return impl_->split.range().begin;
}

uint64_t Split::row_end() const {
    return impl_->split.range().end;
}

Result<Array> Split::Execute() const {
    return ToPublic(impl_->split.Execute(), [](ArrayRef rows) { return Wrap(std::move(rows)); });
}

} // namespace vortex::api
