// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/expr/pruning.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/expr/date_part_bounds.h"
#include "vortex/expr/evaluate.h"

namespace vortex::expr {
namespace {

CompareOp Negate(CompareOp op) {
    switch (op) {
        case CompareOp::Eq:
            return CompareOp::NotEq;
        case CompareOp::NotEq:
            return CompareOp::Eq;
        case CompareOp::Gt:
            return CompareOp::Lte;
        case CompareOp::Gte:
            return CompareOp::Lt;
        case CompareOp::Lt:
            return CompareOp::Gte;
        case CompareOp::Lte:
            return CompareOp::Gt;
    }
    return op;
}

// Pushes a NOT into its operand so that every remaining node is one the rewrite knows;
// nullptr when it cannot (NOT LIKE, NOT of a column). Row-wise equivalent under SQL NULLs.
ExprRef PushNot(const Expr &operand) {
    switch (operand.kind()) {
        case ExprKind::Compare:
            return Compare(Negate(operand.op()), operand.child(0), operand.child(1));
        case ExprKind::Not:
            return operand.child(0);
        case ExprKind::IsNull:
            return IsNotNull(operand.child(0));
        case ExprKind::IsNotNull:
            return IsNull(operand.child(0));
        case ExprKind::And:
        case ExprKind::Or: {
            std::vector<ExprRef> negated;
            for (const ExprRef &child : operand.children()) {
                ExprRef pushed = PushNot(*child);
                if (!pushed) {
                    pushed = Not(child);
                }
                negated.push_back(std::move(pushed));
            }
            return operand.kind() == ExprKind::And ? Or(std::move(negated)) : And(std::move(negated));
        }
        case ExprKind::InList: {
            std::vector<ExprRef> unequal;
            for (const Scalar &candidate : operand.list()) {
                unequal.push_back(NotEq(operand.child(0), Lit(candidate)));
            }
            return unequal.empty() ? nullptr : And(std::move(unequal));
        }
        case ExprKind::Between:
            return Or(Compare(operand.lower_strict() ? CompareOp::Lte : CompareOp::Lt, operand.child(0),
                              Lit(operand.lower())),
                      Compare(operand.upper_strict() ? CompareOp::Gte : CompareOp::Gt, operand.child(0),
                              Lit(operand.upper())));
        case ExprKind::Literal:
            if (operand.literal().dtype().is_bool() && !operand.literal().is_null()) {
                return Lit(Scalar::Bool(!operand.literal().as_bool(), Nullability::NonNullable));
            }
            return nullptr;
        case ExprKind::Column:
        case ExprKind::GetField:
            // A bare column or field is a boolean predicate: NOT b holds exactly where b = false.
            return Eq(operand.kind() == ExprKind::Column ? Col(operand.column())
                                                         : GetField(operand.child(0), operand.field()),
                      Lit(Scalar::Bool(false, Nullability::NonNullable)));
        case ExprKind::StartsWith:
        case ExprKind::EndsWith:
        case ExprKind::Contains:
        case ExprKind::DatePart: // a value, not a predicate
        case ExprKind::Length:
            return nullptr;
    }
    return nullptr;
}

// The byte string just above every string starting with `prefix`, or nullopt if none exists.
std::optional<std::string> PrefixSuccessor(std::string prefix) {
    while (!prefix.empty() && static_cast<unsigned char>(prefix.back()) == 0xFF) {
        prefix.pop_back();
    }
    if (prefix.empty()) {
        return std::nullopt;
    }
    prefix.back() = static_cast<char>(static_cast<unsigned char>(prefix.back()) + 1);
    return prefix;
}

class Pruner {
public:
    explicit Pruner(const ZoneStatistics &stats) : stats_(stats), zones_(stats.zone_count()) {}

