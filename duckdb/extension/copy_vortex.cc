// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/copy_vortex.h"

#include <duckdb/common/arrow/arrow_converter.hpp>
#include <duckdb/function/copy_function.hpp>
#include <duckdb/main/client_context.hpp>
#include <duckdb/main/extension/extension_loader.hpp>
#include <duckdb/parser/parsed_data/copy_info.hpp>
#include <mutex>

#include "vortex/array/arrays/extension/uuid_text.h"
#include "vortex/vortex.h"

#include "duckdb/extension/duckdb_errors.h"
#include "duckdb/extension/logical_types.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

constexpr const char *kWhat = "COPY TO vortex";

struct CopyVortexBindData final : dd::TableFunctionData {
    dd::vector<std::string> names;
    dd::vector<dd::LogicalType> types;
    /// How DuckDB lays these columns out in Arrow (strings as "u", not our views).
    ImportedSchema arrow;
    /// DuckDB exports UUID as text: these top-level columns are written as vortex.uuid.
    std::vector<size_t> uuid_columns;
    Compression compression = Compression::kDefault;
    uint64_t zone_rows = WriteOptions{}.zone_len;
    uint64_t block_bytes = WriteOptions{}.block_bytes;
};

struct CopyVortexGlobalState final : dd::GlobalFunctionData {
    std::mutex mutex;
    std::unique_ptr<FileWriter> writer;
    dd::ClientProperties properties;
};

struct CopyVortexLocalState final : dd::LocalFunctionData {};

dd::unique_ptr<dd::FunctionData> CopyVortexBind(dd::ClientContext &context,
                                                dd::CopyFunctionBindInput &input,
                                                const dd::vector<std::string> &names,
                                                const dd::vector<dd::LogicalType> &types) {
    auto data = dd::make_uniq<CopyVortexBindData>();
    data->names = names;
    data->types = types;
    for (const auto &[option, values] : input.info.options) {
        const std::string value = values.empty() ? "" : dd::StringUtil::Lower(values[0].ToString());
        const std::string name = dd::StringUtil::Lower(option);
        if (name == "zone_rows" || name == "block_bytes") {
            // Rows per zone-map zone; uncompressed bytes per column block before compression.
            const auto number =
                values.empty() ? dd::Value() : values[0].DefaultCastAs(dd::LogicalType::UBIGINT);
            if (number.IsNull() || number.GetValue<uint64_t>() == 0) {
                throw dd::BinderException("COPY TO vortex: %s must be a positive integer", option);
            }
            (name == "zone_rows" ? data->zone_rows : data->block_bytes) = number.GetValue<uint64_t>();
            continue;
        }
        if (name != "compression") {
            throw dd::BinderException(
                "COPY TO vortex: unknown option %s (COMPRESSION, ZONE_ROWS and BLOCK_BYTES are taken)",
                option);
        }
        if (value == "default") {
            data->compression = Compression::kDefault;
        } else if (value == "compact") {
            data->compression = Compression::kCompact;
        } else if (value == "none") {
            data->compression = Compression::kNone;
        } else {
            throw dd::BinderException("COPY TO vortex: COMPRESSION must be default, compact or none, not %s",
                                      value);
        }
    }
    // Our dtype is what DuckDB's Arrow export of these columns imports as.
    ArrowSchema schema{};
    auto properties = context.GetClientProperties();
    dd::ArrowConverter::ToArrowSchema(&schema, types, names, properties);
    data->arrow = ValueOrThrow(kWhat, ParseArrowSchema(&schema));
    data->uuid_columns = UuidColumns(types);
    return data;
}

