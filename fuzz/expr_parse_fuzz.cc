// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Fuzz target: the scan filter parser (docs/scan-expressions.md) on arbitrary text against a
// scope with a column of every dtype; a parsed filter is evaluated on rows of that scope.

#include <cstdint>
#include <string_view>

#include "vortex/expr/evaluate.h"
#include "vortex/expr/parse.h"

#include "expr_scope.h"
#include "fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto parsed = vortex::expr::ParseExpr(text, vortex::fuzz::ExprScopeDType());
    if (!parsed.ok()) {
        FUZZ_CHECK(!parsed.status().message().empty()); // errors say where and why
        return 0;
    }
    const auto &rows = vortex::fuzz::ExprScopeRows();
    auto mask = vortex::expr::EvaluateMask(**parsed, rows);
    if (mask.ok()) {
        FUZZ_CHECK(mask->len() == rows->len());
    }
    auto values = vortex::expr::Evaluate(**parsed, rows);
    if (values.ok()) {
        FUZZ_CHECK((*values)->len() == rows->len());
    }
    return 0;
}
