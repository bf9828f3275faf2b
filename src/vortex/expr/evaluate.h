// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/array.h"
#include "vortex/buffer/mask.h"
#include "vortex/expr/expression.h"

namespace vortex::expr {

/// Evaluates `expr` over `scope`, a struct array whose fields are the columns, and returns
/// scope->len() values: a Bool array for predicates (nullable where SQL gives NULL), the
/// field for a column, a constant array for a literal. Comparisons with a literal go through
/// CompareScalar, so encodings with a compare kernel answer without decompressing.
/// A missing column or incomparable types give an error.
Result<ArrayRef> Evaluate(const Expr &expr, const ArrayRef &scope);

/// Evaluates a predicate into a selection: set where it is true (NULL selects nothing).
Result<Mask> EvaluateMask(const Expr &expr, const ArrayRef &scope);

/// `array op literal` with SQL's NULL semantics. Unlike CompareScalar, a numeric literal outside
/// the array's type is fine: integers out of range decide the comparison outright, and a
/// fractional literal compares as f64.
Result<ArrayRef> CompareToLiteral(const ArrayRef &array, const Scalar &literal, CompareOp op);

} // namespace vortex::expr
