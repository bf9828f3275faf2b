// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Fuzz target: a whole file opened from memory and used as a reader would: every column read
// and exercised, a filtered scan, a take at both ends and the middle, and a row range.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/default_session.h"
#include "vortex/expr/expression.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/vortex_file.h"
#include "vortex/io/read_at.h"

#include "array_usage.h"
#include "fuzz_target.h"

namespace {

using vortex::ArrayRef;

uint64_t RowsIn(const std::vector<ArrayRef> &batches) {
    uint64_t rows = 0;
    for (const auto &batch : batches) {
        rows += batch->len();
    }
    return rows;
}

// A filter on the first column a reader could write: equal to the column's first value, or
// IS NOT NULL when that value cannot be read.
vortex::expr::ExprRef FilterOnFirstColumn(const std::string &name, const ArrayRef &first_column) {
    namespace ex = vortex::expr;
    if (first_column != nullptr && first_column->len() > 0) {
        auto value = vortex::ScalarAt(first_column, 0);
        if (value.ok() && !value->is_null()) {
            return ex::Or(ex::Eq(ex::Col(name), ex::Lit(*value)), ex::IsNull(ex::Col(name)));
        }
    }
    return ex::IsNotNull(ex::Col(name));
}

void ScanFile(const std::shared_ptr<const vortex::VortexFile> &file) {
    const uint64_t rows = file->row_count();
    ArrayRef all;
    if (rows <= vortex::bad_input::kMaterializeLimit) {
        auto read = file->ReadAll();
        if (read.ok()) {
            FUZZ_CHECK((*read)->len() == rows);
            FUZZ_CHECK((*read)->dtype() == file->dtype());
            all = vortex::bad_input::UseAsAReader(*read, vortex::fuzz::AbortUnless); // canonical
        }
    } else {
        auto tail = file->Read(rows - 3, rows);
        if (tail.ok()) {
            FUZZ_CHECK((*tail)->len() == 3);
        }
        return; // a legitimately huge file: materializing it is not a bug
    }

    const auto &dtype = file->dtype();
    if (dtype.is_struct() && dtype.struct_fields().size() > 0) {
        ArrayRef first;
        if (const auto *fields = dynamic_cast<const vortex::StructArray *>(all.get())) {
            if (fields->nfields() > 0) {
                first = fields->field(0);
            }
        }
        const auto filter = FilterOnFirstColumn(dtype.struct_fields().names[0], first);
        auto filtered = vortex::Scan(file).Filter(filter).Collect();
        if (filtered.ok()) {
            FUZZ_CHECK(RowsIn(*filtered) <= rows);
        }
    }
    if (rows > 0) {
        auto taken = vortex::Scan(file).Take({0, rows / 2, rows - 1}).Collect();
        if (taken.ok()) {
            FUZZ_CHECK(RowsIn(*taken) == (rows == 1 ? 1 : rows == 2 ? 2 : 3));
        }
    }
    auto ranged = vortex::Scan(file).RowRange(rows / 3, rows - rows / 3).Limit(100).Collect();
    if (ranged.ok()) {
        FUZZ_CHECK(RowsIn(*ranged) <= 100);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    auto source = std::make_shared<vortex::InMemoryReadAt>(vortex::Buffer::Copy(std::span(data, size)));
    auto file = vortex::VortexFile::Open(source, vortex::DefaultSessionPtr());
    if (file.ok()) {
        ScanFile(*file);
    }
    return 0;
}
