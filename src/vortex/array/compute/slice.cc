// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/slice.h"

#include "vortex/array/canonical.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<ArrayRef> Slice(const ArrayRef &array, size_t start, size_t stop) {
    VX_ENSURE(start <= stop && stop <= array->len(), OutOfBounds,
              "slice [{}, {}) out of bounds for length {}", start, stop, array->len());
    if (start == 0 && stop == array->len()) {
        return array;
    }
    if (auto out = array->SliceImpl(start, stop)) {
        return *std::move(out);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (auto out = canonical->SliceImpl(start, stop)) {
        return *std::move(out);
    }
    return Status::Internal("canonical {} has no slice kernel", canonical->encoding_id());
}

} // namespace vortex
