// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Generated columns for the writer's property tests: a column is a dtype plus a shape (how
// many nulls and where, how many distinct values, in which order, how long), drawn from a
// seed. The shapes are the ones real data has and encodings are sensitive to: sorted keys,
// long runs, a few distinct values, columns that are almost all null with their values in one
// stretch of rows. Everything is a pure function of the seed, so a failure names its seed and
// reproduces.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"

namespace vortex::property {

/// Where the nulls of a column go.
enum class NullLayout : uint8_t {
    /// Each row independently.
    kScattered,
    /// Every row outside one stretch is null; inside it rows are null at random (a column
    /// that only a period of the data fills).
    kStretch,
    /// Alternating runs of nulls and values.
    kRuns,
};

/// The order of a column's values.
enum class ValueOrder : uint8_t { kSorted, kRuns, kClustered, kRandom };

/// Which values a leaf draws its distinct values from.
enum class ValueProfile : uint8_t {
    /// Values close together (small differences, few bits after a frame of reference).
    kDense,
    /// Values spread over the whole range of the type.
    kWide,
    /// Values typical of the type: decimals with two digits, dates in this century, short
    /// words, URLs with a common prefix.
    kTypical,
};

/// Cardinality meaning "every row distinct" (as far as the dtype allows).
inline constexpr size_t kAllDistinct = std::numeric_limits<size_t>::max();

/// The shape of one generated column.
struct ColumnShape {
    DType dtype;
    /// Fraction of null rows: 0, 0.01, 0.5, 0.97 or 1 (exact at 0 and 1).
    double null_density = 0;
    NullLayout null_layout = NullLayout::kScattered;
    /// Distinct values at most (kAllDistinct: one per row); fewer when the dtype has fewer.
    size_t cardinality = 1;
    ValueOrder order = ValueOrder::kRandom;
    ValueProfile profile = ValueProfile::kTypical;
    size_t len = 0;
    uint64_t seed = 0;
};

/// Renders a shape for failure messages.
std::string Describe(const ColumnShape &shape);

/// The dtypes the generator covers: integers of every width, floats, bools, strings,
/// binaries, decimals of every values width, dates, times and timestamps in every unit (with
/// and without a zone), structs, lists, fixed-size lists and nestings of them. Nullable
/// versions are made from these as the null density asks.
std::vector<DType> PropertyDTypes();

/// The lengths columns take: 0, 1, around a FastLanes block (1023-1025), around a zone
/// (8191-8193), a few zones, around 64Ki, and 100 000; the long ones rarely.
size_t RandomLength(uint64_t seed);

/// Draws a shape of length `len` from `seed`: the dtype from PropertyDTypes() (weighted by
/// family: integers, floats, strings, temporal, decimals and bools, nested) and each other
/// dimension independently.
ColumnShape RandomShape(uint64_t seed, size_t len);

/// Returns a canonical column of `shape.dtype` (nullable exactly when it is) with the shape.
Result<ArrayRef> GenerateColumn(const ColumnShape &shape);

} // namespace vortex::property
