// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Scans and partitions: one partition per file of the data source, each read with a scan of
// the C++ API (projection columns, filter, row range, indices, limit) and, for projections
// the C++ API cannot express, an evaluation of the projection on each batch.

#include <algorithm>

#include "data_source.h"
#include "expression.h"

namespace capi = vortex::capi;
namespace api = vortex::api;

namespace vortex::capi {
namespace {

// What every partition of one scan reads.
struct ScanSpec {
    Projection projection;
    NodeRef filter;
    // Rows [begin, end) of each file, clamped to the file; none when !has_range.
    bool has_range = false;
    uint64_t begin = 0;
    uint64_t end = 0;
    vx_scan_selection_include include = VX_SELECTION_INCLUDE_ALL;
    // Sorted, without duplicates.
    std::vector<uint64_t> indices;
    uint64_t limit = 0;
};

// The rows of a file of `rows` rows that a partition reads (before the filter and limit).
struct RowSelection {
    uint64_t begin = 0;
    uint64_t end = 0;
    // Set when the selection is not the whole range.
    std::optional<std::vector<uint64_t>> indices;

    uint64_t count() const { return indices ? indices->size() : end - begin; }
};

RowSelection SelectRows(const ScanSpec &spec, uint64_t rows) {
    RowSelection selection{0, rows, std::nullopt};
    if (spec.has_range) {
        // A range reaching past the file is clamped to it; begin > end selects nothing.
        selection.begin = std::min(spec.begin, rows);
        selection.end = std::max(selection.begin, std::min(spec.end, rows));
    }
    if (spec.include == VX_SELECTION_INCLUDE_ALL) {
        return selection;
    }
    const auto first = std::lower_bound(spec.indices.begin(), spec.indices.end(), selection.begin);
    const auto last = std::lower_bound(first, spec.indices.end(), selection.end);
    std::vector<uint64_t> kept;
    if (spec.include == VX_SELECTION_INCLUDE_RANGE) {
        kept.assign(first, last);
    } else {
        kept.reserve((selection.end - selection.begin) - static_cast<uint64_t>(last - first));
        auto excluded = first;
        for (uint64_t row = selection.begin; row < selection.end; ++row) {
            if (excluded != last && *excluded == row) {
                ++excluded;
            } else {
                kept.push_back(row);
            }
        }
    }
    selection.indices = std::move(kept);
    return selection;
}

} // namespace
} // namespace vortex::capi

struct vx_scan { // NOLINT(readability-identifier-naming)
    std::shared_ptr<const capi::DataSource> source;
    std::shared_ptr<const capi::ScanSpec> spec;
    std::unique_ptr<vx_dtype> dtype;
    std::mutex mutex;
    size_t next_file = 0;
};

struct vx_partition { // NOLINT(readability-identifier-naming)
    std::shared_ptr<const capi::DataSource> source;
    std::shared_ptr<const capi::ScanSpec> spec;
    size_t file_index = 0;
    // Opened on first use.
    mutable std::optional<api::File> file;
    bool started = false;
    bool finished = false;
    std::optional<api::ArrayStream> stream;

    const api::File &File() const {
        if (!file) {
            file = source->File(file_index);
        }
        return *file;
    }

    // The C++ API scan of this partition's file; checks the filter's type.
    api::ScanBuilder Builder() const {
        const capi::ScanSpec &options = *spec;
        const api::File &data = File();
        if (options.filter && options.limit > 0) {
            capi::Fail("a scan cannot have both a filter and a limit");
        }
        api::ScanBuilder builder = data.Scan();
        if (options.projection.columns) {
            builder.WithProjection(*options.projection.columns);
        }
        if (options.filter) {
            const api::DType type = capi::ReturnDType(*options.filter, data.dtype());
            if (type.kind() != api::DTypeKind::Bool) {
                capi::Fail("a filter must be a boolean expression, not " + type.ToString());
            }
            builder.WithFilter(capi::ToFilter(*options.filter));
        }
        capi::RowSelection rows = capi::SelectRows(options, data.row_count());
        if (rows.begin != 0 || rows.end != data.row_count()) {
            builder.WithRowRange(rows.begin, rows.end);
        }
        if (rows.indices) {
            builder.WithIndices(*std::move(rows.indices));
        }
        if (options.limit > 0) {
            builder.WithLimit(options.limit);
        }
        return builder;
    }
};

namespace {

// Reads the next batch of `stream`, evaluating `transform` (when set) on it.
api::Result<std::optional<api::Array>> NextBatch(api::ArrayStream &stream, const capi::NodeRef &transform) {
    while (true) {
        api::Result<std::optional<api::Array>> batch = stream.Next();
        if (!batch.ok() || !batch->has_value() || transform == nullptr) {
            return batch;
        }
        try {
            api::Array result = capi::Evaluate(*transform, **batch);
            if (result.len() > 0) {
                return std::optional<api::Array>(std::move(result));
            }
        } catch (...) {
            return api::Status(api::StatusCode::Compute, capi::CurrentExceptionMessage());
        }
    }
}

} // namespace

