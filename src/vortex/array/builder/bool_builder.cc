// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/bool_builder.h"

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

BoolBuilder::BoolBuilder(Nullability nullability, bool zero_nulls)
    : dtype_(DType::Bool(nullability)), validity_(nullability), zero_nulls_(zero_nulls) {}

void BoolBuilder::AppendNull() {
    validity_.AppendNull();
    bits_.Append(false);
}

Status BoolBuilder::AppendScalar(const Scalar &scalar) {
    VX_ASSIGN_OR_RETURN(const bool appended_null, AppendIfNull(scalar));
    if (!appended_null) {
        Append(scalar.as_bool());
    }
    return Status::OK();
}

Status BoolBuilder::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto bools, CanonicalAs<BoolArray>(canonical));
    if (zero_nulls_ && bools->validity().null_count(bools->len()) > 0) {
        for (size_t i = 0; i < bools->len(); ++i) {
            bits_.Append(bools->validity().is_valid(i) && bools->bits().value(i));
        }
    } else {
        bits_.AppendBits(bools->bits());
    }
    validity_.AppendValidity(bools->validity(), bools->len());
    return Status::OK();
}

ArrayRef BoolBuilder::Finish() {
    return BoolArray::Make(bits_.Finish(), validity_.Finish());
}

} // namespace vortex