    Result<Mask> Falsify(const Expr &expr) {
        switch (expr.kind()) {
            case ExprKind::And: {
                Mask skip = None();
                for (const ExprRef &child : expr.children()) {
                    VX_ASSIGN_OR_RETURN(Mask part, Falsify(*child));
                    skip = skip.Or(part);
                }
                return skip;
            }
            case ExprKind::Or: {
                Mask skip = Mask::AllTrue(zones_);
                for (const ExprRef &child : expr.children()) {
                    VX_ASSIGN_OR_RETURN(Mask part, Falsify(*child));
                    skip = skip.And(part);
                }
                return skip;
            }
            case ExprKind::Not: {
                ExprRef pushed = PushNot(*expr.child(0));
                return pushed ? Falsify(*pushed) : None();
            }
            case ExprKind::Literal:
                if (expr.literal().dtype().is_bool() &&
                    (expr.literal().is_null() || !expr.literal().as_bool())) {
                    return Mask::AllTrue(zones_);
                }
                return None();
            case ExprKind::IsNull:
                return NullCountTest(expr, /*skip_when_all_null=*/false);
            case ExprKind::IsNotNull:
                return NullCountTest(expr, /*skip_when_all_null=*/true);
            case ExprKind::Compare:
                return FalsifyCompare(expr);
            case ExprKind::InList: {
                Mask skip = Mask::AllTrue(zones_);
                for (const Scalar &candidate : expr.list()) {
                    VX_ASSIGN_OR_RETURN(Mask part,
                                        FalsifyColumnCompare(*expr.child(0), CompareOp::Eq, candidate));
                    skip = skip.And(part);
                }
                return skip;
            }
            case ExprKind::Between: {
                VX_ASSIGN_OR_RETURN(Mask low,
                                    FalsifyColumnCompare(*expr.child(0),
                                                         expr.lower_strict() ? CompareOp::Gt : CompareOp::Gte,
                                                         expr.lower()));
                VX_ASSIGN_OR_RETURN(Mask high,
                                    FalsifyColumnCompare(*expr.child(0),
                                                         expr.upper_strict() ? CompareOp::Lt : CompareOp::Lte,
                                                         expr.upper()));
                return low.Or(high);
            }
            case ExprKind::StartsWith:
                return FalsifyStartsWith(expr);
            case ExprKind::EndsWith:
            case ExprKind::Contains:
                // Min and max bound no suffix or substring; only zones of nulls fail them.
                return NullCountTest(expr, /*skip_when_all_null=*/true);
            case ExprKind::Column:
            case ExprKind::GetField:
                return FalsifyBoolColumn(expr);
            case ExprKind::DatePart: // a value, not a predicate; zone maps hold no time-of-day bounds
            case ExprKind::Length:
                return None();
        }
        return None();
    }

private:
    Mask None() const { return Mask::AllFalse(zones_); }

    // What zone statistics bound: a column or struct field, or a date part of one, whose
    // bounds come from the column's (DerivedBounds). A date part's key starts with a byte no
    // column key starts with.
    std::optional<ZoneSubject> Subject(const Expr &expr) {
        if (expr.kind() != ExprKind::DatePart) {
            return AsZoneSubject(expr);
        }
        std::optional<ZoneSubject> column = AsZoneSubject(*expr.child(0));
        if (!column) {
            return std::nullopt;
        }
        std::string key =
            std::string(1, '\x01') + std::string(DatePartName(expr.date_part())) + ':' + column->key;
        derived_.try_emplace(key, Derived{column->key, expr.date_part(), std::nullopt});
        return ZoneSubject{std::move(key), std::move(column->path)};
    }

    // A statistic of a subject: a date part's Min and Max are its bounds, its null counts
    // the column's (a part is null where its value is; infinities, also null, make the bounds
    // unknown, and IS NULL is not pruned on them, see NullCountTest).
    Result<ArrayRef> GetStat(const std::string &key, Stat stat) {
        const auto found = derived_.find(key);
        if (found == derived_.end()) {
            return stats_.Get(key, stat);
        }
        Derived &derived = found->second;
        if (stat == Stat::NullCount) {
            return stats_.Get(derived.column, stat);
        }
        if (stat != Stat::Min && stat != Stat::Max) {
            return ArrayRef();
        }
        if (!derived.bounds) {
            VX_ASSIGN_OR_RETURN(ArrayRef min, stats_.Get(derived.column, Stat::Min));
            VX_ASSIGN_OR_RETURN(ArrayRef max, stats_.Get(derived.column, Stat::Max));
            if (!min || !max || !min->dtype().is_extension()) {
                derived.bounds = std::pair<ArrayRef, ArrayRef>{};
            } else {
                // Statistics that are not the column's temporal values bound nothing.
                auto bounds = DatePartZoneBounds(derived.field, min, max);
                derived.bounds = bounds.ok() ? *std::move(bounds) : std::pair<ArrayRef, ArrayRef>{};
            }
        }
        return stat == Stat::Min ? derived.bounds->first : derived.bounds->second;
    }