extern "C" {

vx_scan *vx_data_source_scan(const vx_data_source *data_source,
                             const vx_scan_options *options,
                             vx_estimate *estimate,
                             vx_error **err) {
    return capi::Guarded<vx_scan *>(err, nullptr, [&] {
        const capi::DataSource &source = *capi::Deref(data_source, "data source").source;
        const vx_scan_options defaults{};
        const vx_scan_options &opts = options == nullptr ? defaults : *options;
        auto spec = std::make_shared<capi::ScanSpec>();
        spec->projection = capi::PlanProjection(
            opts.projection == nullptr ? capi::NodeRef() : opts.projection->node, source.dtype());
        if (opts.filter != nullptr) {
            spec->filter = opts.filter->node;
        }
        spec->has_range = opts.row_range_begin > 0 || opts.row_range_end > 0;
        spec->begin = opts.row_range_begin;
        spec->end = opts.row_range_end;
        const int include = capi::EnumValue(opts.selection.include);
        switch (include) {
            case VX_SELECTION_INCLUDE_ALL:
                break;
            case VX_SELECTION_INCLUDE_RANGE:
            case VX_SELECTION_EXCLUDE_RANGE:
                if (opts.selection.idx == nullptr && opts.selection.idx_len > 0) {
                    capi::Fail("selection.idx is NULL but selection.idx_len is " +
                               std::to_string(opts.selection.idx_len));
                }
                if (opts.selection.idx_len > 0) {
                    spec->indices.assign(opts.selection.idx, opts.selection.idx + opts.selection.idx_len);
                }
                std::sort(spec->indices.begin(), spec->indices.end());
                spec->indices.erase(std::unique(spec->indices.begin(), spec->indices.end()),
                                    spec->indices.end());
                break;
            default:
                capi::Fail("unknown selection.include " + std::to_string(include));
        }
        spec->include = static_cast<vx_scan_selection_include>(include);
        spec->limit = opts.limit;

        auto scan = std::make_unique<vx_scan>();
        scan->source = data_source->source;
        scan->dtype = capi::BorrowedDType(spec->projection.dtype);
        scan->spec = std::move(spec);
        if (estimate != nullptr) {
            // One partition per file.
            *estimate = {source.AllOpened() ? VX_ESTIMATE_EXACT : VX_ESTIMATE_INEXACT, source.file_count()};
        }
        return scan.release();
    });
}

void vx_scan_free(vx_scan *ptr) {
    capi::DeleteHandle(ptr);
}

const vx_dtype *vx_scan_dtype(const vx_scan *scan, vx_error **err) {
    return capi::Guarded<const vx_dtype *>(
        err, nullptr, [&]() -> const vx_dtype * { return capi::Deref(scan, "scan").dtype.get(); });
}

vx_partition *vx_scan_next_partition(vx_scan *scan, vx_error **err) {
    return capi::Guarded<vx_partition *>(err, nullptr, [&]() -> vx_partition * {
        vx_scan &owner = capi::Deref(scan, "scan");
        std::lock_guard lock(owner.mutex);
        if (owner.next_file >= owner.source->file_count()) {
            return nullptr;
        }
        auto partition = std::make_unique<vx_partition>();
        partition->source = owner.source;
        partition->spec = owner.spec;
        partition->file_index = owner.next_file++;
        return partition.release();
    });
}

void vx_partition_free(vx_partition *ptr) {
    capi::DeleteHandle(ptr);
}

int vx_partition_row_count(const vx_partition *partition, vx_estimate *count, vx_error **err) {
    return capi::Guarded(err, 1, [&] {
        const vx_partition &part = capi::Deref(partition, "partition");
        vx_estimate &out = capi::Deref(count, "count");
        if (part.started) {
            capi::Fail("row count unavailable: the partition has already started");
        }
        const capi::ScanSpec &spec = *part.spec;
        uint64_t rows = capi::SelectRows(spec, part.File().row_count()).count();
        if (spec.limit > 0) {
            rows = std::min(rows, spec.limit);
        }
        out = {spec.filter ? VX_ESTIMATE_INEXACT : VX_ESTIMATE_EXACT, rows};
        return 0;
    });
}

const vx_array *vx_partition_next(vx_partition *partition, vx_error **err) {
    return capi::Guarded<const vx_array *>(err, nullptr, [&]() -> const vx_array * {
        vx_partition &part = capi::Deref(partition, "partition");
        if (part.finished) {
            return nullptr;
        }
        part.started = true;
        // Any failure, now or later, ends the partition.
        part.finished = true;
        if (!part.stream) {
            part.stream = capi::Take(part.Builder().IntoStream());
        }
        std::optional<api::Array> batch =
            capi::Take(NextBatch(*part.stream, part.spec->projection.transform));
        if (!batch) {
            part.stream.reset();
            return nullptr;
        }
        part.finished = false;
        return capi::NewArray(*std::move(batch));
    });
}

int vx_partition_scan_arrow(const vx_session *session,
                            vx_partition *partition,
                            FFI_ArrowArrayStream *stream,
                            vx_error **err) {
    // Consumed, whatever happens.
    std::unique_ptr<vx_partition> owned(partition);
    return capi::Guarded(err, 1, [&] {
        capi::Deref(session, "session");
        const vx_partition &part = capi::Deref(owned.get(), "partition");
        ArrowArrayStream &out = capi::Deref(stream, "stream");
        if (part.started) {
            capi::Fail("the partition is already being consumed by vx_partition_next");
        }
        const capi::Projection &projection = part.spec->projection;
        if (projection.dtype.kind() != api::DTypeKind::Struct || projection.dtype.nullable()) {
            capi::Fail("an Arrow stream needs rows of a non-nullable struct, and this scan returns " +
                       projection.dtype.ToString());
        }
        api::ScanBuilder builder = part.Builder();
        if (projection.transform == nullptr) {
            capi::Check(builder.IntoArrowStream(&out));
            return 0;
        }
        api::ArrayStream batches = capi::Take(builder.IntoStream());
        capi::Check(api::ExportArrowStream(
            projection.dtype,
            [batches, transform = projection.transform]() mutable { return NextBatch(batches, transform); },
            &out));
        return 0;
    });
}

} // extern "C"
