// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/bridge/file_array_reader.h"

#include <algorithm>

#include "vortex/array/arrays/struct/struct_array.h"

namespace vortex::duckdb_bridge {
namespace {

class FileArrayReader final : public ArrayReader {
public:
    FileArrayReader(std::shared_ptr<const VortexFile> file,
                    std::vector<std::string> columns,
                    uint64_t begin,
                    uint64_t end,
                    uint64_t batch_rows)
        : file_(std::move(file)), columns_(std::move(columns)), next_(begin), end_(end),
          batch_rows_(batch_rows) {
        const DType &dtype = file_->dtype();
        if (!dtype.is_struct()) {
            // DuckDB reads tables: a file of one non-struct column becomes one column "value".
            dtype_ = DType::Struct({"value"}, {dtype}, Nullability::NonNullable);
        } else if (columns_.empty()) {
            dtype_ = dtype;
        } else {
            const StructFields &fields = dtype.struct_fields();
            std::vector<DType> dtypes;
            for (const std::string &name : columns_) {
                auto it = std::find(fields.names.begin(), fields.names.end(), name);
                dtypes.push_back(it == fields.names.end() ? DType::Null()
                                                          : fields.dtypes[it - fields.names.begin()]);
            }
            dtype_ = DType::Struct(columns_, std::move(dtypes), dtype.nullability());
        }
    }

    const DType &dtype() const override { return dtype_; }

    Result<std::optional<ArrayRef>> Next() override {
        if (next_ >= end_) {
            return std::optional<ArrayRef>();
        }
        uint64_t stop = std::min(end_, next_ + batch_rows_);
        ArrayRef batch;
        if (!file_->dtype().is_struct()) {
            VX_ASSIGN_OR_RETURN(ArrayRef column, file_->Read(next_, stop));
            VX_ASSIGN_OR_RETURN(
                auto wrapped, StructArray::TryMake(dtype_, {column}, column->len(), Validity::NonNullable()));
            batch = std::move(wrapped);
        } else if (columns_.empty()) {
            VX_ASSIGN_OR_RETURN(batch, file_->Read(next_, stop));
        } else {
            VX_ASSIGN_OR_RETURN(batch, file_->ReadColumns(columns_, next_, stop));
        }
        next_ = stop;
        return std::optional<ArrayRef>(std::move(batch));
    }

private:
    std::shared_ptr<const VortexFile> file_;
    std::vector<std::string> columns_;
    DType dtype_;
    uint64_t next_;
    uint64_t end_;
    uint64_t batch_rows_;
};

} // namespace

std::unique_ptr<ArrayReader> MakeFileReader(std::shared_ptr<const VortexFile> file,
                                            std::vector<std::string> columns,
                                            uint64_t begin,
                                            uint64_t end,
                                            uint64_t batch_rows) {
    return std::make_unique<FileArrayReader>(std::move(file), std::move(columns), begin, end, batch_rows);
}

} // namespace vortex::duckdb_bridge
