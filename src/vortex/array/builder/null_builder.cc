// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/null_builder.h"

#include "vortex/array/arrays/null/null_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Status NullBuilder::AppendScalar(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().is_null(), MismatchedTypes, "cannot append {} to a null builder",
              scalar.dtype());
    ++len_;
    return Status::OK();
}

Status NullBuilder::AppendArray(const ArrayRef &array) {
    // Only the length matters: no need to canonicalize.
    VX_ENSURE(array->dtype().is_null(), MismatchedTypes, "cannot append {} to a null builder",
              array->dtype());
    len_ += array->len();
    return Status::OK();
}

ArrayRef NullBuilder::Finish() {
    ArrayRef out = NullArray::Make(len_);
    len_ = 0;
    return out;
}

} // namespace vortex
