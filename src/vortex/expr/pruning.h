// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/statistics.h"
#include "vortex/buffer/mask.h"
#include "vortex/expr/expression.h"

namespace vortex::expr {

/// Statistics of the columns a predicate reads, one element per zone (a file counts as one
/// zone). A statistic that is not stored is nullptr; a null element is unknown for its zone.
/// Min and Max may be bounds rather than exact values (truncated strings): min <= every value
/// <= max is all the pruner assumes. Min and Max ignore NaNs, as the writer computes them.
class ZoneStatistics {
public:
    virtual ~ZoneStatistics() = default;
    virtual size_t zone_count() const = 0;
    /// Rows in zone `zone`.
    virtual uint64_t zone_rows(size_t zone) const = 0;
    /// `stat` (Min, Max, NullCount or NanCount) of the column or struct field whose
    /// ZoneKey() is `key` (a top-level column's key is its name) for every zone, or nullptr.
    /// Min/Max have the column's dtype (nullable), counts are u64 (nullable).
    virtual Result<ArrayRef> Get(std::string_view key, Stat stat) const = 0;
};

/// What zone statistics describe: a top-level column, or a field of a struct column (a chain
/// of GetField over a Column), named by its path from the top.
struct ZoneSubject {
    std::string key;
    std::vector<std::string> path;
};

/// The key of a path for ZoneStatistics::Get: a top-level column's name as it is; a longer
/// path a NUL byte, then each name behind its length, so no two paths share a key unless a
/// top-level name itself starts with that encoding.
std::string ZoneKey(const std::vector<std::string> &path);

/// `expr` as a zone subject when it is a Column or a GetField chain over one.
std::optional<ZoneSubject> AsZoneSubject(const Expr &expr);

/// Every subject `predicate` reads (the longest GetField chain over each column
/// reference), each once, sorted by key.
std::vector<ZoneSubject> ReferencedZoneSubjects(const Expr &predicate);

/// Returns the zones in which `predicate` is true for no row, so that a scan can skip them.
/// The rewrite follows spec layouts-scan 3.5: a zone is marked only when its statistics
/// prove it, and a missing statistic proves nothing. Float comparisons additionally need a
/// NaN count of zero, since NaN sorts above every number.
Result<Mask> ZonesToSkip(const Expr &predicate, const ZoneStatistics &stats);

/// Returns the zones in which `predicate` is true for every row (never false and never null),
/// so that a scan can select their rows without reading the columns the predicate needs:
/// the zones where its negation is proven false and every column it reads has no null.
/// A predicate with a null literal (which may make it null on any row) proves nothing.
Result<Mask> ZonesAllTrue(const Expr &predicate, const ZoneStatistics &stats);

} // namespace vortex::expr
