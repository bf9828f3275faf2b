// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

/// Accumulates values of one dtype into a canonical array. Builders are single-owner state
/// (use from one thread). AppendNull on a non-nullable builder is a programmer error (aborts);
/// AppendScalar / AppendArray check the value's dtype and return an error on mismatch.
/// Finish() returns the array and resets the builder to empty.
class ArrayBuilder {
public:
    virtual ~ArrayBuilder() = default;

    virtual const DType &dtype() const = 0;
    virtual size_t len() const = 0;

    virtual void AppendNull() = 0;
    virtual void AppendNulls(size_t count) {
        for (size_t i = 0; i < count; ++i) {
            AppendNull();
        }
    }
    /// Appends one value; its dtype must equal dtype() ignoring nullability (a null scalar
    /// appends a null).
    virtual Status AppendScalar(const Scalar &scalar) = 0;
    /// Appends every element of `array` (same dtype ignoring nullability).
    virtual Status AppendArray(const ArrayRef &array);

    virtual ArrayRef Finish() = 0;
};

/// Returns a builder producing the canonical array of `dtype` (see canonical.h).
Result<std::unique_ptr<ArrayBuilder>> MakeBuilder(const DType &dtype);

} // namespace vortex
