// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "expr_scope.h"

#include <vector>

#include "vortex/array/testing/random_array.h"

namespace vortex::fuzz {

const DType &ExprScopeDType() {
    static const DType scope = [] {
        std::vector<DType> dtypes = AllTestDTypes();
        std::vector<std::string> names;
        for (size_t i = 0; i < dtypes.size(); ++i) {
            names.push_back("c" + std::to_string(i));
        }
        return DType::Struct(std::move(names), std::move(dtypes), Nullability::NonNullable);
    }();
    return scope;
}

const ArrayRef &ExprScopeRows() {
    static const ArrayRef rows = RandomArray(ExprScopeDType(), {.len = 64, .null_fraction = 0.2, .seed = 7});
    return rows;
}

std::string ExprScopeColumn(const std::string &dtype_text) {
    const auto &fields = ExprScopeDType().struct_fields();
    for (size_t i = 0; i < fields.size(); ++i) {
        if (fields.dtypes[i].ToString() == dtype_text) {
            return fields.names[i];
        }
    }
    return "c0";
}

} // namespace vortex::fuzz
