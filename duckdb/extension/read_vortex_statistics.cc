// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/read_vortex_statistics.h"

#include <duckdb/storage/statistics/numeric_stats.hpp>

#include "vortex/base/floor_div.h"
#include "vortex/base/int128.h"
#include "vortex/dtype/extension.h"

#include "duckdb/extension/logical_types.h"
#include "duckdb/extension/read_vortex_bind_data.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

// The file statistic `stat` of field `field`, or nullopt.
std::optional<Scalar> FileStat(const VortexFile &file, size_t field, Stat stat) {
    const FileStatistics &statistics = file.footer().statistics;
    if (field >= statistics.size()) {
        return std::nullopt;
    }
    // A damaged entry only costs the optimizer this statistic (vx inspect reports it).
    auto stats = statistics.Field(field);
    if (!stats.ok()) {
        return std::nullopt;
    }
    for (const auto &[kind, value] : **stats) {
        if (kind == stat && !value.is_null()) {
            return value;
        }
    }
    return std::nullopt;
}

// The column's null count summed over the files, when every non-empty file records it.
std::optional<uint64_t> TotalNullCount(const ReadVortexBindData &data, dd::column_t column) {
    uint64_t nulls = 0;
    for (const auto &file : data.Files()) {
        if (file->row_count() == 0) {
            continue;
        }
        const std::optional<Scalar> null_count = FileStat(*file, column, Stat::NullCount);
        if (!null_count.has_value() || !null_count->dtype().is_primitive() ||
            null_count->dtype().ptype() != PType::U64) {
            return std::nullopt;
        }
        nulls += null_count->as<uint64_t>();
    }
    return nulls;
}

void SetNullInfo(dd::BaseStatistics &stats, uint64_t nulls) {
    stats.Set(nulls == 0 ? dd::StatsInfo::CANNOT_HAVE_NULL_VALUES
                         : dd::StatsInfo::CAN_HAVE_NULL_AND_VALID_VALUES);
}

// Each non-empty file's stored (min, max) of the column, or nullopt when one lacks either.
std::optional<std::vector<std::pair<Scalar, Scalar>>> FileBounds(const ReadVortexBindData &data,
                                                                 dd::column_t column) {
    std::vector<std::pair<Scalar, Scalar>> bounds;
    for (const auto &file : data.Files()) {
        if (file->row_count() == 0) {
            continue;
        }
        std::optional<Scalar> min = FileStat(*file, column, Stat::Min);
        std::optional<Scalar> max = FileStat(*file, column, Stat::Max);
        if (!min || !max) {
            return std::nullopt;
        }
        bounds.emplace_back(*std::move(min), *std::move(max));
    }
    return bounds;
}

// Whether NULLs occur, for a column of any type whose min/max are not given: DuckDB then skips
// NULL handling for columns without NULLs.
dd::unique_ptr<dd::BaseStatistics> NullOnlyStatistics(const ReadVortexBindData &data, dd::column_t column) {
    const std::optional<uint64_t> nulls = TotalNullCount(data, column);
    auto type = ToLogicalType(data.fields->dtypes[column]);
    if (!nulls.has_value() || !type.ok() || type->id() == dd::LogicalTypeId::STRUCT ||
        type->id() == dd::LogicalTypeId::LIST || type->id() == dd::LogicalTypeId::ARRAY) {
        return nullptr; // nested statistics would need each child's as well
    }
    auto stats = dd::BaseStatistics::CreateUnknown(*type);
    SetNullInfo(stats, *nulls);
    return stats.ToUnique();
}

