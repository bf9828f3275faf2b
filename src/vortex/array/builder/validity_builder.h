// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/builder/bitmap_builder.h"
#include "vortex/array/validity.h"

namespace vortex {

/// Accumulates validity bits lazily: no bitmap is allocated until the first null.
class ValidityBuilder {
public:
    explicit ValidityBuilder(Nullability nullability) : nullability_(nullability) {}

    void AppendValid() {
        if (materialized_) {
            bits_.Append(true);
        }
        ++len_;
    }
    void AppendValidN(size_t count) {
        if (materialized_) {
            bits_.AppendN(true, count);
        }
        len_ += count;
    }
    /// Aborts for a non-nullable builder.
    void AppendNull();
    void AppendNullN(size_t count);
    /// Appends the first `len` entries of `validity` in bulk (copying bits only when some are
    /// null). Aborts for nulls into a non-nullable builder: callers check first.
    void AppendValidity(const Validity &validity, size_t len);
    size_t len() const { return len_; }
    Nullability nullability() const { return nullability_; }
    /// Returns the validity of everything appended so far and resets.
    Validity Finish();

private:
    Nullability nullability_;
    bool materialized_ = false;
    size_t len_ = 0;
    BitmapBuilder bits_;
};

} // namespace vortex
