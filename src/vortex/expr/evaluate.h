// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "vortex/array/array.h"
#include "vortex/buffer/mask.h"
#include "vortex/expr/expression.h"

namespace vortex::expr {

/// Results that the splits of one scan share: a predicate over a dictionary-encoded column is
/// evaluated once over the whole dictionary (which the chunks of a file share) and then only
/// gathered by each split's codes. Thread-safe; one per scan, so its lock is not global.
class EvaluationCache {
public:
    /// A predicate's value for each dictionary entry; `uniform` when it is the same non-null
    /// value for all of them.
    struct PerValue {
        ArrayRef result;
        std::optional<bool> uniform;
    };
    std::optional<PerValue> Find(const std::string &expr, const ArrayRef &values) const;
    void Insert(const std::string &expr, const ArrayRef &values, const PerValue &per_value);

private:
    mutable std::mutex mutex_;
    // (predicate text, dictionary values) -> (the values, kept alive, and the results).
    std::map<std::pair<std::string, const Array *>, std::pair<ArrayRef, PerValue>> entries_;
};

/// Evaluates `expr` over `scope`, a struct array whose fields are the columns, and returns
/// scope->len() values: a Bool array for predicates (nullable where SQL gives NULL), the
/// field for a column, a constant array for a literal. Comparisons with a literal go through
/// CompareScalar, so encodings with a compare kernel answer without decompressing.
/// A missing column or incomparable types give an error.
Result<ArrayRef> Evaluate(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache = nullptr);

/// Evaluates a predicate into a selection: set where it is true (NULL selects nothing).
Result<Mask> EvaluateMask(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache = nullptr);

/// `array op literal` with SQL's NULL semantics. Unlike CompareScalar, a numeric literal outside
/// the array's type is fine: integers out of range decide the comparison outright, and a
/// fractional literal compares as f64.
Result<ArrayRef> CompareToLiteral(const ArrayRef &array, const Scalar &literal, CompareOp op);

} // namespace vortex::expr
