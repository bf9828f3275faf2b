// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/expr/date_part_bounds.h"

#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/dtype/extension.h"

namespace vortex::expr {
namespace {

// The coarser parts that must agree between a zone's extremes for `field` to be bounded by
// the extremes' own parts. Times have no calendar: their hour grows with the value.
std::vector<DatePartField> EnclosingFields(DatePartField field, bool is_time) {
    using enum DatePartField;
    std::vector<DatePartField> calendar =
        is_time ? std::vector<DatePartField>{} : std::vector{Year, Month, Day};
    switch (field) {
        case Year:
            return {};
        case Month:
            return {Year};
        case Day:
            return {Year, Month};
        case Hour:
            return calendar;
        case Minute:
            calendar.push_back(Hour);
            return calendar;
        case Second:
            calendar.push_back(Hour);
            calendar.push_back(Minute);
            return calendar;
    }
    return {};
}

// `field` of every value of `temporal`, canonical i64.
Result<std::shared_ptr<const PrimitiveArray>> Parts(const ArrayRef &temporal, DatePartField field) {
    VX_ASSIGN_OR_RETURN(ArrayRef parts, DatePart(temporal, field));
    VX_ASSIGN_OR_RETURN(parts, Canonicalize(parts));
    auto primitive = As<PrimitiveArray>(parts);
    VX_ENSURE(primitive != nullptr && primitive->ptype() == PType::I64, Internal, "date parts are not i64");
    return primitive;
}

} // namespace

Result<std::pair<ArrayRef, ArrayRef>>
DatePartZoneBounds(DatePartField field, const ArrayRef &min, const ArrayRef &max) {
    VX_ENSURE(min->len() == max->len(), InvalidArgument, "{} zone minimums and {} maximums", min->len(),
              max->len());
    VX_ASSIGN_OR_RETURN(const TemporalMetadata metadata, ParseTemporalMetadata(min->dtype().extension()));
    VX_ASSIGN_OR_RETURN(auto low, Parts(min, field));
    VX_ASSIGN_OR_RETURN(auto high, Parts(max, field));
    const size_t zones = min->len();
    BitBufferMut known(zones, false);
    const Mask low_valid = low->validity_mask();
    const Mask high_valid = high->validity_mask();
    for (size_t z = 0; z < zones; ++z) {
        known.Set(z, low_valid.value(z) && high_valid.value(z));
    }
    for (const DatePartField enclosing :
         EnclosingFields(field, metadata.kind == TemporalMetadata::Kind::Time)) {
        VX_ASSIGN_OR_RETURN(auto outer_low, Parts(min, enclosing));
        VX_ASSIGN_OR_RETURN(auto outer_high, Parts(max, enclosing));
        const auto a = outer_low->values_as<int64_t>();
        const auto b = outer_high->values_as<int64_t>();
        for (size_t z = 0; z < zones; ++z) {
            if (a[z] != b[z]) {
                known.Set(z, false);
            }
        }
    }
    const Validity validity = Validity::FromBits(std::move(known).Freeze());
    return std::pair<ArrayRef, ArrayRef>{PrimitiveArray::Make(PType::I64, low->values(), validity),
                                         PrimitiveArray::Make(PType::I64, high->values(), validity)};
}

} // namespace vortex::expr
