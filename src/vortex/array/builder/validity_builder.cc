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

void ValidityBuilder::AppendValidity(const Validity &validity, size_t len) {
    switch (validity.kind()) {
        case Validity::Kind::NonNullable:
        case Validity::Kind::AllValid:
            AppendValidN(len);
            return;
        case Validity::Kind::AllInvalid:
            if (len > 0) {
                AppendNullN(len);
            }
            return;
        case Validity::Kind::Array: {
            const BitBuffer bits = validity.bits().Slice(0, len);
            if (bits.CountSetBits() == len) {
                AppendValidN(len); // keeps the bitmap unmaterialized, as element-wise appends do
                return;
            }
            VX_CHECK_MSG(nullability_ == Nullability::Nullable, "appending nulls to a non-nullable builder");
            if (!materialized_) {
                bits_.AppendN(true, len_);
                materialized_ = true;
            }
            bits_.AppendBits(bits);
            len_ += len;
            return;
        }
    }
}

Validity ValidityBuilder::Finish() {
    Validity out = Validity::From(nullability_);
    if (materialized_) {
        out = Validity::FromBits(bits_.Finish());
    }
    materialized_ = false;
    len_ = 0;
    return out;
}

} // namespace vortex
