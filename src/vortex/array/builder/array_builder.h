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
    /// Appends every element of `array` (same dtype ignoring nullability). The built-in
    /// builders canonicalize `array` once and copy whole buffers; the result equals appending
    /// ScalarAt(array, i) for every i (which is what this default does). Nulls into a
    /// non-nullable builder are InvalidArgument (checked before anything is appended); after
    /// other errors (a decimal exceeding its precision) the builder may hold part of `array`.
    virtual Status AppendArray(const ArrayRef &array);
    /// Makes room for `capacity` values in total, so that appending up to that many does not
    /// reallocate (a hint: builders without a flat value buffer ignore it).
    virtual void Reserve(size_t capacity) { (void)capacity; }

    virtual ArrayRef Finish() = 0;

protected:
    /// The shared preamble of AppendScalar: checks the scalar's dtype (ignoring nullability)
    /// and appends a null scalar as a null. Returns true when it appended, leaving the caller
    /// only non-null values to handle.
    Result<bool> AppendIfNull(const Scalar &scalar);
    /// The shared preamble of AppendArray: checks the dtype, canonicalizes `array` once and
    /// checks that a non-nullable builder receives no nulls.
    Result<ArrayRef> CanonicalForAppend(const ArrayRef &array) const;
};

/// Returns `canonical` as the canonical array class `T`, or an Internal error when
/// canonicalization produced another class.
template <typename T>
Result<std::shared_ptr<const T>> CanonicalAs(const ArrayRef &canonical) {
    auto typed = As<T>(canonical);
    VX_ENSURE(typed != nullptr, Internal, "canonical {} array has encoding {}", canonical->dtype(),
              canonical->encoding_id());
    return typed;
}

/// How builders treat the buffers of appended arrays.
struct BuilderOptions {
    /// AppendArray may reference the input's string data buffers instead of copying the
    /// values (when most of their bytes are referenced). Off: every value is copied, lists
    /// keep only the elements of their valid entries and primitives, decimals and bools hold
    /// zero under nulls, so
    /// the result's bytes depend only on the appended rows, whatever buffers the inputs shared
    /// and however they were cut (what a writer needs for reproducible files).
    bool share_buffers = true;
};

/// Returns a builder producing the canonical array of `dtype` (see canonical.h); nested
/// builders get the same options.
Result<std::unique_ptr<ArrayBuilder>> MakeBuilder(const DType &dtype, const BuilderOptions &options = {});

} // namespace vortex
