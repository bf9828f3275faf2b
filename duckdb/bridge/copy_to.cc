// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
//
// DuckDB::CopyTo(): our arrays written by DuckDB's COPY. The source reader is exposed to
// DuckDB as an ArrowArrayStream registered with duckdb_arrow_scan (a temporary view on a
// connection of its own), then `COPY (SELECT * FROM view) TO path` pulls it one array at a
// time, from DuckDB's worker threads (DuckDB serializes the get_next calls).
//
// Why not ExportArrayStream(): duckdb_arrow_scan (1.4.4, arrow-c.cpp) calls get_schema and
// never releases the schema it gets, and neither does its schema callback at bind time. So the
// stream here hands out borrowed schemas: copies of one schema it owns, whose root release
// does nothing. DuckDB also never releases the stream (it copies the struct and replaces the
// copy's release), so the stream is released here, after the COPY and the view are gone.
#include <cerrno>
#include <string>
#include <utility>

#include "duckdb/bridge/duckdb_connection_internal.h"
#include "duckdb/bridge/duckdb_database.h"

namespace vortex::duckdb_bridge {
namespace {

// The private_data of the stream: the reader being copied and the first error it raised.
struct CopySource {
    explicit CopySource(ArrayReader &reader_in) : reader(reader_in) {}
    CopySource(const CopySource &) = delete;
    CopySource &operator=(const CopySource &) = delete;
    ~CopySource() {
        if (schema.release != nullptr) {
            schema.release(&schema);
        }
    }

