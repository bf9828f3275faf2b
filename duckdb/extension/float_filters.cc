// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/float_filters.h"

#include <cmath>
#include <limits>

#include "duckdb/extension/logical_types.h"

namespace vortex::duckdb_ext {

std::optional<expr::ExprRef> FloatComparison(CompareOp op,
                                             const expr::ExprRef &subject,
                                             const ::duckdb::Value &value,
                                             const DType &dtype) {
    std::optional<Scalar> constant = ToScalar(value, dtype);
    if (!constant || constant->is_null()) {
        return std::nullopt;
    }
    const bool is_f32 = dtype.ptype() == PType::F32;
    const double c = is_f32 ? static_cast<double>(constant->as<float>()) : constant->as<double>();
    const auto lit = [&](double v) {
        return is_f32 ? Scalar::Primitive<float>(static_cast<float>(v), Nullability::NonNullable)
                      : Scalar::Primitive<double>(v, Nullability::NonNullable);
    };
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const expr::ExprRef &x = subject;
    // In the total order every negative NaN sits below -inf and every positive one above +inf.
    const auto below_neg_inf = [&] { return expr::Lt(x, expr::Lit(lit(-kInf))); };
    const auto is_nan = [&] { return expr::Or(expr::Gt(x, expr::Lit(lit(kInf))), below_neg_inf()); };
    const auto not_nan = [&] { return expr::Between(x, lit(-kInf), lit(kInf)); };
    if (std::isnan(c)) {
        switch (op) {
            case CompareOp::Eq:
            case CompareOp::Gte:
                return is_nan();
            case CompareOp::NotEq:
            case CompareOp::Lt:
                return not_nan();
            case CompareOp::Lte:
                return expr::IsNotNull(x);
            case CompareOp::Gt:
                return expr::Lit(Scalar::Bool(false, Nullability::NonNullable));
        }
        return std::nullopt;
    }
    // A zero matches both zeros; other constants are themselves. `low` and `high` are the
    // smallest and largest values equal to c in DuckDB's order.
    const bool zero = c == 0;
    const Scalar low = zero ? lit(-0.0) : *constant;
    const Scalar high = zero ? lit(0.0) : *constant;
    switch (op) {
        case CompareOp::Eq:
            return zero ? expr::Between(x, low, high) : expr::Eq(x, expr::Lit(*constant));
        case CompareOp::NotEq:
            return zero ? expr::Or(expr::Lt(x, expr::Lit(low)), expr::Gt(x, expr::Lit(high)))
                        : expr::NotEq(x, expr::Lit(*constant));
        case CompareOp::Lt:
            return expr::Between(x, lit(-kInf), low, /*lower_strict=*/false, /*upper_strict=*/true);
        case CompareOp::Lte:
            return expr::Between(x, lit(-kInf), high);
        case CompareOp::Gt:
            return expr::Or(expr::Gt(x, expr::Lit(high)), below_neg_inf());
        case CompareOp::Gte:
            return expr::Or(expr::Gte(x, expr::Lit(low)), below_neg_inf());
    }
    return std::nullopt;
}

} // namespace vortex::duckdb_ext