// The stored min and max of an integer-stored column over the files (its extension's storage
// for temporal columns), or nullopt when a non-empty file lacks either.
std::optional<std::pair<int64_t, int64_t>>
StoredRange(const ReadVortexBindData &data, dd::column_t column, PType ptype) {
    const auto bounds = FileBounds(data, column);
    if (!bounds) {
        return std::nullopt;
    }
    std::optional<int64_t> lo, hi;
    for (const auto &[min, max] : *bounds) {
        const Scalar min_value = min.dtype().is_extension() ? min.StorageScalar() : min;
        const Scalar max_value = max.dtype().is_extension() ? max.StorageScalar() : max;
        if (min_value.is_null() || max_value.is_null() || !min_value.dtype().is_primitive() ||
            min_value.dtype().ptype() != ptype || max_value.dtype().ptype() != ptype) {
            return std::nullopt;
        }
        const int64_t a = ptype == PType::I32 ? min_value.as<int32_t>() : min_value.as<int64_t>();
        const int64_t b = ptype == PType::I32 ? max_value.as<int32_t>() : max_value.as<int64_t>();
        lo = lo ? std::min(*lo, a) : a;
        hi = hi ? std::max(*hi, b) : b;
    }
    if (!lo) {
        return std::nullopt;
    }
    return std::pair{*lo, *hi};
}

// Min and max of a date or timestamp column as DuckDB values of its DuckDB type: exact where
// DuckDB holds the stored unit, widened to whole days or microseconds where it converts (a
// wider range never makes DuckDB drop a filter that could fail).
dd::unique_ptr<dd::BaseStatistics> TemporalStatistics(const ReadVortexBindData &data, dd::column_t column) {
    const DType &dtype = data.fields->dtypes[column];
    auto temporal = ParseTemporalMetadata(dtype.extension());
    auto type = ToLogicalType(dtype);
    const std::optional<uint64_t> nulls = TotalNullCount(data, column);
    if (!temporal.ok() || !type.ok() || !nulls || !dtype.extension().storage.is_primitive()) {
        return nullptr;
    }
    const PType storage = dtype.extension().storage.ptype();
    if (storage != PType::I32 && storage != PType::I64) {
        return nullptr;
    }
    const auto range = StoredRange(data, column, storage);
    if (!range) {
        return nullptr;
    }
    auto [lo, hi] = *range;
    dd::Value min, max;
    if (temporal->kind == TemporalMetadata::Kind::Date) {
        if (temporal->unit == TimeUnit::Milliseconds) {
            constexpr int64_t kDay = 86'400'000;
            lo = FloorDiv(lo, kDay);
            hi = FloorDiv(hi, kDay) + (hi % kDay != 0 ? 1 : 0);
        } else if (temporal->unit != TimeUnit::Days) {
            return nullptr;
        }
        min = dd::Value::DATE(dd::date_t(static_cast<int32_t>(lo)));
        max = dd::Value::DATE(dd::date_t(static_cast<int32_t>(hi)));
    } else if (temporal->kind == TemporalMetadata::Kind::Timestamp) {
        if (temporal->time_zone.has_value()) {
            // DuckDB holds zoned instants in microseconds.
            switch (temporal->unit) {
                case TimeUnit::Seconds:
                case TimeUnit::Milliseconds: {
                    const int64_t scale = temporal->unit == TimeUnit::Seconds ? 1'000'000 : 1'000;
                    if (lo < INT64_MIN / scale || hi > INT64_MAX / scale) {
                        return nullptr;
                    }
                    lo *= scale;
                    hi *= scale;
                    break;
                }
                case TimeUnit::Nanoseconds:
                    lo = FloorDiv(lo, 1000);
                    hi = FloorDiv(hi, 1000) + 1;
                    break;
                case TimeUnit::Microseconds:
                    break;
                default:
                    return nullptr;
            }
            min = dd::Value::TIMESTAMPTZ(dd::timestamp_tz_t(lo));
            max = dd::Value::TIMESTAMPTZ(dd::timestamp_tz_t(hi));
        } else {
            switch (temporal->unit) {
                case TimeUnit::Seconds:
                    min = dd::Value::TIMESTAMPSEC(dd::timestamp_sec_t(lo));
                    max = dd::Value::TIMESTAMPSEC(dd::timestamp_sec_t(hi));
                    break;
                case TimeUnit::Milliseconds:
                    min = dd::Value::TIMESTAMPMS(dd::timestamp_ms_t(lo));
                    max = dd::Value::TIMESTAMPMS(dd::timestamp_ms_t(hi));
                    break;
                case TimeUnit::Microseconds:
                    min = dd::Value::TIMESTAMP(dd::timestamp_t(lo));
                    max = dd::Value::TIMESTAMP(dd::timestamp_t(hi));
                    break;
                case TimeUnit::Nanoseconds:
                    min = dd::Value::TIMESTAMPNS(dd::timestamp_ns_t(lo));
                    max = dd::Value::TIMESTAMPNS(dd::timestamp_ns_t(hi));
                    break;
                default:
                    return nullptr;
            }
        }
    } else if (temporal->kind == TemporalMetadata::Kind::Time) {
        // DuckDB's TIME is microseconds of the day: seconds and milliseconds scale exactly
        // (TIME_NS columns get no bounds).
        const int64_t scale = temporal->unit == TimeUnit::Seconds        ? 1'000'000
                              : temporal->unit == TimeUnit::Milliseconds ? 1'000
                              : temporal->unit == TimeUnit::Microseconds ? 1
                                                                         : 0;
        if (scale == 0) {
            return nullptr;
        }
        min = dd::Value::TIME(dd::dtime_t(lo * scale));
        max = dd::Value::TIME(dd::dtime_t(hi * scale));
    } else {
        return nullptr;
    }
    auto stats = dd::NumericStats::CreateUnknown(*type);
    dd::NumericStats::SetMin(stats, min);
    dd::NumericStats::SetMax(stats, max);
    SetNullInfo(stats, *nulls);
    return stats.ToUnique();
}

