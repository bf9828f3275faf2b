// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/temporal_casts.h"

#include <duckdb/main/client_context.hpp>
#include <limits>

#include "vortex/base/floor_div.h"
#include "vortex/base/int128.h"

#include "duckdb/extension/table_filters.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

constexpr int64_t kNanosPerDay = 86'400'000'000'000;

// Nanoseconds per tick of a plain temporal type (and of a zoned timestamp in a UTC session),
// or nullopt for any other type.
std::optional<int64_t> NanosPerTick(const dd::LogicalType &type, bool utc_session) {
    switch (type.id()) {
        case dd::LogicalTypeId::TIMESTAMP_TZ:
            return utc_session ? std::optional<int64_t>(1'000) : std::nullopt;
        case dd::LogicalTypeId::DATE:
            return kNanosPerDay;
        case dd::LogicalTypeId::TIMESTAMP_SEC:
            return 1'000'000'000;
        case dd::LogicalTypeId::TIMESTAMP_MS:
            return 1'000'000;
        case dd::LogicalTypeId::TIMESTAMP:
            return 1'000;
        case dd::LogicalTypeId::TIMESTAMP_NS:
            return 1;
        default:
            return std::nullopt;
    }
}

// A tick count of `type` as a DuckDB value of that type, or nullopt when it does not fit.
std::optional<dd::Value> TicksValue(const dd::LogicalType &type, int128_t ticks) {
    if (type.id() == dd::LogicalTypeId::DATE) {
        if (ticks < std::numeric_limits<int32_t>::min() || ticks > std::numeric_limits<int32_t>::max()) {
            return std::nullopt;
        }
        return dd::Value::DATE(dd::date_t(static_cast<int32_t>(ticks)));
    }
    if (ticks < std::numeric_limits<int64_t>::min() || ticks > std::numeric_limits<int64_t>::max()) {
        return std::nullopt;
    }
    const auto raw = static_cast<int64_t>(ticks);
    switch (type.id()) {
        case dd::LogicalTypeId::TIMESTAMP_SEC:
            return dd::Value::TIMESTAMPSEC(dd::timestamp_sec_t(raw));
        case dd::LogicalTypeId::TIMESTAMP_MS:
            return dd::Value::TIMESTAMPMS(dd::timestamp_ms_t(raw));
        case dd::LogicalTypeId::TIMESTAMP:
            return dd::Value::TIMESTAMP(dd::timestamp_t(raw));
        case dd::LogicalTypeId::TIMESTAMP_TZ:
            return dd::Value::TIMESTAMPTZ(dd::timestamp_tz_t(raw));
        case dd::LogicalTypeId::TIMESTAMP_NS:
            return dd::Value::TIMESTAMPNS(dd::timestamp_ns_t(raw));
        default:
            return std::nullopt;
    }
}

// A comparison of the column with `ticks` of its own type, or nullopt.
std::optional<expr::ExprRef> CompareTicks(CompareOp op,
                                          const expr::ExprRef &column,
                                          const DType &dtype,
                                          const dd::LogicalType &column_type,
                                          int128_t ticks) {
    std::optional<dd::Value> value = TicksValue(column_type, ticks);
    if (!value) {
        return std::nullopt;
    }
    auto compare = TranslateComparison(op, column, *value, dtype);
    return compare.ok() ? std::optional<expr::ExprRef>(*std::move(compare)) : std::nullopt;
}

std::optional<expr::ExprRef> AndOf(std::optional<expr::ExprRef> a, std::optional<expr::ExprRef> b) {
    return a && b ? std::optional<expr::ExprRef>(expr::And(*std::move(a), *std::move(b))) : std::nullopt;
}

// CAST(c AS finer) op t, where the cast is c * factor.
std::optional<expr::ExprRef> Widened(CompareOp op,
                                     const expr::ExprRef &column,
                                     const DType &dtype,
                                     const dd::LogicalType &column_type,
                                     int64_t factor,
                                     int64_t t) {
    const int64_t floor = FloorDiv(t, factor);
    const bool exact = floor * factor == t;
    switch (op) {
        case CompareOp::Eq:
            return exact ? CompareTicks(op, column, dtype, column_type, floor)
                         : std::optional<expr::ExprRef>(
                               expr::Lit(Scalar::Bool(false, Nullability::NonNullable)));
        case CompareOp::NotEq:
            return exact ? CompareTicks(op, column, dtype, column_type, floor)
                         : std::optional<expr::ExprRef>(expr::IsNotNull(column));
        case CompareOp::Lt: // c * f < t  <=>  c < ceil(t / f)
            return CompareTicks(exact ? CompareOp::Lt : CompareOp::Lte, column, dtype, column_type, floor);
        case CompareOp::Lte:
            return CompareTicks(CompareOp::Lte, column, dtype, column_type, floor);
        case CompareOp::Gt:
            return CompareTicks(CompareOp::Gt, column, dtype, column_type, floor);
        case CompareOp::Gte: // c * f >= t  <=>  c >= ceil(t / f)
            return CompareTicks(exact ? CompareOp::Gte : CompareOp::Gt, column, dtype, column_type, floor);
    }
    return std::nullopt;
}

// CAST(c AS DATE) op d, where the cast is floor(c / per_day).
std::optional<expr::ExprRef> Floored(CompareOp op,
                                     const expr::ExprRef &column,
                                     const DType &dtype,
                                     const dd::LogicalType &column_type,
                                     int64_t per_day,
                                     int64_t d) {
    const int128_t start = static_cast<int128_t>(d) * per_day; // first tick of day d
    const int128_t next = start + per_day;                     // first tick of day d + 1
    switch (op) {
        case CompareOp::Eq:
            return AndOf(CompareTicks(CompareOp::Gte, column, dtype, column_type, start),
                         CompareTicks(CompareOp::Lt, column, dtype, column_type, next));
        case CompareOp::NotEq: {
            auto before = CompareTicks(CompareOp::Lt, column, dtype, column_type, start);
            auto after = CompareTicks(CompareOp::Gte, column, dtype, column_type, next);
            return before && after
                       ? std::optional<expr::ExprRef>(expr::Or(*std::move(before), *std::move(after)))
                       : std::nullopt;
        }
        case CompareOp::Lt:
            return CompareTicks(CompareOp::Lt, column, dtype, column_type, start);
        case CompareOp::Lte:
            return CompareTicks(CompareOp::Lt, column, dtype, column_type, next);
        case CompareOp::Gt:
            return CompareTicks(CompareOp::Gte, column, dtype, column_type, next);
        case CompareOp::Gte:
            return CompareTicks(CompareOp::Gte, column, dtype, column_type, start);
    }
    return std::nullopt;
}

} // namespace

