// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <duckdb/common/types/value.hpp>

#include "vortex/expr/expression.h"
#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

/// `subject op value` on an f32 or f64 column (or struct field) with DuckDB's semantics (every NaN equal to
/// every NaN and above every number, -0.0 equal to 0.0) as our expressions, which order floats by the IEEE
/// total order (negative NaNs below -inf, -0.0 below 0.0, NaN payloads distinct). Exact for every value and
/// constant, so read_vortex can accept float filters; the bounds it adds keep zone pruning working. nullopt
/// when `value` does not convert to the column's type.
std::optional<expr::ExprRef>
FloatComparison(CompareOp op, const expr::ExprRef &subject, const ::duckdb::Value &value, const DType &dtype);

} // namespace vortex::duckdb_ext
