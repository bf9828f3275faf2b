// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/query_arrays.h"

#include <duckdb/common/arrow/arrow_converter.hpp>
#include <duckdb/main/client_context.hpp>
#include <duckdb/main/connection.hpp>

#include "vortex/array/arrays/extension/uuid_text.h"

#include "duckdb/extension/logical_types.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

Result<std::unique_ptr<QueryArrays>> QueryArrays::Open(dd::Connection &connection, const std::string &sql) {
    std::unique_ptr<QueryArrays> reader(new QueryArrays());
    try {
        reader->result_ = connection.SendQuery(sql);
        if (reader->result_->HasError()) {
            return Status::InvalidArgument("{}", reader->result_->GetError());
        }
        reader->properties_ = connection.context->GetClientProperties();
        ArrowSchema schema{};
        dd::ArrowConverter::ToArrowSchema(&schema, reader->result_->types, reader->result_->names,
                                          reader->properties_);
        VX_ASSIGN_OR_RETURN(reader->schema_, ParseArrowSchema(&schema));
    } catch (const dd::Exception &e) {
        return Status::InvalidArgument("{}", dd::ErrorData(e).Message());
    }
    reader->uuid_columns_ = UuidColumns(reader->result_->types);
    reader->dtype_ = WithUuidFields(reader->schema_.dtype, reader->uuid_columns_);
    return reader;
}

Result<std::optional<ArrayRef>> QueryArrays::Next() {
    try {
        dd::unique_ptr<dd::DataChunk> chunk = result_->Fetch();
        if (result_->HasError()) {
            return Status::InvalidArgument("{}", result_->GetError());
        }
        if (chunk == nullptr || chunk->size() == 0) {
            return std::optional<ArrayRef>();
        }
        ArrowArray array{};
        dd::ArrowConverter::ToArrowArray(*chunk, &array, properties_, {});
        VX_ASSIGN_OR_RETURN(ArrayRef batch, ImportArray(&array, schema_));
        VX_ASSIGN_OR_RETURN(batch, UuidFieldsFromText(batch, uuid_columns_));
        return std::optional<ArrayRef>(std::move(batch));
    } catch (const dd::Exception &e) {
        return Status::InvalidArgument("{}", dd::ErrorData(e).Message());
    }
}

} // namespace vortex::duckdb_ext