    ArrayReader &reader;
    ArrowSchema schema{};
    Status error = Status::OK();
    std::string last_error;
    bool finished = false;
};

CopySource &SourceOf(ArrowArrayStream *stream) {
    return *static_cast<CopySource *>(stream->private_data);
}

void ReleaseBorrowedSchema(ArrowSchema *schema) {
    schema->release = nullptr;
}

int GetSchema(ArrowArrayStream *stream, ArrowSchema *out) {
    const CopySource &source = SourceOf(stream);
    *out = source.schema;
    out->release = &ReleaseBorrowedSchema;
    return 0;
}

int Fail(CopySource &source, Status status, int code) {
    source.last_error = status.ToString();
    source.error = std::move(status);
    return code;
}

int GetNext(ArrowArrayStream *stream, ArrowArray *out) {
    CopySource &source = SourceOf(stream);
    if (!source.error.ok()) {
        return EIO;
    }
    out->release = nullptr;
    if (source.finished) {
        return 0;
    }
    auto next = source.reader.Next();
    if (!next.ok()) {
        return Fail(source, next.status(), EIO);
    }
    if (!next->has_value()) {
        source.finished = true;
        return 0;
    }
    const ArrayRef &array = **next;
    if (!array->dtype().EqualsIgnoringNullability(source.reader.dtype())) {
        return Fail(source,
                    Status::MismatchedTypes("CopyTo: the reader yielded an array of {}, not of its dtype {}",
                                            array->dtype().ToString(), source.reader.dtype().ToString()),
                    EINVAL);
    }
    if (Status status = ExportArray(array, out); !status.ok()) {
        return Fail(source, std::move(status), EINVAL);
    }
    return 0;
}

const char *GetLastError(ArrowArrayStream *stream) {
    const CopySource &source = SourceOf(stream);
    return source.last_error.empty() ? nullptr : source.last_error.c_str();
}

// Only ever called by CopyTo itself (see the file comment).
void ReleaseStream(ArrowArrayStream *stream) {
    stream->release = nullptr;
    stream->private_data = nullptr;
}

// Refuses the dtypes DuckDB 1.4.4's Arrow scan cannot bind, whose only error would be an
// opaque failure of duckdb_arrow_scan: half floats ("e"), decimals wider than 38 digits
// ("d:p,s,256") and decimals with a negative scale.
Status CheckCopyable(const DType &dtype, std::string_view column) {
    if (dtype.is_primitive() && dtype.ptype() == PType::F16) {
        return Status::NotImplemented(
            "CopyTo: column \"{}\" holds f16, which DuckDB cannot read; cast it to f32", column);
    }
    if (dtype.is_decimal() && (dtype.decimal().precision > 38 || dtype.decimal().scale < 0)) {
        return Status::NotImplemented(
            "CopyTo: column \"{}\" holds {}; DuckDB decimals have at most 38 digits "
            "and a scale >= 0",
            column, dtype.ToString());
    }
    if (dtype.is_struct()) {
        for (const DType &field : dtype.struct_fields().dtypes) {
            VX_RETURN_NOT_OK(CheckCopyable(field, column));
        }
    }
    if (dtype.is_list() || dtype.is_fixed_size_list()) {
        return CheckCopyable(dtype.element_type(), column);
    }
    return Status::OK();
}

// Checks that a codec name is a bare word, so it can be spliced into the COPY options.
Status CheckCompression(std::string_view compression) {
    for (const char c : compression) {
        const bool word =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        VX_ENSURE(word, InvalidArgument, "CopyTo: invalid compression name '{}'", compression);
    }
    return Status::OK();
}

Result<std::string>
CopyStatement(std::string_view view, std::string_view path, CopyFormat format, const CopyOptions &options) {
    VX_RETURN_NOT_OK(CheckCompression(options.compression));
    VX_ENSURE(path.find('\0') == std::string_view::npos, InvalidArgument, "CopyTo: path contains a NUL byte");
    std::string sql = vortex::format("COPY (SELECT * FROM {}) TO {} (FORMAT ", QuoteSqlIdentifier(view),
                                     QuoteSqlString(path));
    switch (format) {
        case CopyFormat::Parquet:
            sql += "parquet";
            break;
        case CopyFormat::Csv:
            VX_ENSURE(options.csv_delimiter != '\0' && options.csv_delimiter != '\n' &&
                          options.csv_delimiter != '\r',
                      InvalidArgument, "CopyTo: invalid CSV delimiter");
            sql += vortex::format("csv, HEADER {}, DELIMITER {}", options.csv_header ? "true" : "false",
                                  QuoteSqlString(std::string_view(&options.csv_delimiter, 1)));
            break;
    }
    if (!options.compression.empty()) {
        sql += vortex::format(", COMPRESSION {}", options.compression);
    }
    sql += ")";
    return sql;
}

} // namespace

Status
DuckDB::CopyTo(ArrayReader &source, std::string_view path, CopyFormat format, const CopyOptions &options) {
    VX_ENSURE(instance_ != nullptr, InvalidArgument, "DuckDB: used after move");
    VX_ENSURE(source.dtype().is_struct(), InvalidArgument, "CopyTo: the source must yield structs, not {}",
              source.dtype().ToString());
    VX_ENSURE(source.dtype().struct_fields().size() > 0, InvalidArgument,
              "CopyTo: the source has no columns");
    const StructFields &fields = source.dtype().struct_fields();
    for (size_t i = 0; i < fields.size(); ++i) {
        VX_RETURN_NOT_OK(CheckCopyable(fields.dtypes[i], fields.names[i]));
    }
    constexpr std::string_view kView = "vortex_copy_source";
    VX_ASSIGN_OR_RETURN(const std::string sql, CopyStatement(kView, path, format, options));

    CopySource state(source);
    VX_RETURN_NOT_OK(ExportSchema(source.dtype(), &state.schema));
    ArrowArrayStream stream{};
    stream.get_schema = &GetSchema;
    stream.get_next = &GetNext;
    stream.get_last_error = &GetLastError;
    stream.release = &ReleaseStream;
    stream.private_data = &state;

    Status status = Status::OK();
    {
        // The view lives on this connection only and is gone with it, before `state` is.
        VX_ASSIGN_OR_RETURN(Connection connection, Connection::Open(instance_));
        if (duckdb_arrow_scan(connection.get(), kView.data(),
                              reinterpret_cast<duckdb_arrow_stream>(&stream)) == DuckDBError) {
            status = Status::Io("DuckDB: cannot register the arrays as an Arrow scan");
        } else {
            status = RunSql(connection.get(), sql);
        }
    }
    stream.release(&stream);
    // The reader's own error is more precise than DuckDB's wrapping of it.
    if (!state.error.ok()) {
        return state.error;
    }
    return status;
}

} // namespace vortex::duckdb_bridge
