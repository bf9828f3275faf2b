// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/zone_statistics.h"

#include <algorithm>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"

namespace vortex::scan {
namespace {

// The `bound` field of a bounded statistic, null where the zone's struct is null.
Result<ArrayRef> BoundOf(const ArrayRef &bounded) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(bounded));
    const auto *fields = As<StructArray>(*canonical);
    VX_ENSURE(fields != nullptr, Serde, "bounded statistic is not a struct");
    ArrayRef bound = fields->field_by_name("bound");
    VX_ENSURE(bound != nullptr, Serde, "bounded statistic has no bound field");
    if (canonical->validity_mask().all_true()) {
        return bound;
    }
    // Zone tables have one row per zone: a scalar pass is cheap.
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(bound->dtype().AsNullable()));
    for (size_t zone = 0; zone < canonical->len(); ++zone) {
        if (!canonical->is_valid(zone)) {
            VX_RETURN_NOT_OK(builder->AppendScalar(Scalar::Null(bound->dtype().AsNullable())));
            continue;
        }
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(bound, zone));
        VX_RETURN_NOT_OK(builder->AppendScalar(value));
    }
    return builder->Finish();
}

} // namespace

void LayoutZoneStatistics::AddColumn(std::string name, const ZoneMapLayout &layout, ArrayRef zones) {
    columns_[std::move(name)] = Column{&layout, std::move(zones)};
}

size_t LayoutZoneStatistics::zone_count() const {
    return static_cast<size_t>((row_count_ + zone_len_ - 1) / zone_len_);
}

uint64_t LayoutZoneStatistics::zone_rows(size_t zone) const {
    return std::min(zone_len_, row_count_ - zone * zone_len_);
}

Result<ArrayRef> LayoutZoneStatistics::Get(std::string_view column, Stat stat) const {
    const auto it = columns_.find(column);
    if (it == columns_.end()) {
        return ArrayRef();
    }
    const auto *table = As<StructArray>(*it->second.zones);
    VX_ENSURE(table != nullptr, Serde, "zones table of {} is not a struct", column);
    for (const ZoneStatField &field : it->second.layout->stat_fields()) {
        if (field.stat != stat) {
            continue;
        }
        VX_ENSURE(field.field < table->nfields(), Serde, "zone statistic field {} out of range", field.field);
        const ArrayRef &values = table->field(field.field);
        return field.bounded ? BoundOf(values) : values;
    }
    return ArrayRef();
}

} // namespace vortex::scan
