// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <span>
#include <utility>
#include <vector>

#include <flatbuffers/flatbuffers.h>

#include "vortex/array/statistics.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"
#include "vortex/format/array_generated.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

class Array;

/// Longest Utf8/Binary min or max (in bytes) that is written. Longer ones are left out rather
/// than truncated, because a reader only trusts exact bounds.
inline constexpr size_t kMaxSerializedStatBytes = 64;

/// Returns the statistics `array` has already computed or was given (never computes one),
/// in Stat order, leaving out undefined (null) values.
std::vector<std::pair<Stat, Scalar>> CachedStatistics(const Array &array);

/// Writes an ArrayStats table for a column of `dtype` holding `stats`, all exact. Null values,
/// values of an unexpected kind and over-long string bounds are left out; a table with no
/// field set is still written. Creation order (min, max, sum vectors, then the table) matches
/// the reference, so the bytes are identical. Spec: arrays-encodings, section 1.2 "ArrayStats".
flatbuffers::Offset<fbs::array::ArrayStats> WriteArrayStats(flatbuffers::FlatBufferBuilder &fbb,
                                                            const DType &dtype,
                                                            std::span<const std::pair<Stat, Scalar>> stats);

/// Reads an ArrayStats table of a column of `dtype` (already verified as a flatbuffer).
/// Returns only exact, non-null values, with the dtypes Statistics uses: min/max of the
/// non-nullable column dtype, sum of SumDType(dtype), booleans as Bool and counts as U64.
/// Inexact min/max are dropped. A value that does not decode, or a precision outside the
/// enum, is corrupt input (Serde).
Result<std::vector<std::pair<Stat, Scalar>>> ReadArrayStats(const fbs::array::ArrayStats *fb,
                                                            const DType &dtype);

} // namespace vortex
