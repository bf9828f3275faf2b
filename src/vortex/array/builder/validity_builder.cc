// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/validity_builder.h"

namespace vortex {

void ValidityBuilder::AppendNull() {
    AppendNullN(1);
}

void ValidityBuilder::AppendNullN(size_t count) {
    VX_CHECK_MSG(nullability_ == Nullability::Nullable, "appending a null to a non-nullable builder");
    if (!materialized_) {
        bits_.AppendN(true, len_);
        materialized_ = true;
    }
    bits_.AppendN(false, count);
    len_ += count;
}

Validity ValidityBuilder::Finish() {
    Validity out = Validity::From(nullability_);
    if (materialized_) {
        out = Validity::FromBits(std::move(bits_).Freeze());
    }
    bits_ = BitBufferMut();
    materialized_ = false;
    len_ = 0;
    return out;
}

} // namespace vortex