    // A bare boolean column (or struct field) fails where its zone maximum is false (or the
    // zone is all null); a column of another type is no predicate, and evaluation reports that.
    Result<Mask> FalsifyBoolColumn(const Expr &column) {
        const std::optional<ZoneSubject> subject = Subject(column);
        if (!subject) {
            return None();
        }
        VX_ASSIGN_OR_RETURN(ArrayRef max, GetStat(subject->key, Stat::Max));
        if (!max || !max->dtype().is_bool()) {
            return None();
        }
        return FalsifySubjectCompare(*subject, CompareOp::Eq, Scalar::Bool(true, Nullability::NonNullable));
    }

    // Zones proven to hold only nulls in the tested column, or (when `skip_when_all_null` is
    // false) proven to hold no null. A struct field is also null where its struct is, which
    // the field's statistics do not see: only its all-null zones are known.
    Result<Mask> NullCountTest(const Expr &expr, bool skip_when_all_null) {
        const std::optional<ZoneSubject> subject = Subject(*expr.child(0));
        if (!subject || (subject->path.size() > 1 && !skip_when_all_null) ||
            (derived_.count(subject->key) != 0 && !skip_when_all_null)) {
            return None();
        }
        return NullCounts(subject->key, skip_when_all_null);
    }

    Result<Mask> NullCounts(const std::string &key, bool skip_when_all_null) {
        VX_ASSIGN_OR_RETURN(ArrayRef counts, GetStat(key, Stat::NullCount));
        if (!counts) {
            return None();
        }
        VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(counts));
        const auto *primitive = As<PrimitiveArray>(*canonical);
        if (primitive == nullptr || primitive->ptype() != PType::U64 || primitive->len() != zones_) {
            return Status::InvalidArgument("null counts must be {} u64 values", zones_);
        }
        const auto values = primitive->values_as<uint64_t>();
        std::vector<size_t> skip;
        for (size_t zone = 0; zone < zones_; ++zone) {
            if (!primitive->is_valid(zone)) {
                continue;
            }
            const bool all_null = values[zone] == stats_.zone_rows(zone);
            if (skip_when_all_null ? all_null : values[zone] == 0) {
                skip.push_back(zone);
            }
        }
        return Mask::FromIndices(zones_, skip);
    }

    Result<Mask> FalsifyCompare(const Expr &expr) {
        const Expr &lhs = *expr.child(0);
        const Expr &rhs = *expr.child(1);
        if (rhs.kind() == ExprKind::Literal) {
            return FalsifyColumnCompare(lhs, expr.op(), rhs.literal());
        }
        if (lhs.kind() == ExprKind::Literal) {
            return FalsifyColumnCompare(rhs, SwapCompareOp(expr.op()), lhs.literal());
        }
        return None();
    }

    // Zones where `stat op literal` is known true.
    Result<Mask> StatCompare(const std::string &column, Stat stat, CompareOp op, const Scalar &literal) {
        VX_ASSIGN_OR_RETURN(ArrayRef values, GetStat(column, stat));
        if (!values) {
            return None();
        }
        VX_ENSURE(values->len() == zones_, InvalidArgument, "statistic of {} has {} zones, expected {}",
                  column, values->len(), zones_);
        VX_ASSIGN_OR_RETURN(ArrayRef result, CompareToLiteral(values, literal, op));
        VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(result));
        const auto *bools = As<BoolArray>(*canonical);
        VX_ENSURE(bools != nullptr, Internal, "a comparison did not give booleans");
        return Mask::FromBits(bools->bits()).And(bools->validity_mask());
    }

    // Zones where the column's (or struct field's) statistics prove `subject op literal` true
    // for no row.
    Result<Mask> FalsifyColumnCompare(const Expr &subject_expr, CompareOp op, const Scalar &literal) {
        const std::optional<ZoneSubject> subject = Subject(subject_expr);
        if (!subject) {
            return None();
        }
        return FalsifySubjectCompare(*subject, op, literal);
    }

