// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "vortex/vortex.h"

#include "duckdb/bridge/array_reader.h"

namespace vortex::duckdb_bridge {

// The bridge between our arrays and DuckDB, which is the import/export engine of `vx convert`
// and the test oracle. Everything crosses the library boundary through DuckDB's C API and the
// Arrow C Data Interface only: no DuckDB C++ object, exception or allocation is shared with
// our (possibly sanitizer-instrumented) code, so the uninstrumented libduckdb.so cannot cause
// new/delete mismatches or ODR clashes. DuckDB errors become Status values; nothing throws.

/// The file formats CopyTo() writes.
enum class CopyFormat : uint8_t { Parquet, Csv };

/// Options of CopyTo(). Defaults are DuckDB's own.
struct CopyOptions {
    /// CSV: write a header line with the column names.
    bool csv_header = true;
    /// CSV: the field delimiter.
    char csv_delimiter = ',';
    /// The codec name DuckDB's COPY takes (Parquet: snappy, zstd, gzip, uncompressed, ...;
    /// CSV: none, gzip, zstd); empty keeps DuckDB's default. Letters, digits and '_' only.
    std::string compression;
};

/// An in-memory DuckDB database and a connection to it.
///
/// Query() readers and CopyTo() each run on a connection of their own, so a reader can be
/// the source of a CopyTo() on the same database (the `vx convert` pipeline) and statements
/// run through Execute() do not cut a streaming reader short. Readers keep the database
/// alive, so they may outlive this object. Not thread-safe: use one DuckDB per thread.
class DuckDB {
public:
    /// Opens an in-memory database; `threads` = 0 keeps DuckDB's default (all cores).
    static Result<DuckDB> Open(int threads = 0);

    DuckDB(DuckDB &&) noexcept;
    DuckDB &operator=(DuckDB &&) noexcept;
    ~DuckDB();

    /// Runs one or more SQL statements and discards their results. Tables, views and
    /// GLOBAL settings are seen by Query() and CopyTo(); a plain `SET` of a session setting
    /// (e.g. TimeZone) is not, since those run on connections of their own: use `SET GLOBAL`.
    Status Execute(std::string_view sql);

    /// Runs one query and streams its result as struct arrays, one per DuckDB data chunk
    /// (up to 2048 rows), in result order. The whole result is never materialized. Columns
    /// of types we cannot represent (INTERVAL, UHUGEINT, BIT, BIGNUM, UNION, TIME_NS, a
    /// nested HUGEINT) fail here with NotImplemented naming the column. A top-level HUGEINT
    /// becomes Decimal(38, 0) (DuckDB's Arrow mapping); a value beyond 38 digits makes Next()
    /// fail with InvalidArgument. UUID and ENUM arrive as Utf8, MAP as a list of key/value
    /// structs, ARRAY as a FixedSizeList, TIMETZ as its local time (the offset is dropped).
    Result<std::unique_ptr<ArrayReader>> Query(std::string_view sql);

    /// Writes every array of `source` (a struct dtype: one column per field) to `path` through
    /// DuckDB's COPY, streaming: `source` is pulled one array at a time by DuckDB's Arrow
    /// scan. Errors of `source` are returned as they were raised. Columns DuckDB cannot hold
    /// (f16, decimals of more than 38 digits or a negative scale) are NotImplemented.
    Status
    CopyTo(ArrayReader &source, std::string_view path, CopyFormat format, const CopyOptions &options = {});

    struct Instance;

private:
    explicit DuckDB(std::shared_ptr<Instance> instance);

    std::shared_ptr<Instance> instance_;
};

/// Returns a SELECT that reads the file at `path`, chosen by its extension: .csv, .csv.gz,
/// .csv.zst, .tsv (and .tsv.gz, .tsv.zst) with read_csv's auto-detection; .parquet with
/// read_parquet; .json, .jsonl, .ndjson with read_json_auto. The path is quoted as a SQL
/// string literal. Other extensions are InvalidArgument.
Result<std::string> SourceQuery(std::string_view path);

/// Quotes `text` as a SQL string literal: 'it''s'.
std::string QuoteSqlString(std::string_view text);

/// Quotes `name` as a SQL identifier: "a ""b""".
std::string QuoteSqlIdentifier(std::string_view name);

} // namespace vortex::duckdb_bridge
