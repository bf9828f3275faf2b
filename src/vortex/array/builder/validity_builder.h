// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/validity.h"
#include "vortex/buffer/bit_buffer.h"

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
    size_t len() const { return len_; }
    Nullability nullability() const { return nullability_; }
    /// Returns the validity of everything appended so far and resets.
    Validity Finish();

private:
    Nullability nullability_;
    bool materialized_ = false;
    size_t len_ = 0;
    BitBufferMut bits_;
};

} // namespace vortex