dd::unique_ptr<dd::GlobalFunctionData>
CopyVortexInitGlobal(dd::ClientContext &context, dd::FunctionData &bind_data, const std::string &path) {
    const auto &data = bind_data.Cast<CopyVortexBindData>();
    auto state = dd::make_uniq<CopyVortexGlobalState>();
    state->properties = context.GetClientProperties();
    WriteOptions options;
    options.compression = data.compression;
    options.zone_len = data.zone_rows;
    options.block_bytes = data.block_bytes;
    auto sink = ValueOrThrow(kWhat, FileWriteSink::Open(path, {.replace_atomically = true}));
    state->writer = ValueOrThrow(kWhat, FileWriter::Open(std::move(sink),
                                                         WithUuidFields(data.arrow.dtype, data.uuid_columns),
                                                         DefaultSessionPtr(), options));
    return state;
}

dd::unique_ptr<dd::LocalFunctionData> CopyVortexInitLocal(dd::ExecutionContext &, dd::FunctionData &) {
    return dd::make_uniq<CopyVortexLocalState>();
}

void CopyVortexSink(dd::ExecutionContext &,
                    dd::FunctionData &bind_data,
                    dd::GlobalFunctionData &gstate,
                    dd::LocalFunctionData &,
                    dd::DataChunk &input) {
    const auto &data = bind_data.Cast<CopyVortexBindData>();
    auto &state = gstate.Cast<CopyVortexGlobalState>();
    ArrowArray array{};
    dd::ArrowConverter::ToArrowArray(input, &array, state.properties, {});
    const ArrayRef chunk = ValueOrThrow(
        kWhat, UuidFieldsFromText(ValueOrThrow(kWhat, ImportArray(&array, data.arrow)), data.uuid_columns));
    std::lock_guard<std::mutex> lock(state.mutex);
    const Status status = state.writer->Write(chunk);
    if (!status.ok()) {
        ThrowStatus(kWhat, status);
    }
}

void CopyVortexCombine(dd::ExecutionContext &,
                       dd::FunctionData &,
                       dd::GlobalFunctionData &,
                       dd::LocalFunctionData &) {}

void CopyVortexFinalize(dd::ClientContext &, dd::FunctionData &, dd::GlobalFunctionData &gstate) {
    auto &state = gstate.Cast<CopyVortexGlobalState>();
    std::lock_guard<std::mutex> lock(state.mutex);
    ValueOrThrow(kWhat, state.writer->Finish());
}

// FILE_SIZE_BYTES: DuckDB starts a new file once the current one has that many bytes written
// (checked between chunks; as with Parquet's row groups, a file ends up to a few blocks larger).
bool CopyVortexRotateFiles(dd::FunctionData &, const dd::optional_idx &file_size_bytes) {
    return file_size_bytes.IsValid();
}

bool CopyVortexRotateNextFile(dd::GlobalFunctionData &gstate,
                              dd::FunctionData &,
                              const dd::optional_idx &file_size_bytes) {
    auto &state = gstate.Cast<CopyVortexGlobalState>();
    std::lock_guard<std::mutex> lock(state.mutex);
    return file_size_bytes.IsValid() && state.writer->bytes_written() >= file_size_bytes.GetIndex();
}

dd::CopyFunctionExecutionMode CopyVortexExecutionMode(bool, bool) {
    // One sink thread: the writer's segments follow the query's row order.
    return dd::CopyFunctionExecutionMode::REGULAR_COPY_TO_FILE;
}

} // namespace

void RegisterCopyVortex(dd::ExtensionLoader &loader) {
    dd::CopyFunction function("vortex");
    function.copy_to_bind = CopyVortexBind;
    function.copy_to_initialize_global = CopyVortexInitGlobal;
    function.copy_to_initialize_local = CopyVortexInitLocal;
    function.copy_to_sink = CopyVortexSink;
    function.copy_to_combine = CopyVortexCombine;
    function.copy_to_finalize = CopyVortexFinalize;
    function.execution_mode = CopyVortexExecutionMode;
    function.rotate_files = CopyVortexRotateFiles;
    function.rotate_next_file = CopyVortexRotateNextFile;
    function.extension = "vortex";
    loader.RegisterFunction(function);
}

} // namespace vortex::duckdb_ext
