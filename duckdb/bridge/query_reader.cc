// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
//
// DuckDB::Query(): a streaming DuckDB result read as our arrays through the Arrow C Data
// Interface. Each data chunk is converted by duckdb_data_chunk_to_arrow (which copies it into
// Arrow buffers owned by the ArrowArray) and imported zero-copy by ImportArray.
#include <string>
#include <utility>
#include <vector>

#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/extension/uuid_text.h"
#include "vortex/array/arrays/struct/struct_array.h"

#include "duckdb/bridge/duckdb_connection_internal.h"
#include "duckdb/bridge/duckdb_database.h"

namespace vortex::duckdb_bridge {
namespace {

// Owns a duckdb_logical_type.
class LogicalType {
public:
    explicit LogicalType(duckdb_logical_type type) : type_(type) {}
    LogicalType(const LogicalType &) = delete;
    LogicalType &operator=(const LogicalType &) = delete;
    LogicalType(LogicalType &&other) noexcept : type_(std::exchange(other.type_, nullptr)) {}
    ~LogicalType() {
        if (type_ != nullptr) {
            duckdb_destroy_logical_type(&type_);
        }
    }
    duckdb_logical_type get() const { return type_; }

private:
    duckdb_logical_type type_;
};

// Returns the name of a DuckDB type we cannot represent, or nullptr. DuckDB would export these
// lossily or in layouts we do not import: INTERVAL as "tin", UHUGEINT as 16 opaque bytes,
// BIT and BIGNUM as their internal bytes, UNION as a union, TIME_NS as "ttn" of another type.
const char *UnsupportedTypeName(duckdb_type id) {
    switch (id) {
        case DUCKDB_TYPE_INTERVAL:
            return "INTERVAL";
        case DUCKDB_TYPE_UHUGEINT:
            return "UHUGEINT";
        case DUCKDB_TYPE_BIT:
            return "BIT";
        case DUCKDB_TYPE_BIGNUM:
            return "BIGNUM";
        case DUCKDB_TYPE_UNION:
            return "UNION";
        case DUCKDB_TYPE_TIME_NS:
            return "TIME_NS";
        case DUCKDB_TYPE_ANY:
        case DUCKDB_TYPE_INVALID:
            return "an unresolved type";
        default:
            return nullptr;
    }
}

// Checks `type` and every type nested in it. HUGEINT is allowed at the top level only, where
// Next() checks its values (CheckHugeintColumn).
Status CheckSupported(duckdb_logical_type type, std::string_view column, bool nested) {
    const duckdb_type id = duckdb_get_type_id(type);
    if (const char *name = UnsupportedTypeName(id); name != nullptr) {
        return Status::NotImplemented("DuckDB column \"{}\" has type {}, which has no Vortex equivalent; "
                                      "CAST it (e.g. to VARCHAR) in the query",
                                      column, name);
    }
    switch (id) {
        case DUCKDB_TYPE_HUGEINT:
            if (nested) {
                return Status::NotImplemented(
                    "DuckDB column \"{}\" nests a HUGEINT; CAST it to DECIMAL(38,0) "
                    "(or VARCHAR) in the query",
                    column);
            }
            return Status::OK();
        case DUCKDB_TYPE_LIST:
        case DUCKDB_TYPE_MAP: {
            // A MAP is a LIST of STRUCT(key, value).
            const LogicalType child(duckdb_list_type_child_type(type));
            return CheckSupported(child.get(), column, true);
        }
        case DUCKDB_TYPE_ARRAY: {
            const LogicalType child(duckdb_array_type_child_type(type));
            return CheckSupported(child.get(), column, true);
        }
        case DUCKDB_TYPE_STRUCT: {
            const idx_t count = duckdb_struct_type_child_count(type);
            for (idx_t i = 0; i < count; ++i) {
                const LogicalType child(duckdb_struct_type_child_type(type, i));
                VX_RETURN_NOT_OK(CheckSupported(child.get(), column, true));
            }
            return Status::OK();
        }
        default:
            return Status::OK();
    }
}

// DuckDB exports HUGEINT as a 38-digit decimal128 ("d:38,0") without checking the digits, so
// a value beyond 10^38 - 1 would break its dtype's precision. Such values are an error.
Status CheckHugeintColumn(const ArrayRef &column, std::string_view name) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, column->ToCanonical());
    const auto decimals = As<DecimalArray>(canonical);
    VX_ENSURE(decimals != nullptr && decimals->values_type() == DecimalType::I128, Internal,
              "DuckDB HUGEINT column \"{}\" did not arrive as 128-bit decimals", name);
    int128_t max = 0;
    for (int digit = 0; digit < 38; ++digit) {
        max = max * 10 + 9;
    }
    const I256 upper = I256::FromInt128(max);
    const I256 lower = I256::FromInt128(-max);
    for (size_t i = 0; i < decimals->len(); ++i) {
        if (!decimals->is_valid(i)) {
            continue;
        }
        const I256 value = decimals->value_at(i);
        if (value > upper || value < lower) {
            return Status::InvalidArgument("DuckDB column \"{}\": HUGEINT {} has more than the 38 digits of "
                                           "DECIMAL(38,0); CAST it (e.g. to VARCHAR or DOUBLE) in the query",
                                           name, value.ToString());
        }
    }
    return Status::OK();
}

