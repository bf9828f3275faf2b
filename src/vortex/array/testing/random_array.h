// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Random arrays for tests, in the spirit of Velox's VectorFuzzer: canonical arrays of any
// dtype with awkward values (nulls, -0.0, NaN payloads, +-inf, empty and non-ASCII strings,
// long strings that live in data buffers, nested nulls), and wrappers that keep the logical
// values but change the physical form (sliced, chunked, dict, constant, masked).
//
// Everything is deterministic for a given seed (std::mt19937_64, no std distributions, whose
// output differs between standard libraries).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

/// Parameters of RandomArray() and friends.
struct RandomArrayOptions {
    /// Number of elements (exact).
    size_t len = 100;
    /// Probability that an element of a nullable dtype is null (nested levels too).
    double null_fraction = 0.1;
    uint64_t seed = 0;
    /// Nesting depth of RandomDType() and number of wrapper layers of RandomEncodedArray().
    int max_depth = 2;
    /// Probability that a float is one of -0.0, +0.0, NaN (random sign and payload), +-inf,
    /// the smallest subnormal or the largest finite value.
    double special_float_fraction = 0.05;
    /// Longest generated string or binary value, in bytes (values > 12 bytes are not inlined
    /// in their views).
    size_t max_string_len = 40;
    /// Longest generated variable-size list.
    size_t max_list_len = 4;
};

/// Returns a canonical array of `dtype` with options.len random elements. Values under null
/// positions are random too, so comparisons that look at them are caught.
ArrayRef RandomArray(const DType &dtype, const RandomArrayOptions &options);

/// Returns every dtype the test kit covers: Null; then, non-nullable and nullable, Bool,
/// every PType, decimals of every values width (I8..I256), Utf8, Binary, flat and nested
/// structs, lists, lists of lists, fixed-size lists, and date/time/timestamp extensions.
std::vector<DType> AllTestDTypes();

/// Returns a random dtype nested at most `max_depth` levels.
DType RandomDType(uint64_t seed, int max_depth);

/// Physical forms that keep an array's logical values.
enum class ArrayForm : uint8_t { Canonical, Sliced, Chunked, Dict, Constant, Masked };
std::string_view ArrayFormName(ArrayForm form);

/// Returns the same values as a slice [front, front + len) of a longer canonical array
/// (random padding of 1..7 elements in front, so bit-packed validity gets an offset).
Result<ArrayRef> ToSliced(const ArrayRef &array, uint64_t seed);
/// Returns the same values as a ChunkedArray of `nchunks` chunks split at random points
/// (chunks may be empty).
Result<ArrayRef> ToChunked(const ArrayRef &array, size_t nchunks, uint64_t seed);
/// Dictionary-encodes: values are the distinct non-null elements (bit-exact floats), codes
/// are U32, nullable exactly when the dtype is. The Null dtype is not supported.
Result<ArrayRef> ToDict(const ArrayRef &array);
/// Returns a ConstantArray; InvalidArgument unless every element is equal (nulls only to
/// nulls). An empty array gives an empty ConstantArray of a default value.
Result<ArrayRef> ToConstant(const ArrayRef &array);
/// Returns a MaskedArray over a non-nullable child (nulls filled with a default value) and
/// the array's validity; InvalidArgument unless the dtype is nullable (and not Null).
Result<ArrayRef> ToMasked(const ArrayRef &array);
/// Applies one form; Chunked uses 3 chunks.
Result<ArrayRef> ToForm(const ArrayRef &array, ArrayForm form, uint64_t seed);

/// Returns a random constant array: one random value (null with options.null_fraction)
/// repeated options.len times, as a ConstantArray.
ArrayRef RandomConstantArray(const DType &dtype, const RandomArrayOptions &options);

/// Returns RandomArray() wrapped in up to options.max_depth random forms (e.g. chunks of a
/// dict-encoded slice); the forms that do not apply to the dtype are skipped.
ArrayRef RandomEncodedArray(const DType &dtype, const RandomArrayOptions &options);

} // namespace vortex
