// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/filter.h"

#include "vortex/array/canonical.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<ArrayRef> Filter(const ArrayRef &array, const Mask &mask) {
    VX_ENSURE(mask.len() == array->len(), InvalidArgument, "filter mask has length {}, array has {}",
              mask.len(), array->len());
    if (mask.all_true()) {
        return array;
    }
    if (mask.all_false()) {
        return EmptyArray(array->dtype());
    }
    if (auto out = array->FilterImpl(mask)) {
        return *std::move(out);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (auto out = canonical->FilterImpl(mask)) {
        return *std::move(out);
    }
    return Status::Internal("canonical {} has no filter kernel", canonical->encoding_id());
}

} // namespace vortex