// Min and max of a decimal column (up to 38 digits, as DuckDB holds them) over the files.
dd::unique_ptr<dd::BaseStatistics> DecimalStatistics(const ReadVortexBindData &data, dd::column_t column) {
    const DType &dtype = data.fields->dtypes[column];
    auto type = ToLogicalType(dtype);
    const std::optional<uint64_t> nulls = TotalNullCount(data, column);
    if (!type.ok() || !nulls) {
        return nullptr;
    }
    const auto bounds = FileBounds(data, column);
    if (!bounds) {
        return nullptr;
    }
    std::optional<I256> lo, hi;
    for (const auto &[min, max] : *bounds) {
        if (!min.dtype().is_decimal() || !max.dtype().is_decimal() ||
            min.dtype().decimal().scale != dtype.decimal().scale ||
            max.dtype().decimal().scale != dtype.decimal().scale) {
            return nullptr;
        }
        const I256 &a = min.as_decimal().value;
        const I256 &b = max.as_decimal().value;
        lo = lo && *lo < a ? *lo : a;
        hi = hi && *hi > b ? *hi : b;
    }
    if (!lo || !lo->FitsIn(16) || !hi->FitsIn(16)) {
        return nullptr;
    }
    const auto width = static_cast<uint8_t>(dtype.decimal().precision);
    const auto scale = static_cast<uint8_t>(dtype.decimal().scale);
    const auto to_value = [&](const I256 &unscaled) {
        const int128_t v = unscaled.ToInt128();
        if (width <= 18) {
            return dd::Value::DECIMAL(static_cast<int64_t>(v), width, scale);
        }
        return dd::Value::DECIMAL(dd::hugeint_t(static_cast<int64_t>(v >> 64), static_cast<uint64_t>(v)),
                                  width, scale);
    };
    auto stats = dd::NumericStats::CreateUnknown(*type);
    dd::NumericStats::SetMin(stats, to_value(*lo));
    dd::NumericStats::SetMax(stats, to_value(*hi));
    SetNullInfo(stats, *nulls);
    return stats.ToUnique();
}

} // namespace

