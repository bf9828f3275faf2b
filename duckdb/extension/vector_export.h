// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/common/column_index.hpp>
#include <duckdb/common/types/vector.hpp>
#include <functional>
#include <string>

#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

/// Writes the rows of `array` (any encoding; no more rows than `out` holds) into `out`, a
/// vector of ToLogicalType(array->dtype()).
///
/// A constant array becomes a constant vector. Primitive values whose bytes DuckDB keeps as
/// they are (integers, f32/f64, decimals of DuckDB's width, dates in days, times and
/// timestamps in DuckDB's unit) and every string are referenced, not copied, with the array
/// kept alive by the vector; other values are converted. Nested children are copied into the
/// child vectors DuckDB owns.
Status ExportVector(const ArrayRef &array, ::duckdb::Vector &out);
/// The same for a column DuckDB reads only some struct fields of (`projection`'s children,
/// nested): the other fields are exported as NULL, without decoding them.
Status ExportVector(const ArrayRef &array, ::duckdb::Vector &out, const ::duckdb::ColumnIndex &projection);

/// A dictionary-encoded array exported as DuckDB dictionary vectors: the values are converted
/// once, and every slice of rows becomes a selection over them. DuckDB then hashes and
/// compares each distinct value once per dictionary (its aggregates cache hashes by
/// dictionary id) instead of once per row.
class DictionaryExport {
public:
    /// nullopt when `array` is not a DictArray, or its values are nested or too many to
    /// convert up front. When `previous` exported the very same values array (a dictionary
    /// shared by the chunks of a column), its converted values and id are reused; otherwise
    /// `new_id()` names the new dictionary. DuckDB caches hashes by dictionary id: equal ids
    /// must mean equal values.
    static Result<std::optional<DictionaryExport>>
    Make(const ArrayRef &array, const DictionaryExport *previous, const std::function<std::string()> &new_id);

    /// Rows [offset, offset + count) (count no more than `out` holds) as a dictionary vector.
    Status Export(size_t offset, size_t count, ::duckdb::Vector &out) const;

private:
    DictionaryExport() = default;

    /// The values converted, then one null entry that null codes select.
    std::shared_ptr<::duckdb::Vector> values_;
    /// The values they were converted from (kept alive, so identity comparisons stay sound).
    ArrayRef source_values_;
    size_t values_len_ = 0;
    /// A dictionary too large for DuckDB's per-entry caching, converted whole (then a null
    /// entry); values_ then holds only the entries this split uses, and codes_ is renumbered
    /// to them, unless the split uses too many: then values_ is this one, under full_id_.
    std::shared_ptr<::duckdb::Vector> full_values_;
    ArrayRef full_source_values_;
    std::string full_id_;
    /// The codes, canonical.
    ArrayRef codes_;
    std::string id_;
};

} // namespace vortex::duckdb_ext
