// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <utility>

#include "vortex/array/array.h"
#include "vortex/array/compute/date_part.h"

namespace vortex::expr {

/// Bounds of a date part over zones, from the zones' minimum and maximum of the temporal column
/// (`min` and `max`, one value per zone): the lowest and highest `field` any value of the zone
/// can have, as nullable i64 arrays, null where nothing is known. A year grows with the
/// instant, so its bounds are those of the extremes; any other part only when both extremes lie
/// in the same enclosing period (the same year for a month, the same day for an hour, the same
/// hour of a time for its minute). Infinite or missing extremes give null.
Result<std::pair<ArrayRef, ArrayRef>>
DatePartZoneBounds(DatePartField field, const ArrayRef &min, const ArrayRef &max);

} // namespace vortex::expr
