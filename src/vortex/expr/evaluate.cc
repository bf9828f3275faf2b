// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/expr/evaluate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/compare_arrays.h"
#include "vortex/array/compute/int_range.h"
#include "vortex/array/compute/map_values.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/string_match.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/compute/total_order.h"
#include "vortex/base/int128.h"

namespace vortex::expr {
namespace {

// Evaluates one node without trying the dictionary path (Evaluate's caller already did, for
// the one-column subtree this node belongs to).
Result<ArrayRef> EvaluateNode(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache);

// A predicate result as bits plus validity (an unset validity bit means NULL).
struct Truth {
    BitBuffer values;
    BitBuffer valid;
};

Result<Truth> ToTruth(const ArrayRef &array) {
    VX_ENSURE(array->dtype().is_bool(), InvalidArgument, "predicate evaluated to {}, not a boolean",
              array->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *bools = As<BoolArray>(*canonical);
    VX_ENSURE(bools != nullptr, Internal, "bool array did not canonicalize to vortex.bool");
    return Truth{bools->bits(), bools->validity_mask().ToBitBuffer()};
}

ArrayRef FromTruth(BitBuffer values, BitBuffer valid, bool nullable) {
    if (!nullable) {
        return BoolArray::Make(std::move(values), Validity::NonNullable());
    }
    return BoolArray::Make(std::move(values), Validity::FromBits(std::move(valid)));
}

// Kleene AND/OR, word-wise on masks: a known false (AND) or true (OR) decides regardless
// of NULLs, so each operand is tracked as its known-true and known-false rows.
Result<ArrayRef> Connective(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache, bool is_and) {
    const size_t len = scope->len();
    // For AND: `decided` = known false rows, `undecided_true` = rows true so far.
    // For OR the roles swap: `decided` = known true rows, `undecided_true` = rows false so far.
    Mask decided = Mask::AllFalse(len);
    Mask all_known_other = Mask::AllTrue(len);
    bool nullable = false;
    // Over several columns, each operand may be a one-column subtree of its own (say, a
    // dictionary column's range): those try the dictionary path.
    const bool several_columns = ReferencedColumns(expr).size() > 1;
    for (const ExprRef &operand : expr.children()) {
        VX_ASSIGN_OR_RETURN(ArrayRef result, several_columns ? Evaluate(*operand, scope, cache)
                                                             : EvaluateNode(*operand, scope, cache));
        nullable = nullable || result->dtype().is_nullable();
        VX_ASSIGN_OR_RETURN(Truth truth, ToTruth(result));
        const Mask valid = Mask::FromBits(truth.valid);
        const Mask values = Mask::FromBits(truth.values);
        const Mask known_true = values.And(valid);
        const Mask known_false = values.Not().And(valid);
        decided = decided.Or(is_and ? known_false : known_true);
        all_known_other = all_known_other.And(is_and ? known_true : known_false);
    }
    // A row is known when it is decided or every operand gave the other value.
    const Mask valid = decided.Or(all_known_other);
    const Mask values = is_and ? all_known_other : decided;
    return FromTruth(values.ToBitBuffer(), valid.ToBitBuffer(), nullable);
}

// Decides an integer comparison whose literal lies outside the column's type: every valid
// element is below it (`above` true) or above it.
ArrayRef OutOfRangeCompare(const ArrayRef &array, CompareOp op, bool literal_above, bool nullable) {
    bool result = false;
    switch (op) {
        case CompareOp::Eq:
            result = false;
            break;
        case CompareOp::NotEq:
            result = true;
            break;
        case CompareOp::Lt:
        case CompareOp::Lte:
            result = literal_above;
            break;
        case CompareOp::Gt:
        case CompareOp::Gte:
            result = !literal_above;
            break;
    }
    return MakeCompareResult(BitBuffer::Full(array->len(), result),
                             Validity::FromMask(array->validity_mask()), nullable);
}

// The literal as int128 when it is an integer.
std::optional<int128_t> IntegerValue(const Scalar &scalar) {
    return std::visit(
        [](auto value) -> std::optional<int128_t> {
            if constexpr (std::is_integral_v<decltype(value)>) {
                return static_cast<int128_t>(value);
            } else {
                return std::nullopt;
            }
        },
        scalar.pvalue());
}

// A float literal with a fractional part, compared with an integer array.
bool IsFractionalAgainstIntegers(const DType &dtype, const Scalar &literal) {
    if (!dtype.is_primitive() || !IsInt(dtype.ptype()) || !literal.dtype().is_primitive() ||
        !IsFloat(literal.dtype().ptype()) || literal.is_null()) {
        return false;
    }
    return std::visit(
        [](auto value) {
            if constexpr (std::is_floating_point_v<decltype(value)>) {
                return std::isfinite(value) && std::trunc(value) != value;
            } else {
                return false;
            }
        },
        literal.pvalue());
}

} // namespace

Result<ArrayRef> CompareToLiteral(const ArrayRef &array, const Scalar &literal, CompareOp op) {
    const DType &dtype = array->dtype();
    // CompareScalar casts the literal to the array's type, which truncates a fractional float
    // against integers (x < 1.5 would become x < 1): those go to the f64 path below.
    if (!IsFractionalAgainstIntegers(dtype, literal)) {
        auto direct = CompareScalar(array, literal, op);
        if (direct.ok() || direct.status().code() != StatusCode::MismatchedTypes) {
            return direct;
        }
        if (!dtype.is_primitive() || !literal.dtype().is_primitive() || literal.is_null()) {
            return direct;
        }
    }
    const bool nullable = dtype.is_nullable() || literal.dtype().is_nullable();
    const std::optional<int128_t> literal_int = IntegerValue(literal);
    if (IsInt(dtype.ptype()) && literal_int) {
        return VisitIntPType(dtype.ptype(), [&]<typename T>() -> Result<ArrayRef> {
            const bool above = *literal_int > static_cast<int128_t>(std::numeric_limits<T>::max());
            return OutOfRangeCompare(array, op, above, nullable);
        });
    }
    // A fractional literal against integers, or mixed float widths: compare as f64.
    VX_ASSIGN_OR_RETURN(ArrayRef widened, Cast(array, DType::Primitive(PType::F64, dtype.nullability())));
    VX_ASSIGN_OR_RETURN(Scalar wide_literal,
                        Cast(literal, DType::Primitive(PType::F64, literal.dtype().nullability())));
    return CompareScalar(widened, wide_literal, op);
}

namespace {

// The primitive values under `array`: its canonical form, through an extension's storage
// (dates and timestamps order by their storage, as their scalars do). Null for other dtypes.
Result<std::shared_ptr<const PrimitiveArray>> PrimitiveValues(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (const auto *ext = As<ExtensionArray>(*canonical)) {
        VX_ASSIGN_OR_RETURN(canonical, Canonicalize(ext->storage()));
    }
    return std::dynamic_pointer_cast<const PrimitiveArray>(canonical);
}

// Both sides of one primitive or temporal dtype: a typed loop, 64 comparisons a word, in the
// total order scalars use (so NaN and -0.0 compare as they do there). nullopt otherwise.
Result<std::optional<ArrayRef>> CompareTypedArrays(const ArrayRef &lhs, const ArrayRef &rhs, CompareOp op) {
    const DType &dtype = lhs->dtype();
    const bool temporal_pair = dtype.is_extension() && rhs->dtype().is_extension() &&
                               dtype.EqualsIgnoringNullability(rhs->dtype()) &&
                               dtype.extension().storage.is_primitive();
    const bool primitive_pair =
        dtype.is_primitive() && rhs->dtype().is_primitive() && dtype.ptype() == rhs->dtype().ptype();
    if (!temporal_pair && !primitive_pair) {
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(auto left, PrimitiveValues(lhs));
    VX_ASSIGN_OR_RETURN(auto right, PrimitiveValues(rhs));
    if (left == nullptr || right == nullptr || left->ptype() != right->ptype()) {
        return std::optional<ArrayRef>();
    }
    BitBuffer values = VisitPType(left->ptype(), [&]<typename T>() {
        const std::span<const T> a = left->values_as<T>();
        const std::span<const T> b = right->values_as<T>();
        return WithComparator(op, [&](auto holds) {
            return BitBuffer::FromPredicate(
                a.size(), [&](size_t i) { return holds(TotalOrderKey(a[i]), TotalOrderKey(b[i])); });
        });
    });
    const Mask valid = lhs->validity_mask().And(rhs->validity_mask());
    return std::optional<ArrayRef>(FromTruth(std::move(values), valid.ToBitBuffer(),
                                             lhs->dtype().is_nullable() || rhs->dtype().is_nullable()));
}

// Both sides are arrays: typed loops for every dtype that has one, element by element through
// scalars for the rest (structs, lists, mixed dtypes).
Result<ArrayRef> CompareArrays(const ArrayRef &lhs, const ArrayRef &rhs, CompareOp op) {
    VX_ASSIGN_OR_RETURN(auto typed, CompareTypedArrays(lhs, rhs, op));
    if (typed) {
        return *std::move(typed);
    }
    VX_ASSIGN_OR_RETURN(typed, CompareArraysTyped(lhs, rhs, op));
    if (typed) {
        return *std::move(typed);
    }
    const size_t len = lhs->len();
    BitBufferMut values(len, false);
    BitBufferMut valid(len, true);
    for (size_t i = 0; i < len; ++i) {
        VX_ASSIGN_OR_RETURN(Scalar a, ScalarAt(lhs, i));
        VX_ASSIGN_OR_RETURN(Scalar b, ScalarAt(rhs, i));
        if (a.is_null() || b.is_null()) {
            valid.Set(i, false);
            continue;
        }
        values.Set(i, CompareOrdering(Compare(a, b), op));
    }
    return FromTruth(std::move(values).Freeze(), std::move(valid).Freeze(),
                     lhs->dtype().is_nullable() || rhs->dtype().is_nullable());
}

Result<ArrayRef> EvaluateCompare(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    const Expr &lhs = *expr.child(0);
    const Expr &rhs = *expr.child(1);
    if (rhs.kind() == ExprKind::Literal && lhs.kind() != ExprKind::Literal) {
        VX_ASSIGN_OR_RETURN(ArrayRef array, EvaluateNode(lhs, scope, cache));
        return CompareToLiteral(array, rhs.literal(), expr.op());
    }
    if (lhs.kind() == ExprKind::Literal && rhs.kind() != ExprKind::Literal) {
        VX_ASSIGN_OR_RETURN(ArrayRef array, EvaluateNode(rhs, scope, cache));
        return CompareToLiteral(array, lhs.literal(), SwapCompareOp(expr.op()));
    }
    VX_ASSIGN_OR_RETURN(ArrayRef left, EvaluateNode(lhs, scope, cache));
    VX_ASSIGN_OR_RETURN(ArrayRef right, EvaluateNode(rhs, scope, cache));
    return CompareArrays(left, right, expr.op());
}

Result<ArrayRef>
EvaluateNullTest(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache, bool want_null) {
    VX_ASSIGN_OR_RETURN(ArrayRef operand, EvaluateNode(*expr.child(0), scope, cache));
    Mask valid = operand->validity_mask();
    if (want_null) {
        valid = valid.Not();
    }
    return BoolArray::Make(valid.ToBitBuffer(), Validity::NonNullable());
}

Result<ArrayRef> EvaluateNot(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    VX_ASSIGN_OR_RETURN(ArrayRef operand, EvaluateNode(*expr.child(0), scope, cache));
    VX_ASSIGN_OR_RETURN(Truth truth, ToTruth(operand));
    const BitBuffer negated = Mask::FromBits(truth.values).Not().ToBitBuffer();
    return FromTruth(negated, std::move(truth.valid), operand->dtype().is_nullable());
}

Result<ArrayRef> EvaluateInList(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    std::vector<ExprRef> equalities;
    for (const Scalar &candidate : expr.list()) {
        equalities.push_back(Eq(expr.child(0), Lit(candidate)));
    }
    if (equalities.empty()) {
        VX_ASSIGN_OR_RETURN(ArrayRef operand, EvaluateNode(*expr.child(0), scope, cache));
        return MakeCompareResult(BitBuffer::Full(scope->len(), false),
                                 Validity::FromMask(operand->validity_mask()),
                                 operand->dtype().is_nullable());
    }
    return EvaluateNode(*Or(std::move(equalities)), scope, cache);
}

StringMatchKind MatchKindOf(ExprKind kind) {
    switch (kind) {
        case ExprKind::EndsWith:
            return StringMatchKind::Suffix;
        case ExprKind::Contains:
            return StringMatchKind::Contains;
        default:
            return StringMatchKind::Prefix;
    }
}

Result<ArrayRef> EvaluateStringMatch(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    VX_ASSIGN_OR_RETURN(ArrayRef operand, EvaluateNode(*expr.child(0), scope, cache));
    return MatchStrings(operand, StringMatch{MatchKindOf(expr.kind()), expr.pattern()});
}

bool IsIntegerLiteral(const Scalar &literal) {
    return !literal.is_null() && literal.dtype().is_primitive() && IsInt(literal.dtype().ptype());
}

Result<ArrayRef> EvaluateBetween(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    const ExprRef &value = expr.child(0);
    if (IsIntegerLiteral(expr.lower()) && IsIntegerLiteral(expr.upper())) {
        VX_ASSIGN_OR_RETURN(ArrayRef operand, EvaluateNode(*value, scope, cache));
        const DType &dtype = operand->dtype();
        if (dtype.is_primitive() && IsInt(dtype.ptype())) {
            // One range test instead of two comparisons and their AND; the bounds are clipped
            // to the column's type, so out-of-range literals need no special case.
            const int128_t lower = *IntegerValue(expr.lower()) + (expr.lower_strict() ? 1 : 0);
            const int128_t upper = *IntegerValue(expr.upper()) - (expr.upper_strict() ? 1 : 0);
            const bool nullable = dtype.is_nullable() || expr.lower().dtype().is_nullable() ||
                                  expr.upper().dtype().is_nullable();
            const std::optional<IntRange> range = ClippedIntRange(dtype.ptype(), lower, upper);
            if (!range) {
                return MakeCompareResult(BitBuffer::Full(operand->len(), false),
                                         Validity::FromMask(operand->validity_mask()), nullable);
            }
            return InIntRange(operand, *range, nullable);
        }
    }
    return EvaluateNode(
        *And(Compare(expr.lower_strict() ? CompareOp::Gt : CompareOp::Gte, value, Lit(expr.lower())),
             Compare(expr.upper_strict() ? CompareOp::Lt : CompareOp::Lte, value, Lit(expr.upper()))),
        scope, cache);
}

Result<ArrayRef> EvaluateColumn(const Expr &expr, const ArrayRef &scope) {
    const auto *fields = As<StructArray>(*scope);
    VX_ENSURE(fields != nullptr, InvalidArgument, "column {} needs a struct scope, got {}", expr.column(),
              scope->dtype());
    const ArrayRef field = fields->field_by_name(expr.column());
    VX_ENSURE(field != nullptr, InvalidArgument, "no column named {}", expr.column());
    return field;
}

// A struct's field, null also where the struct is. A struct without nulls hands out its
// field as stored (encoded), so that the comparison above runs on the encoding's kernels.
Result<ArrayRef> EvaluateGetField(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    VX_ASSIGN_OR_RETURN(ArrayRef value, EvaluateNode(*expr.child(0), scope, cache));
    VX_ENSURE(value->dtype().is_struct(), InvalidArgument, "field {} of {}, which is not a struct",
              expr.field(), value->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(value));
    const auto *fields = As<StructArray>(*canonical);
    VX_ENSURE(fields != nullptr, Internal, "a canonical struct is not a StructArray");
    ArrayRef field = fields->field_by_name(expr.field());
    VX_ENSURE(field != nullptr, InvalidArgument, "{} has no field named {}", value->dtype(), expr.field());
    const Mask parent_valid = fields->validity_mask();
    if (parent_valid.all_true()) {
        return field;
    }
    VX_ASSIGN_OR_RETURN(ArrayRef field_canonical, Canonicalize(field));
    const Mask valid = field_canonical->validity_mask().And(parent_valid);
    return WithValidity(field_canonical, Validity::FromMask(valid));
}

// The per-value results gathered by the codes; a result that is the same for every value
// (a prefix no value has) needs no gather.
Result<ArrayRef> GatherPerValue(const EvaluationCache::PerValue &per_value, const ArrayRef &codes) {
    if (per_value.uniform.has_value()) {
        return MakeCompareResult(BitBuffer::Full(codes->len(), *per_value.uniform), Validity::AllValid(),
                                 per_value.result->dtype().is_nullable());
    }
    return Take(per_value.result, codes);
}

// The dictionary's codes, canonical; nullopt when some are null (a null row would then read
// the predicate's value where IS NULL or OR must see NULL).
Result<std::optional<ArrayRef>> NonNullCodes(const DictArray &dict) {
    VX_ASSIGN_OR_RETURN(ArrayRef codes, Canonicalize(dict.codes()));
    if (!codes->validity_mask().all_true()) {
        return std::optional<ArrayRef>();
    }
    return std::optional<ArrayRef>(std::move(codes));
}

// The predicate once per dictionary value: the values as the one column of a scope.
Result<ArrayRef> EvaluatePerValue(const Expr &expr, const std::string &column, const ArrayRef &values) {
    VX_ASSIGN_OR_RETURN(ArrayRef values_scope, StructArray::FromFields({column}, {values}, values->len()));
    return EvaluateNode(expr, values_scope, nullptr);
}

// With a scan's cache the predicate runs once over the whole dictionary, which the splits of
// the scan share, instead of once per split over the values that split uses.
Result<std::optional<ArrayRef>> EvaluateOverWholeDictionary(const Expr &expr,
                                                            const std::string &column,
                                                            const DictArray &dict,
                                                            EvaluationCache &cache) {
    VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> codes, NonNullCodes(dict));
    if (!codes) {
        return std::optional<ArrayRef>();
    }
    const std::string key = expr.ToString();
    std::optional<EvaluationCache::PerValue> per_value = cache.Find(key, dict.values());
    if (!per_value) {
        VX_ASSIGN_OR_RETURN(ArrayRef result, EvaluatePerValue(expr, column, dict.values()));
        const bool predicate = result->dtype().is_bool();
        per_value = EvaluationCache::PerValue{result, std::nullopt};
        if (predicate) { // a value expression (a length) has no uniform truth
            VX_ASSIGN_OR_RETURN(Truth truth, ToTruth(result));
            const size_t valid = truth.valid.CountSetBits();
            const size_t set = truth.values.CountSetBits();
            if (valid == truth.valid.len() && (set == 0 || set == valid)) {
                per_value->uniform = set != 0;
            }
        }
        cache.Insert(key, dict.values(), *per_value);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef gathered, GatherPerValue(*per_value, *codes));
    return std::optional<ArrayRef>(std::move(gathered));
}

// The one column (name and array) a function or predicate reads, when it reads exactly one;
// nullopt for a bare column or literal, which have nothing to evaluate per value.
std::optional<std::pair<std::string, ArrayRef>> OneColumnOf(const Expr &expr, const ArrayRef &scope) {
    if (expr.kind() == ExprKind::Column || expr.kind() == ExprKind::Literal) {
        return std::nullopt;
    }
    std::vector<std::string> columns = ReferencedColumns(expr);
    const auto *fields = As<StructArray>(*scope);
    if (columns.size() != 1 || fields == nullptr) {
        return std::nullopt;
    }
    ArrayRef field = fields->field_by_name(columns[0]);
    if (field == nullptr) {
        return std::nullopt;
    }
    return std::pair{std::move(columns[0]), std::move(field)};
}

// A predicate over one dictionary-encoded column is a function of the value: evaluate it once
// per dictionary value, then gather the results by the codes (one take, however many
// comparisons and connectives the predicate has). nullopt when that does not apply: another
// encoding, a dictionary no smaller than the rows, or null codes.
Result<std::optional<ArrayRef>>
EvaluateOverDictionary(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    const std::optional<std::pair<std::string, ArrayRef>> column = OneColumnOf(expr, scope);
    std::shared_ptr<const DictArray> dict = column ? As<DictArray>(column->second) : nullptr;
    if (dict == nullptr) {
        return std::optional<ArrayRef>();
    }
    const std::string &name = column->first;
    if (cache != nullptr) {
        return EvaluateOverWholeDictionary(expr, name, *dict, *cache);
    }
    if (dict->values()->len() * 8 > dict->len()) {
        // A dictionary shared by many chunks: evaluate over the values these rows use.
        VX_ASSIGN_OR_RETURN(dict, dict->CompactValues());
        if (dict->values()->len() * 2 > dict->len()) {
            return std::optional<ArrayRef>();
        }
    }
    VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> codes, NonNullCodes(*dict));
    if (!codes) {
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(ArrayRef per_value, EvaluatePerValue(expr, name, dict->values()));
    VX_ASSIGN_OR_RETURN(ArrayRef gathered, Take(per_value, *codes));
    return std::optional<ArrayRef>(std::move(gathered));
}

// An expression of one column whose encoding holds each run or distinct value once (run-end,
// constant, also under an extension dtype): evaluated once per run or value, keeping the runs.
// nullopt for other columns.
Result<std::optional<ArrayRef>> EvaluateOverRuns(const Expr &expr, const ArrayRef &scope) {
    const std::optional<std::pair<std::string, ArrayRef>> column = OneColumnOf(expr, scope);
    if (!column) {
        return std::optional<ArrayRef>();
    }
    std::optional<Result<ArrayRef>> mapped = MapValuesEncoded(column->second, [&](const ArrayRef &values) {
        return EvaluatePerValue(expr, column->first, values);
    });
    if (!mapped) {
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(ArrayRef result, *std::move(mapped));
    return std::optional<ArrayRef>(std::move(result));
}

Result<ArrayRef> EvaluateNode(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    switch (expr.kind()) {
        case ExprKind::Column:
            return EvaluateColumn(expr, scope);
        case ExprKind::GetField:
            return EvaluateGetField(expr, scope, cache);
        case ExprKind::Literal:
            return ArrayRef(ConstantArray::Make(expr.literal(), scope->len()));
        case ExprKind::Compare:
            return EvaluateCompare(expr, scope, cache);
        case ExprKind::And:
            return Connective(expr, scope, cache, true);
        case ExprKind::Or:
            return Connective(expr, scope, cache, false);
        case ExprKind::Not:
            return EvaluateNot(expr, scope, cache);
        case ExprKind::IsNull:
            return EvaluateNullTest(expr, scope, cache, true);
        case ExprKind::IsNotNull:
            return EvaluateNullTest(expr, scope, cache, false);
        case ExprKind::InList:
            return EvaluateInList(expr, scope, cache);
        case ExprKind::StartsWith:
        case ExprKind::EndsWith:
        case ExprKind::Contains:
            return EvaluateStringMatch(expr, scope, cache);
        case ExprKind::Between:
            return EvaluateBetween(expr, scope, cache);
        case ExprKind::DatePart: {
            VX_ASSIGN_OR_RETURN(ArrayRef value, EvaluateNode(*expr.child(0), scope, cache));
            return vortex::DatePart(value, expr.date_part());
        }
        case ExprKind::Length: {
            VX_ASSIGN_OR_RETURN(ArrayRef value, EvaluateNode(*expr.child(0), scope, cache));
            return vortex::Length(value, expr.length_unit());
        }
    }
    return Status::Internal("unknown expression kind");
}

} // namespace

Result<ArrayRef> Evaluate(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    // Tried once per one-column subtree: its nodes would repeat the same decision (and the
    // same compaction) for the same column.
    VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> over_dictionary, EvaluateOverDictionary(expr, scope, cache));
    if (over_dictionary) {
        return *std::move(over_dictionary);
    }
    VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> over_runs, EvaluateOverRuns(expr, scope));
    if (over_runs) {
        return *std::move(over_runs);
    }
    return EvaluateNode(expr, scope, cache);
}

Result<Mask> EvaluateMask(const Expr &expr, const ArrayRef &scope, EvaluationCache *cache) {
    VX_ASSIGN_OR_RETURN(ArrayRef result, Evaluate(expr, scope, cache));
    VX_ASSIGN_OR_RETURN(Truth truth, ToTruth(result));
    return Mask::FromBits(truth.values).And(Mask::FromBits(truth.valid));
}

std::optional<EvaluationCache::PerValue> EvaluationCache::Find(const std::string &expr,
                                                               const ArrayRef &values) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find({expr, values.get()});
    if (it == entries_.end()) {
        return std::nullopt;
    }
    return it->second.second;
}

void EvaluationCache::Insert(const std::string &expr, const ArrayRef &values, const PerValue &per_value) {
    std::lock_guard<std::mutex> lock(mutex_);
    // The entry holds `values`, so no other array can take its address while it is a key.
    entries_.try_emplace({expr, values.get()}, values, per_value);
}

} // namespace vortex::expr
