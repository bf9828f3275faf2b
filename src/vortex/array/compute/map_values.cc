// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/map_values.h"

namespace vortex {

std::optional<Result<ArrayRef>> MapValuesEncoded(const ArrayRef &array, const ValueMap &map) {
    std::optional<Result<ArrayRef>> mapped = array->MapValuesImpl(map);
    if (mapped.has_value() && mapped->ok() && (**mapped)->len() != array->len()) {
        return Result<ArrayRef>(Status::Internal("mapping the values of a {} array of {} rows gave {} rows",
                                                 array->encoding_id(), array->len(), (**mapped)->len()));
    }
    return mapped;
}

Result<ArrayRef> MapValues(const ArrayRef &array, const ValueMap &map) {
    if (std::optional<Result<ArrayRef>> mapped = MapValuesEncoded(array, map)) {
        return *std::move(mapped);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef result, map(array));
    VX_ENSURE(result->len() == array->len(), Internal, "mapping the values of {} rows gave {} rows",
              array->len(), result->len());
    return result;
}

} // namespace vortex