    Result<Mask> FalsifySubjectCompare(const ZoneSubject &subject, CompareOp op, const Scalar &literal) {
        if (literal.is_null()) {
            return Mask::AllTrue(zones_); // a comparison with NULL is never true
        }
        const std::string &column = subject.key;
        Mask skip = None();
        switch (op) {
            case CompareOp::Eq: {
                VX_ASSIGN_OR_RETURN(Mask above, StatCompare(column, Stat::Min, CompareOp::Gt, literal));
                VX_ASSIGN_OR_RETURN(Mask below, StatCompare(column, Stat::Max, CompareOp::Lt, literal));
                skip = above.Or(below);
                break;
            }
            case CompareOp::NotEq: {
                VX_ASSIGN_OR_RETURN(Mask min_equal, StatCompare(column, Stat::Min, CompareOp::Eq, literal));
                VX_ASSIGN_OR_RETURN(Mask max_equal, StatCompare(column, Stat::Max, CompareOp::Eq, literal));
                skip = min_equal.And(max_equal);
                break;
            }
            case CompareOp::Gt: {
                VX_ASSIGN_OR_RETURN(skip, StatCompare(column, Stat::Max, CompareOp::Lte, literal));
                break;
            }
            case CompareOp::Gte: {
                VX_ASSIGN_OR_RETURN(skip, StatCompare(column, Stat::Max, CompareOp::Lt, literal));
                break;
            }
            case CompareOp::Lt: {
                VX_ASSIGN_OR_RETURN(skip, StatCompare(column, Stat::Min, CompareOp::Gte, literal));
                break;
            }
            case CompareOp::Lte: {
                VX_ASSIGN_OR_RETURN(skip, StatCompare(column, Stat::Min, CompareOp::Gt, literal));
                break;
            }
        }
        VX_ASSIGN_OR_RETURN(Mask guarded, GuardNaNs(column, literal, skip));
        VX_ASSIGN_OR_RETURN(Mask all_null, NullCounts(column, /*skip_when_all_null=*/true));
        return guarded.Or(all_null);
    }

    // Min/max ignore NaNs, which sort above every number: float rewrites hold only in zones
    // known to have no NaN.
    Result<Mask> GuardNaNs(const std::string &column, const Scalar &literal, const Mask &skip) {
        VX_ASSIGN_OR_RETURN(ArrayRef min_values, GetStat(column, Stat::Min));
        VX_ASSIGN_OR_RETURN(ArrayRef max_values, GetStat(column, Stat::Max));
        const ArrayRef &typed = min_values ? min_values : max_values;
        auto is_float = [](const DType &dtype) { return dtype.is_primitive() && IsFloat(dtype.ptype()); };
        if (!is_float(literal.dtype()) && !(typed && is_float(typed->dtype()))) {
            return skip;
        }
        VX_ASSIGN_OR_RETURN(Mask no_nans,
                            StatCompare(column, Stat::NanCount, CompareOp::Eq,
                                        Scalar::Primitive<uint64_t>(0, Nullability::NonNullable)));
        return skip.And(no_nans);
    }

    Result<Mask> FalsifyStartsWith(const Expr &expr) {
        const std::optional<ZoneSubject> subject = Subject(*expr.child(0));
        if (!subject) {
            return None();
        }
        const std::string &column = subject->key;
        VX_ASSIGN_OR_RETURN(ArrayRef min_values, GetStat(column, Stat::Min));
        const DType string_dtype = min_values ? min_values->dtype() : DType::Utf8(Nullability::Nullable);
        auto make_literal = [&](const std::string &text) {
            if (string_dtype.is_binary()) {
                return Scalar::Binary(std::vector<uint8_t>(text.begin(), text.end()),
                                      Nullability::NonNullable);
            }
            return Scalar::Utf8(text, Nullability::NonNullable);
        };
        VX_ASSIGN_OR_RETURN(Mask skip,
                            StatCompare(column, Stat::Max, CompareOp::Lt, make_literal(expr.pattern())));
        if (const std::optional<std::string> successor = PrefixSuccessor(expr.pattern())) {
            VX_ASSIGN_OR_RETURN(Mask above,
                                StatCompare(column, Stat::Min, CompareOp::Gte, make_literal(*successor)));
            skip = skip.Or(above);
        }
        VX_ASSIGN_OR_RETURN(Mask all_null, NullCounts(column, /*skip_when_all_null=*/true));
        return skip.Or(all_null);
    }