dd::unique_ptr<dd::NodeStatistics> ReadVortexCardinality(dd::ClientContext &,
                                                         const dd::FunctionData *bind_data) {
    const auto &data = bind_data->Cast<ReadVortexBindData>();
    const uint64_t rows = data.Rows();
    return dd::make_uniq<dd::NodeStatistics>(rows, rows);
}

// Each file's exact row count: DuckDB answers count(*) from them without a scan (as it does
// from Parquet's metadata), also after its statistics removed a filter that cannot fail.
dd::vector<dd::PartitionStatistics> ReadVortexPartitionStats(dd::ClientContext &,
                                                             dd::GetPartitionStatsInput &input) {
    const auto &data = input.bind_data->Cast<ReadVortexBindData>();
    dd::vector<dd::PartitionStatistics> partitions;
    if (!data.cast_filters.empty()) {
        return partitions; // filters DuckDB no longer sees select fewer rows than the files hold
    }
    dd::idx_t start = 0;
    for (const auto &file : data.Files()) {
        dd::PartitionStatistics partition;
        partition.row_start = start;
        partition.count = file->row_count();
        partition.count_type = dd::CountType::COUNT_EXACT;
        start += partition.count;
        partitions.push_back(partition);
    }
    return partitions;
}

// Column statistics for DuckDB's optimizer, from the files' footers: whether NULLs occur for
// every flat column, and min and max for integer, decimal, date, time and timestamp columns. DuckDB trusts
// them (it may drop a filter they decide), so bounds are exact or wider than the values it will
// see, never narrower; floats (whose NaN and -0.0 order differently) and strings (whose stored
// bounds may be truncated) get no min/max.
dd::unique_ptr<dd::BaseStatistics>
ReadVortexStatistics(dd::ClientContext &, const dd::FunctionData *bind_data, dd::column_t column) {
    const auto &data = bind_data->Cast<ReadVortexBindData>();
    if (column >= data.fields->size() || data.ComputedField(column) != nullptr) {
        return nullptr;
    }
    const DType &dtype = data.fields->dtypes[column];
    if (dtype.is_extension()) {
        if (auto temporal = TemporalStatistics(data, column)) {
            return temporal;
        }
    }
    if (dtype.is_decimal()) {
        if (auto decimal = DecimalStatistics(data, column)) {
            return decimal;
        }
    }
    if (!dtype.is_primitive() || !IsInt(dtype.ptype())) {
        return NullOnlyStatistics(data, column);
    }
    const std::optional<uint64_t> nulls = TotalNullCount(data, column);
    if (!nulls.has_value()) {
        return nullptr;
    }
    return VisitIntPType(dtype.ptype(), [&]<typename T>() -> dd::unique_ptr<dd::BaseStatistics> {
        const auto bounds = FileBounds(data, column);
        if (!bounds) {
            return nullptr;
        }
        std::optional<T> lo, hi;
        for (const auto &[min, max] : *bounds) {
            const auto is_own = [&](const Scalar &s) {
                return s.dtype().is_primitive() && s.dtype().ptype() == dtype.ptype();
            };
            if (!is_own(min) || !is_own(max)) {
                return nullptr;
            }
            lo = lo.has_value() ? std::min(*lo, min.template as<T>()) : min.template as<T>();
            hi = hi.has_value() ? std::max(*hi, max.template as<T>()) : max.template as<T>();
        }
        if (!lo.has_value()) {
            return nullptr;
        }
        auto type = ToLogicalType(dtype);
        if (!type.ok()) {
            return nullptr;
        }
        auto stats = dd::NumericStats::CreateUnknown(*type);
        dd::NumericStats::SetMin(stats, dd::Value::CreateValue<T>(*lo));
        dd::NumericStats::SetMax(stats, dd::Value::CreateValue<T>(*hi));
        SetNullInfo(stats, *nulls);
        return stats.ToUnique();
    });
}

} // namespace vortex::duckdb_ext