// Turns a duckdb_error_data into a Status (OK when it holds no error) and destroys it.
Status ConsumeErrorData(duckdb_error_data error, std::string_view what) {
    if (error == nullptr) {
        return Status::OK();
    }
    Status status = Status::OK();
    if (duckdb_error_data_has_error(error)) {
        status = Status::Io("DuckDB: {}: {}", what, duckdb_error_data_message(error));
    }
    duckdb_destroy_error_data(&error);
    return status;
}

// A streaming query result. Owns, in destruction order: the result, the prepared statement it
// came from, and the connection (which keeps the database alive).
class QueryReader final : public ArrayReader {
public:
    explicit QueryReader(Connection connection) : connection_(std::move(connection)) {}
    QueryReader(const QueryReader &) = delete;
    QueryReader &operator=(const QueryReader &) = delete;
    ~QueryReader() override {
        if (options_ != nullptr) {
            duckdb_destroy_arrow_options(&options_);
        }
        if (has_result_) {
            duckdb_destroy_result(&result_);
        }
        if (statement_ != nullptr) {
            duckdb_destroy_prepare(&statement_);
        }
    }

    Status Start(std::string_view sql) {
        const std::string query(sql);
        if (duckdb_prepare(connection_.get(), query.c_str(), &statement_) == DuckDBError) {
            const char *message = duckdb_prepare_error(statement_);
            return Status::Io("DuckDB: {}", message == nullptr ? "cannot prepare the query" : message);
        }
        duckdb_pending_result pending = nullptr;
        if (duckdb_pending_prepared_streaming(statement_, &pending) == DuckDBError) {
            const char *message = duckdb_pending_error(pending);
            Status status = Status::Io("DuckDB: {}", message == nullptr ? "cannot start the query" : message);
            duckdb_destroy_pending(&pending);
            return status;
        }
        const duckdb_state state = duckdb_execute_pending(pending, &result_);
        duckdb_destroy_pending(&pending);
        has_result_ = true;
        if (state == DuckDBError) {
            const char *message = duckdb_result_error(&result_);
            return Status::Io("DuckDB: {}", message == nullptr ? "query failed" : message);
        }
        return ReadSchema();
    }

    const DType &dtype() const override { return dtype_; }