std::optional<expr::ExprRef> TranslateTemporalCast(CompareOp op,
                                                   const expr::ExprRef &column,
                                                   const DType &dtype,
                                                   const dd::LogicalType &column_type,
                                                   const dd::LogicalType &target,
                                                   const dd::Value &value,
                                                   bool utc_session) {
    const std::optional<int64_t> from = NanosPerTick(column_type, utc_session);
    const std::optional<int64_t> to = NanosPerTick(target, utc_session);
    if (!from || !to || value.IsNull() || value.type() != target) {
        return std::nullopt;
    }
    const int64_t t = target.id() == dd::LogicalTypeId::DATE ? int64_t{value.GetValueUnsafe<int32_t>()}
                                                             : value.GetValueUnsafe<int64_t>();
    if (*from > *to) {
        return Widened(op, column, dtype, column_type, *from / *to, t);
    }
    // Between a zoned and a plain timestamp in a UTC session: the same ticks.
    if (*from == *to && column_type != target) {
        return CompareTicks(op, column, dtype, column_type, t);
    }
    // DuckDB's TIMESTAMP_NS -> DATE goes through microseconds, truncating towards zero first.
    if (target.id() == dd::LogicalTypeId::DATE && column_type.id() != dd::LogicalTypeId::TIMESTAMP_NS &&
        *from < *to) {
        return Floored(op, column, dtype, column_type, *to / *from, t);
    }
    return std::nullopt;
}

bool IsUtcZone(std::string_view zone) {
    // The IANA names of zero-offset zones DuckDB's ICU accepts (it matches them exactly).
    static constexpr std::string_view kUtcZones[] = {
        "UTC",       "Etc/UTC",       "GMT",   "Etc/GMT",   "UCT",       "Etc/UCT",
        "Universal", "Etc/Universal", "Zulu",  "Etc/Zulu",  "GMT0",      "Etc/GMT0",
        "GMT+0",     "Etc/GMT+0",     "GMT-0", "Etc/GMT-0", "Greenwich", "Etc/Greenwich"};
    for (const std::string_view utc : kUtcZones) {
        if (zone == utc) {
            return true;
        }
    }
    return false;
}

bool SessionIsUtc(dd::ClientContext &context) {
    dd::Value zone;
    if (!context.TryGetCurrentSetting("TimeZone", zone) || zone.IsNull()) {
        return false;
    }
    return IsUtcZone(zone.ToString());
}

} // namespace vortex::duckdb_ext
