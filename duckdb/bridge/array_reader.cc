// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/bridge/array_reader.h"

#include <utility>

namespace vortex::duckdb_bridge {
namespace {

class InMemoryArrayReader final : public ArrayReader {
public:
    InMemoryArrayReader(DType dtype, std::vector<ArrayRef> arrays)
        : dtype_(std::move(dtype)), arrays_(std::move(arrays)) {}

    const DType &dtype() const override { return dtype_; }

    Result<std::optional<ArrayRef>> Next() override {
        if (index_ == arrays_.size()) {
            return std::optional<ArrayRef>();
        }
        // Hand the array over so the reader does not keep it alive after it was consumed.
        return std::optional<ArrayRef>(std::move(arrays_[index_++]));
    }

private:
    DType dtype_;
    std::vector<ArrayRef> arrays_;
    size_t index_ = 0;
};

} // namespace

std::unique_ptr<ArrayReader> MakeArrayReader(DType dtype, std::vector<ArrayRef> arrays) {
    return std::make_unique<InMemoryArrayReader>(std::move(dtype), std::move(arrays));
}

} // namespace vortex::duckdb_bridge