    Result<std::optional<ArrayRef>> Next() override {
        while (!finished_) {
            duckdb_data_chunk chunk = duckdb_fetch_chunk(result_);
            if (chunk == nullptr) {
                finished_ = true;
                if (const char *message = duckdb_result_error(&result_); message != nullptr) {
                    return Status::Io("DuckDB: {}", message);
                }
                break;
            }
            if (duckdb_data_chunk_get_size(chunk) == 0) {
                duckdb_destroy_data_chunk(&chunk);
                continue;
            }
            ArrowArray array{};
            const Status converted =
                ConsumeErrorData(duckdb_data_chunk_to_arrow(options_, chunk, &array), "converting to Arrow");
            // The Arrow array owns copies of the chunk's data, so the chunk can go now.
            duckdb_destroy_data_chunk(&chunk);
            if (!converted.ok()) {
                finished_ = true;
                if (array.release != nullptr) {
                    array.release(&array);
                }
                return converted;
            }
            auto imported = ImportArray(&array, schema_);
            if (!imported.ok()) {
                finished_ = true;
                return imported.status();
            }
            if (Status status = CheckHugeintColumns(*imported); !status.ok()) {
                finished_ = true;
                return status;
            }
            auto batch = UuidFieldsFromText(*imported, uuid_columns_);
            if (!batch.ok()) {
                finished_ = true;
                return batch.status();
            }
            return std::optional<ArrayRef>(batch.MoveValueUnsafe());
        }
        return std::optional<ArrayRef>();
    }

private:
    Status CheckHugeintColumns(const ArrayRef &batch) const {
        if (hugeint_columns_.empty()) {
            return Status::OK();
        }
        VX_ASSIGN_OR_RETURN(ArrayRef canonical, batch->ToCanonical());
        const auto structs = As<StructArray>(canonical);
        VX_ENSURE(structs != nullptr, Internal, "DuckDB batch is not a struct array");
        for (const size_t column : hugeint_columns_) {
            VX_RETURN_NOT_OK(
                CheckHugeintColumn(structs->field(column), schema_.dtype.struct_fields().names[column]));
        }
        return Status::OK();
    }

    Status ReadSchema() {
        const idx_t ncolumns = duckdb_column_count(&result_);
        std::vector<LogicalType> types;
        std::vector<duckdb_logical_type> raw_types;
        std::vector<const char *> names;
        for (idx_t i = 0; i < ncolumns; ++i) {
            const char *name = duckdb_column_name(&result_, i);
            types.emplace_back(duckdb_column_logical_type(&result_, i));
            VX_RETURN_NOT_OK(CheckSupported(types.back().get(), name == nullptr ? "" : name, false));
            if (duckdb_get_type_id(types.back().get()) == DUCKDB_TYPE_HUGEINT) {
                hugeint_columns_.push_back(i);
            }
            if (duckdb_get_type_id(types.back().get()) == DUCKDB_TYPE_UUID) {
                uuid_columns_.push_back(i);
            }
            raw_types.push_back(types.back().get());
            names.push_back(name == nullptr ? "" : name);
        }
        options_ = duckdb_result_get_arrow_options(&result_);
        ArrowSchema schema{};
        VX_RETURN_NOT_OK(ConsumeErrorData(
            duckdb_to_arrow_schema(options_, raw_types.data(), names.data(), ncolumns, &schema),
            "converting the result schema to Arrow"));
        VX_ASSIGN_OR_RETURN(schema_, ParseArrowSchema(&schema));
        VX_ENSURE(schema_.dtype.is_struct(), Internal, "DuckDB result schema is not a struct: {}",
                  schema_.format);
        dtype_ = WithUuidFields(schema_.dtype, uuid_columns_);
        return Status::OK();
    }

    Connection connection_;
    duckdb_prepared_statement statement_ = nullptr;
    duckdb_result result_{};
    bool has_result_ = false;
    duckdb_arrow_options options_ = nullptr;
    ImportedSchema schema_;
    // Indices of the top-level HUGEINT columns, whose values Next() checks.
    std::vector<size_t> hugeint_columns_;
    // DuckDB exports UUID as text; the top-level UUID columns become vortex.uuid (nested ones
    // stay text), and dtype_ is the schema with them so.
    std::vector<size_t> uuid_columns_;
    DType dtype_;
    bool finished_ = false;
};

} // namespace

Result<std::unique_ptr<ArrayReader>> DuckDB::Query(std::string_view sql) {
    VX_ENSURE(instance_ != nullptr, InvalidArgument, "DuckDB: used after move");
    VX_ASSIGN_OR_RETURN(Connection connection, Connection::Open(instance_));
    auto reader = std::make_unique<QueryReader>(std::move(connection));
    VX_RETURN_NOT_OK(reader->Start(sql));
    return std::unique_ptr<ArrayReader>(std::move(reader));
}

} // namespace vortex::duckdb_bridge
