// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string_view>

#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"
#include "vortex/expr/expression.h"

namespace vortex::expr {

/// Parses a filter in the small SQL-like syntax of docs/scan-expressions.md, e.g.
/// `year >= 1990 AND (name LIKE 'Ma%' OR state IN ('ak', 'ny')) AND rank IS NOT NULL`.
///
/// `scope` is the dtype the expression is evaluated against (a file's struct dtype): column
/// names are resolved against its fields, and each literal is typed against the column it
/// meets (an integer stays i64 against integers and becomes f64 against floats, a string is
/// binary against a Binary column, 'YYYY-MM-DD[ HH:MM:SS[.fffffffff]]' is a date or timestamp
/// against a temporal extension column, ...). Syntax errors, unknown columns and literals that
/// do not fit their column are InvalidArgument naming the 1-based position in `text`.
Result<ExprRef> ParseExpr(std::string_view text, const DType &scope);

} // namespace vortex::expr