    // A date part's column and, once computed, its bounds (empty arrays: none).
    struct Derived {
        std::string column;
        DatePartField field;
        std::optional<std::pair<ArrayRef, ArrayRef>> bounds;
    };

    const ZoneStatistics &stats_;
    size_t zones_;
    std::map<std::string, Derived> derived_;
};

// Whether `expr` holds a null literal anywhere (a NULL operand, an IN list entry, a bound).
bool HasNullLiteral(const Expr &expr) {
    switch (expr.kind()) {
        case ExprKind::Literal:
            return expr.literal().is_null();
        case ExprKind::InList:
            for (const Scalar &candidate : expr.list()) {
                if (candidate.is_null()) {
                    return true;
                }
            }
            break;
        case ExprKind::Between:
            if (expr.lower().is_null() || expr.upper().is_null()) {
                return true;
            }
            break;
        default:
            break;
    }
    for (const ExprRef &child : expr.children()) {
        if (HasNullLiteral(*child)) {
            return true;
        }
    }
    return false;
}

} // namespace

std::string ZoneKey(const std::vector<std::string> &path) {
    if (path.size() == 1) {
        return path[0];
    }
    std::string key(1, '\0');
    for (const std::string &name : path) {
        key += std::to_string(name.size());
        key += ':';
        key += name;
    }
    return key;
}

std::optional<ZoneSubject> AsZoneSubject(const Expr &expr) {
    std::vector<std::string> path;
    const Expr *node = &expr;
    while (node->kind() == ExprKind::GetField) {
        path.push_back(node->field());
        node = node->child(0).get();
    }
    if (node->kind() != ExprKind::Column) {
        return std::nullopt;
    }
    path.push_back(node->column());
    std::reverse(path.begin(), path.end());
    ZoneSubject subject;
    subject.key = ZoneKey(path);
    subject.path = std::move(path);
    return subject;
}

namespace {

void CollectZoneSubjects(const Expr &expr, std::vector<ZoneSubject> &out) {
    if (std::optional<ZoneSubject> subject = AsZoneSubject(expr)) {
        out.push_back(*std::move(subject));
        return;
    }
    for (const ExprRef &child : expr.children()) {
        CollectZoneSubjects(*child, out);
    }
}

} // namespace

std::vector<ZoneSubject> ReferencedZoneSubjects(const Expr &predicate) {
    std::vector<ZoneSubject> out;
    CollectZoneSubjects(predicate, out);
    std::sort(out.begin(), out.end(),
              [](const ZoneSubject &a, const ZoneSubject &b) { return a.key < b.key; });
    out.erase(std::unique(out.begin(), out.end(),
                          [](const ZoneSubject &a, const ZoneSubject &b) { return a.key == b.key; }),
              out.end());
    return out;
}

Result<Mask> ZonesToSkip(const Expr &predicate, const ZoneStatistics &stats) {
    Pruner pruner(stats);
    return pruner.Falsify(predicate);
}

Result<Mask> ZonesAllTrue(const Expr &predicate, const ZoneStatistics &stats) {
    const size_t zones = stats.zone_count();
    const ExprRef negated = PushNot(predicate);
    if (!negated || HasNullLiteral(predicate)) {
        return Mask::AllFalse(zones);
    }
    // NOT p is never true where p is never false; with no null input p is never null either.
    Pruner pruner(stats);
    VX_ASSIGN_OR_RETURN(Mask proven, pruner.Falsify(*negated));
    for (const std::string &column : ReferencedColumns(predicate)) {
        if (proven.all_false()) {
            break;
        }
        VX_ASSIGN_OR_RETURN(Mask no_nulls, pruner.Falsify(*IsNull(Col(column))));
        proven = proven.And(no_nulls);
    }
    return proven;
}

} // namespace vortex::expr
