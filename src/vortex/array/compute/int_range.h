// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "vortex/array/array.h"
#include "vortex/array/compute/compare_op.h"
#include "vortex/base/int128.h"
#include "vortex/buffer/bit_buffer.h"
#include "vortex/dtype/ptype.h"

namespace vortex {

/// A range of integers in the form every integer encoding can test without decoding to the
/// logical values: an element x of a B-bit integer type is inside when
/// (x - base) mod 2^B <= span, with both sides read as unsigned B-bit integers. An inclusive
/// range [lo, hi] (lo <= hi) is base = lo, span = hi - lo; adding a constant c to every element
/// (frame of reference) only moves base to base - c. base and span hold B-bit values.
struct IntRange {
    uint64_t base = 0;
    uint64_t span = 0;
};

/// The IntRange of ptype `ptype` (an integer type) holding the values of [lower, upper]
/// clipped to the type; nullopt when no value of the type lies in it.
std::optional<IntRange> ClippedIntRange(PType ptype, int128_t lower, int128_t upper);

/// Sets bit i of `words` (ceil(n / 64) words, bits past n cleared) when values[i] is inside
/// `range`. U is an unsigned integer type; runs the widest SIMD variant the CPU has.
template <typename U>
void IntRangeWords(const U *values, size_t n, IntRange range, uint64_t *words);

/// IntRangeWords over `n` values as a BitBuffer.
template <typename U>
BitBuffer IntRangeBitBuffer(const U *values, size_t n, IntRange range);

/// The range holding exactly the values x of integer type `ptype` with `x op constant`;
/// nullopt when there are none. NotEq is not a range: it is Eq with `negate` set.
std::optional<IntRange> CompareToIntRange(PType ptype, int128_t constant, CompareOp op, bool *negate);

/// CompareScalarImpl for an integer array that has an IntRangeImpl: a comparison with a
/// constant is one range test (negated for NotEq). nullopt when `array` has no kernel.
std::optional<Result<ArrayRef>> CompareByIntRange(const Array &array, const Scalar &scalar, CompareOp op);

/// Bit i set when element i of the integer array `array` is inside `range`; the bits of null
/// elements are unspecified. Uses the encoding's kernel where there is one (frame of
/// reference and bit-packing test their packed values), else decodes once.
Result<BitBuffer> IntRangeBits(const ArrayRef &array, const IntRange &range);

/// IntRangeBits as a Bool array: null where the element is null; nullable when the array is
/// or `nullable` is set.
Result<ArrayRef> InIntRange(const ArrayRef &array, const IntRange &range, bool nullable);

} // namespace vortex
