// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/zoned_layout.h"

#include "vortex/base/endian.h"
#include "vortex/format/layout_metadata.pb.h"
#include "vortex/scalar/stat_dtype.h"
#include "vortex/serde/proto_message.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex {

namespace {

constexpr uint8_t kMetadataVersion = 1;

struct AggregateKind {
    std::string_view id;
    std::optional<Stat> stat;
    enum class Options { Empty, Numerical, MaxBytes } options;
    bool bounded;
};

constexpr AggregateKind kKnownAggregates[] = {
    {"vortex.max", Stat::Max, AggregateKind::Options::Numerical, false},
    {"vortex.min", Stat::Min, AggregateKind::Options::Numerical, false},
    {"vortex.sum", Stat::Sum, AggregateKind::Options::Numerical, false},
    {"vortex.null_count", Stat::NullCount, AggregateKind::Options::Empty, false},
    {"vortex.nan_count", Stat::NanCount, AggregateKind::Options::Empty, false},
    {"vortex.bounded_max", Stat::Max, AggregateKind::Options::MaxBytes, true},
    {"vortex.bounded_min", Stat::Min, AggregateKind::Options::MaxBytes, true},
};

const AggregateKind *FindAggregate(std::string_view id) {
    for (const AggregateKind &kind : kKnownAggregates) {
        if (kind.id == id) {
            return &kind;
        }
    }
    return nullptr;
}

// Renders the options as the reference's Display does; only non-default values show.
Result<std::string> DisplayOptions(const AggregateKind &kind, std::span<const uint8_t> options) {
    switch (kind.options) {
        case AggregateKind::Options::Empty:
            return std::string();
        case AggregateKind::Options::Numerical: {
            vortex::layout::NumericalAggregateOpts proto;
            VX_RETURN_NOT_OK(serde::ParseProtoMessage(options, proto, "aggregate options"));
            return proto.skip_nans() ? std::string() : std::string("skip_nans=false");
        }
        case AggregateKind::Options::MaxBytes:
            VX_ENSURE(options.size() == 8, Serde, "{}: options of {} bytes, expected a u64", kind.id,
                      options.size());
            return vortex::format("{}", LoadLittleEndian<uint64_t>(options.data()));
    }
    return std::string();
}

// The partial-state dtype of the aggregate for the column, made nullable (spec 3.2).
std::optional<DType> FieldDType(const ZoneAggregate &aggregate, const DType &column) {
    std::optional<DType> dtype;
    if (aggregate.bounded) {
        if (!column.is_utf8() && !column.is_binary()) {
            return std::nullopt;
        }
        dtype =
            DType::Struct({"bound", "unknown"}, {column.AsNullable(), DType::Bool(Nullability::NonNullable)},
                          Nullability::Nullable);
    } else {
        dtype = StatDType(*aggregate.stat, column);
        if (!dtype && column.is_extension()) {
            dtype = StatDType(*aggregate.stat, column.extension().storage);
        }
    }
    if (!dtype) {
        return std::nullopt;
    }
    return dtype->AsNullable();
}

} // namespace

Result<LayoutRef> ZonedLayoutEncoding::Build(const DType &dtype,
                                             uint64_t row_count,
                                             std::span<const uint8_t> metadata,
                                             std::vector<uint32_t> segment_ids,
                                             const LayoutChildren &children) const {
    VX_ENSURE(segment_ids.empty(), Serde, "vortex.zoned: expected no segments, found {}", segment_ids.size());
    VX_ENSURE(children.size() == 2, Serde, "vortex.zoned: expected 2 children, found {}", children.size());
    VX_ENSURE(metadata.size() >= 2, Serde, "vortex.zoned: metadata of {} bytes is too short",
              metadata.size());
    VX_ENSURE(metadata[0] == kMetadataVersion, Serde, "vortex.zoned: unsupported metadata version {}",
              metadata[0]);
    vortex::layout::ZonedMetadata proto;
    VX_RETURN_NOT_OK(serde::ParseProtoMessage(metadata.subspan(1), proto, "vortex.zoned metadata"));

    // Unknown aggregates leave the table untyped: the data stays readable, without pruning.
    bool typed = true;
    std::vector<ZoneAggregate> aggregates;
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    std::vector<ZoneStatField> fields;
    for (const auto &spec : proto.aggregate_specs()) {
        VX_ENSURE(serde::IsValidUtf8(spec.id()), Serde, "vortex.zoned: aggregate id is not UTF-8");
        ZoneAggregate aggregate{
            spec.id(), {spec.options().begin(), spec.options().end()}, {}, std::nullopt, false};
        const AggregateKind *kind = FindAggregate(aggregate.id);
        if (kind == nullptr) {
            typed = false;
            aggregates.push_back(std::move(aggregate));
            continue;
        }
        aggregate.stat = kind->stat;
        aggregate.bounded = kind->bounded;
        VX_ASSIGN_OR_RETURN(std::string options, DisplayOptions(*kind, aggregate.options));
        aggregate.display = vortex::format("{}({})", aggregate.id, options);
        std::optional<DType> field_dtype = FieldDType(aggregate, dtype);
        if (!field_dtype) {
            typed = false;
        } else {
            fields.push_back({*aggregate.stat, names.size(), aggregate.bounded});
            names.push_back(aggregate.display);
            dtypes.push_back(std::move(*field_dtype));
        }
        aggregates.push_back(std::move(aggregate));
    }

    VX_ASSIGN_OR_RETURN(LayoutRef data, children.Get(0, dtype));
    VX_ENSURE(data->row_count() == row_count, Serde, "vortex.zoned: data of {} rows in a layout of {} rows",
              data->row_count(), row_count);
    LayoutRef zones;
    if (typed) {
        DType table = DType::Struct(std::move(names), std::move(dtypes), Nullability::NonNullable);
        VX_ASSIGN_OR_RETURN(zones, children.Get(1, table));
        VX_RETURN_NOT_OK(CheckZoneCount(*data, *zones, proto.zone_len()));
    } else {
        fields.clear();
    }
    return LayoutRef(new ZonedLayout({metadata.begin(), metadata.end()}, std::move(data), std::move(zones),
                                     proto.zone_len(), std::move(aggregates), std::move(fields)));
}

ZonedLayout::ZonedLayout(std::vector<uint8_t> metadata,
                         LayoutRef data,
                         LayoutRef zones,
                         uint32_t zone_len,
                         std::vector<ZoneAggregate> aggregates,
                         std::vector<ZoneStatField> fields)
    : ZoneMapLayout(ZonedLayoutEncoding::Instance(),
                    std::move(metadata),
                    std::move(data),
                    std::move(zones),
                    zone_len,
                    std::move(fields)),
      aggregates_(std::move(aggregates)) {}

} // namespace vortex
