// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"
#include "vortex/expr/evaluate.h"

namespace vortex::expr {
namespace {

Scalar I64(int64_t value) {
    return Scalar::Primitive<int64_t>(value, Nullability::NonNullable);
}

Scalar Str(const std::string &value) {
    return Scalar::Utf8(value, Nullability::NonNullable);
}

// A truth value per row: 1 true, 0 false, -1 NULL.
std::vector<int> Truths(const ArrayRef &array) {
    std::vector<int> out;
    for (size_t i = 0; i < array->len(); ++i) {
        auto scalar = ScalarAt(array, i);
        EXPECT_TRUE(scalar.ok());
        out.push_back(scalar->is_null() ? -1 : (scalar->as_bool() ? 1 : 0));
    }
    return out;
}

ArrayRef Bools(const std::vector<int> &truths) {
    std::vector<std::optional<bool>> values;
    std::vector<Scalar> scalars;
    scalars.reserve(truths.size());
    for (int t : truths) {
        scalars.push_back(t < 0 ? Scalar::Null(DType::Bool(Nullability::Nullable))
                                : Scalar::Bool(t == 1, Nullability::Nullable));
    }
    auto array = ArrayFromScalars(DType::Bool(Nullability::Nullable), scalars);
    EXPECT_TRUE(array.ok());
    return *array;
}

// Scope: a (i32?) = [1, 5, NULL, 10, -3], s (utf8?) = ["apple", "banana", "apricot", NULL, ""].
ArrayRef Scope() {
    auto a = PrimitiveArray::FromOptionals<int32_t>({1, 5, std::nullopt, 10, -3});
    auto s = ArrayFromScalars(
        DType::Utf8(Nullability::Nullable),
        {Scalar::Utf8("apple", Nullability::Nullable), Scalar::Utf8("banana", Nullability::Nullable),
         Scalar::Utf8("apricot", Nullability::Nullable), Scalar::Null(DType::Utf8(Nullability::Nullable)),
         Scalar::Utf8("", Nullability::Nullable)});
    EXPECT_TRUE(s.ok());
    auto scope = StructArray::FromFields({"a", "s"}, {a, *s}, 5);
    EXPECT_TRUE(scope.ok());
    return *scope;
}

std::vector<int> EvaluateOnScope(const ExprRef &expr) {
    auto result = Evaluate(*expr, Scope());
    EXPECT_TRUE(result.ok()) << expr->ToString() << ": " << result.status();
    return result.ok() ? Truths(*result) : std::vector<int>{};
}

TEST(EvaluateTest, ComparesWithLiteralsOnEitherSide) {
    EXPECT_EQ(EvaluateOnScope(Gt(Col("a"), Lit(I64(4)))), (std::vector<int>{0, 1, -1, 1, 0}));
    EXPECT_EQ(EvaluateOnScope(Lt(Lit(I64(4)), Col("a"))), (std::vector<int>{0, 1, -1, 1, 0}));
    EXPECT_EQ(EvaluateOnScope(Eq(Col("a"), Lit(I64(5)))), (std::vector<int>{0, 1, -1, 0, 0}));
    EXPECT_EQ(EvaluateOnScope(NotEq(Col("a"), Lit(I64(5)))), (std::vector<int>{1, 0, -1, 1, 1}));
    EXPECT_EQ(EvaluateOnScope(Gte(Col("s"), Lit(Str("apricot")))), (std::vector<int>{0, 1, 1, -1, 0}));
}

TEST(EvaluateTest, LiteralsOutsideTheColumnTypeStillCompare) {
    // i32 column against a literal beyond i32 and a fractional literal.
    EXPECT_EQ(EvaluateOnScope(Lt(Col("a"), Lit(I64(int64_t{1} << 40)))), (std::vector<int>{1, 1, -1, 1, 1}));
    EXPECT_EQ(EvaluateOnScope(Gt(Col("a"), Lit(I64(-(int64_t{1} << 40))))),
              (std::vector<int>{1, 1, -1, 1, 1}));
    EXPECT_EQ(EvaluateOnScope(Eq(Col("a"), Lit(I64(int64_t{1} << 40)))), (std::vector<int>{0, 0, -1, 0, 0}));
    EXPECT_EQ(EvaluateOnScope(Gt(Col("a"), Lit(Scalar::Primitive<double>(4.5, Nullability::NonNullable)))),
              (std::vector<int>{0, 1, -1, 1, 0}));
    EXPECT_FALSE(Evaluate(*Gt(Col("a"), Lit(Str("x"))), Scope()).ok());
}

TEST(EvaluateTest, ConnectivesFollowKleeneLogic) {
    // Truth tables over (NULL, false, true) x (NULL, false, true).
    const std::vector<int> left = {-1, -1, -1, 0, 0, 0, 1, 1, 1};
    const std::vector<int> right = {-1, 0, 1, -1, 0, 1, -1, 0, 1};
    auto scope = StructArray::FromFields({"l", "r"}, {Bools(left), Bools(right)}, 9);
    ASSERT_TRUE(scope.ok());
    ASSERT_OK_AND_ASSIGN(ArrayRef both, Evaluate(*And(Col("l"), Col("r")), *scope));
    EXPECT_EQ(Truths(both), (std::vector<int>{-1, 0, -1, 0, 0, 0, -1, 0, 1}));
    ASSERT_OK_AND_ASSIGN(ArrayRef either, Evaluate(*Or(Col("l"), Col("r")), *scope));
    EXPECT_EQ(Truths(either), (std::vector<int>{-1, -1, 1, -1, 0, 1, 1, 1, 1}));
    ASSERT_OK_AND_ASSIGN(ArrayRef negated, Evaluate(*Not(Col("l")), *scope));
    EXPECT_EQ(Truths(negated), (std::vector<int>{-1, -1, -1, 1, 1, 1, 0, 0, 0}));
    ASSERT_OK_AND_ASSIGN(Mask selected, EvaluateMask(*Or(Col("l"), Col("r")), *scope));
    EXPECT_EQ(selected.Indices(), (std::vector<size_t>{2, 5, 6, 7, 8}));
}

TEST(EvaluateTest, NullTestsNeverReturnNull) {
    EXPECT_EQ(EvaluateOnScope(IsNull(Col("a"))), (std::vector<int>{0, 0, 1, 0, 0}));
    EXPECT_EQ(EvaluateOnScope(IsNotNull(Col("s"))), (std::vector<int>{1, 1, 1, 0, 1}));
}

TEST(EvaluateTest, InListBetweenAndPrefix) {
    EXPECT_EQ(EvaluateOnScope(InList(Col("a"), {I64(10), I64(1)})), (std::vector<int>{1, 0, -1, 1, 0}));
    EXPECT_EQ(EvaluateOnScope(InList(Col("a"), {})), (std::vector<int>{0, 0, -1, 0, 0}));
    EXPECT_EQ(EvaluateOnScope(Between(Col("a"), I64(1), I64(10))), (std::vector<int>{1, 1, -1, 1, 0}));
    EXPECT_EQ(EvaluateOnScope(Between(Col("a"), I64(1), I64(10), true, true)),
              (std::vector<int>{0, 1, -1, 0, 0}));
    EXPECT_EQ(EvaluateOnScope(StartsWith(Col("s"), "ap")), (std::vector<int>{1, 0, 1, -1, 0}));
    EXPECT_EQ(EvaluateOnScope(StartsWith(Col("s"), "")), (std::vector<int>{1, 1, 1, -1, 1}));
    EXPECT_FALSE(Evaluate(*StartsWith(Col("a"), "1"), Scope()).ok());
    // apple, banana, apricot, null, "".
    EXPECT_EQ(EvaluateOnScope(EndsWith(Col("s"), "e")), (std::vector<int>{1, 0, 0, -1, 0}));
    EXPECT_EQ(EvaluateOnScope(EndsWith(Col("s"), "apple")), (std::vector<int>{1, 0, 0, -1, 0}));
    EXPECT_EQ(EvaluateOnScope(EndsWith(Col("s"), "")), (std::vector<int>{1, 1, 1, -1, 1}));
    EXPECT_EQ(EvaluateOnScope(Contains(Col("s"), "an")), (std::vector<int>{0, 1, 0, -1, 0}));
    EXPECT_EQ(EvaluateOnScope(Contains(Col("s"), "p")), (std::vector<int>{1, 0, 1, -1, 0}));
    EXPECT_EQ(EvaluateOnScope(Contains(Col("s"), "applesauce")), (std::vector<int>{0, 0, 0, -1, 0}));
    EXPECT_EQ(EvaluateOnScope(Contains(Col("s"), "")), (std::vector<int>{1, 1, 1, -1, 1}));
    EXPECT_FALSE(Evaluate(*Contains(Col("a"), "1"), Scope()).ok());
}

// Integer BETWEEN is one range test: strict ends, bounds past the column's type (clipped),
// empty ranges and a null bound (the Kleene AND of the two comparisons) all answer as the two
// comparisons would.
TEST(EvaluateTest, StructFieldsAreNullWhereTheStructIs) {
    // st = [{x: 1}, {x: 5}, NULL (x 5 underneath), {x: NULL}, {x: 9}], nested in another
    // struct `outer` with no nulls of its own.
    auto x = PrimitiveArray::FromOptionals<int32_t>({1, 5, 5, std::nullopt, 9});
    ASSERT_OK_AND_ASSIGN(
        auto st,
        StructArray::FromFields({"x"}, {x}, 5,
                                Validity::FromBits(BitBuffer::FromBools({true, true, false, true, true}))));
    ASSERT_OK_AND_ASSIGN(auto outer, StructArray::FromFields({"st"}, {st}, 5));
    ASSERT_OK_AND_ASSIGN(auto scope, StructArray::FromFields({"st", "outer"}, {st, outer}, 5));
    const auto truths = [&](const ExprRef &e) {
        auto result = Evaluate(*e, scope);
        EXPECT_TRUE(result.ok()) << e->ToString() << ": " << result.status();
        return result.ok() ? Truths(*result) : std::vector<int>{};
    };
    EXPECT_EQ(truths(Eq(GetField(Col("st"), "x"), Lit(I64(5)))), (std::vector<int>{0, 1, -1, -1, 0}));
    EXPECT_EQ(truths(IsNull(GetField(Col("st"), "x"))), (std::vector<int>{0, 0, 1, 1, 0}));
    EXPECT_EQ(truths(Between(GetField(GetField(Col("outer"), "st"), "x"), I64(2), I64(9))),
              (std::vector<int>{0, 1, -1, -1, 1}));
    EXPECT_EQ(GetField(GetField(Col("outer"), "st"), "x")->ToString(), "outer.st.x");
    EXPECT_EQ(GetField(Col("st"), "a b")->ToString(), "st.\"a b\"");
    EXPECT_FALSE(Evaluate(*Eq(GetField(Col("st"), "nope"), Lit(I64(1))), scope).ok());
    EXPECT_FALSE(Evaluate(*Eq(GetField(GetField(Col("st"), "x"), "y"), Lit(I64(1))), scope).ok());
}

TEST(EvaluateTest, IntegerBetweenEdges) {
    auto narrow = PrimitiveArray::FromOptionals<int8_t>({-128, -1, 0, std::nullopt, 5, 127});
    auto scope = StructArray::FromFields({"a"}, {narrow}, 6);
    ASSERT_TRUE(scope.ok());
    auto truths = [&](const ExprRef &e) {
        auto result = Evaluate(*e, *scope);
        EXPECT_TRUE(result.ok()) << result.status().ToString();
        return result.ok() ? Truths(*result) : std::vector<int>{};
    };
    EXPECT_EQ(truths(Between(Col("a"), I64(-1000), I64(1000))), (std::vector<int>{1, 1, 1, -1, 1, 1}));
    EXPECT_EQ(truths(Between(Col("a"), I64(-128), I64(127), true, true)),
              (std::vector<int>{0, 1, 1, -1, 1, 0}));
    EXPECT_EQ(truths(Between(Col("a"), I64(0), I64(5), true, false)), (std::vector<int>{0, 0, 0, -1, 1, 0}));
    EXPECT_EQ(truths(Between(Col("a"), I64(5), I64(0))), (std::vector<int>{0, 0, 0, -1, 0, 0}));
    EXPECT_EQ(truths(Between(Col("a"), I64(200), I64(300))), (std::vector<int>{0, 0, 0, -1, 0, 0}));
    EXPECT_EQ(truths(Between(Col("a"), I64(4), I64(4), false, true)), (std::vector<int>{0, 0, 0, -1, 0, 0}));
    const Scalar null_bound = Scalar::Null(DType::Primitive(PType::I64, Nullability::Nullable));
    EXPECT_EQ(truths(Between(Col("a"), null_bound, I64(0))), (std::vector<int>{-1, -1, -1, -1, 0, 0}));
    auto nullable_bound = Scalar::Primitive<int64_t>(0, Nullability::Nullable);
    ASSERT_OK_AND_ASSIGN(ArrayRef result, Evaluate(*Between(Col("a"), nullable_bound, I64(9)), *scope));
    EXPECT_TRUE(result->dtype().is_nullable());
}

TEST(EvaluateTest, ColumnAgainstColumn) {
    auto b = PrimitiveArray::FromOptionals<int32_t>({1, 6, 3, std::nullopt, -4});
    auto scope = StructArray::FromFields(
        {"a", "b"}, {PrimitiveArray::FromOptionals<int32_t>({1, 5, std::nullopt, 10, -3}), b}, 5);
    ASSERT_TRUE(scope.ok());
    ASSERT_OK_AND_ASSIGN(ArrayRef result, Evaluate(*Lt(Col("b"), Col("a")), *scope));
    EXPECT_EQ(Truths(result), (std::vector<int>{0, 0, -1, -1, 1}));
}

// Two columns of one primitive, temporal, boolean, decimal, string or binary dtype compare in a
// typed loop; the answers must be scalar ordering's, row by row, over nulls on either side, NaN,
// -0.0 and encoded forms.
TEST(EvaluateTest, ColumnAgainstColumnOfEveryScalarType) {
    std::vector<DType> dtypes;
    for (uint8_t tag = 0; tag <= kMaxPTypeTag; ++tag) {
        dtypes.push_back(DType::Primitive(static_cast<PType>(tag), Nullability::Nullable));
    }
    dtypes.push_back(*DateDType(TimeUnit::Days, Nullability::Nullable));
    dtypes.push_back(*TimeDType(TimeUnit::Milliseconds, Nullability::NonNullable));
    dtypes.push_back(*TimestampDType(TimeUnit::Nanoseconds, "UTC", Nullability::Nullable));
    dtypes.push_back(DType::Bool(Nullability::Nullable));
    dtypes.push_back(DType::Bool(Nullability::NonNullable));
    for (const auto &[precision, scale] :
         {std::pair<int, int>{2, 0}, {4, 1}, {9, 2}, {18, 3}, {38, 6}, {76, 10}}) {
        dtypes.push_back(DType::Decimal(static_cast<uint8_t>(precision), static_cast<int8_t>(scale),
                                        Nullability::Nullable));
    }
    dtypes.push_back(DType::Utf8(Nullability::Nullable));
    dtypes.push_back(DType::Binary(Nullability::NonNullable));
    const CompareOp ops[] = {CompareOp::Eq,  CompareOp::NotEq, CompareOp::Lt,
                             CompareOp::Lte, CompareOp::Gt,    CompareOp::Gte};
    uint64_t seed = 1;
    for (const DType &dtype : dtypes) {
        SCOPED_TRACE(dtype.ToString());
        // Few distinct values so equality holds often; one side in an encoded form.
        ArrayRef a = RandomArray(dtype, {.len = 400, .null_fraction = 0.2, .seed = seed++});
        ArrayRef pool = RandomArray(dtype, {.len = 400, .null_fraction = 0.2, .seed = seed++});
        std::vector<uint32_t> picks(400);
        for (size_t i = 0; i < picks.size(); ++i) {
            picks[i] = static_cast<uint32_t>(i % 3 == 0 ? i : (i * 7) % 400);
        }
        ASSERT_OK_AND_ASSIGN(ArrayRef mixed, Take(a, PrimitiveArray::FromValues(picks)));
        ASSERT_OK_AND_ASSIGN(ArrayRef b, ToForm(mixed, ArrayForm::Dict, seed++));
        auto scope = StructArray::FromFields({"a", "b"}, {a, b}, 400);
        ASSERT_OK(scope.status());
        for (CompareOp op : ops) {
            ASSERT_OK_AND_ASSIGN(ArrayRef result, Evaluate(*Compare(op, Col("a"), Col("b")), *scope));
            for (size_t i = 0; i < 400; ++i) {
                ASSERT_OK_AND_ASSIGN(Scalar x, ScalarAt(a, i));
                ASSERT_OK_AND_ASSIGN(Scalar y, ScalarAt(b, i));
                ASSERT_OK_AND_ASSIGN(Scalar got, ScalarAt(result, i));
                if (x.is_null() || y.is_null()) {
                    EXPECT_TRUE(got.is_null()) << "row " << i;
                } else {
                    ASSERT_FALSE(got.is_null()) << "row " << i;
                    EXPECT_EQ(got.as_bool(), CompareOrdering(vortex::Compare(x, y), op))
                        << "row " << i << ": " << x.ToString() << " vs " << y.ToString() << " op "
                        << static_cast<int>(op);
                }
            }
        }
    }
}

TEST(EvaluateTest, UsesEncodedArraysWithoutLosingValues) {
    // A dictionary column and a constant column give the same answers as their decoded forms.
    auto codes = PrimitiveArray::FromValues<uint8_t>({0, 1, 1, 0, 2});
    auto values = PrimitiveArray::FromValues<int64_t>({7, 9, 11});
    auto scope = StructArray::FromFields({"d", "k"},
                                         {DictArray::Make(codes, values), ConstantArray::Make(I64(3), 5)}, 5);
    ASSERT_TRUE(scope.ok());
    ASSERT_OK_AND_ASSIGN(ArrayRef result,
                         Evaluate(*And(Gte(Col("d"), Lit(I64(9))), Eq(Col("k"), Lit(I64(3)))), *scope));
    EXPECT_EQ(Truths(result), (std::vector<int>{0, 1, 1, 0, 1}));
}

TEST(EvaluateTest, ReportsMissingColumnsAndNonBooleanPredicates) {
    auto missing = Evaluate(*Eq(Col("nope"), Lit(I64(1))), Scope());
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.status().message().find("nope"), std::string::npos);
    EXPECT_FALSE(EvaluateMask(*Col("a"), Scope()).ok());
    EXPECT_FALSE(Evaluate(*And(Col("a"), Col("a")), Scope()).ok());
}

// A predicate over one dictionary column is evaluated per value and gathered by the codes;
// it must agree row for row with the same predicate over the decoded column, nulls included
// (null values and, through the fallback, null codes).
TEST(EvaluateTest, PredicatesOverADictionaryMatchTheDecodedColumn) {
    const DType utf8 = DType::Utf8(Nullability::Nullable);
    auto values = ArrayFromScalars(utf8, {Scalar::Utf8("apple", Nullability::Nullable), Scalar::Null(utf8),
                                          Scalar::Utf8("banana", Nullability::Nullable),
                                          Scalar::Utf8("apricot", Nullability::Nullable)});
    ASSERT_TRUE(values.ok());
    std::vector<uint8_t> plain_codes;
    std::vector<std::optional<uint8_t>> nullable_codes;
    for (size_t i = 0; i < 40; ++i) {
        plain_codes.push_back(static_cast<uint8_t>((i * 7) % 4));
        nullable_codes.push_back(i % 5 == 2 ? std::nullopt : std::optional<uint8_t>(plain_codes.back()));
    }
    const std::vector<ArrayRef> codes = {PrimitiveArray::FromValues(plain_codes),
                                         PrimitiveArray::FromOptionals(nullable_codes)};
    const std::vector<ExprRef> predicates = {
        Eq(Col("s"), Lit(Str("apple"))),
        And(Gte(Col("s"), Lit(Str("ap"))), Lt(Col("s"), Lit(Str("aq")))),
        Or(Eq(Col("s"), Lit(Str("banana"))), IsNull(Col("s"))),
        Not(Eq(Col("s"), Lit(Str("apple")))),
        IsNull(Col("s")),
        IsNotNull(Col("s")),
        InList(Col("s"), {Str("banana"), Str("apricot")}),
        StartsWith(Col("s"), "ap"),
        EndsWith(Col("s"), "na"),
        Contains(Col("s"), "ric"),
        Eq(Col("s"), Lit(Str("zzz"))), // no value: the same result for every entry
        Gte(Col("s"), Lit(Str("a"))),
    };
    // The same values followed by many unused ones: large dictionaries are compacted first.
    std::vector<Scalar> many = {Scalar::Utf8("apple", Nullability::Nullable), Scalar::Null(utf8),
                                Scalar::Utf8("banana", Nullability::Nullable),
                                Scalar::Utf8("apricot", Nullability::Nullable)};
    for (int i = 0; i < 60; ++i) {
        many.push_back(Scalar::Utf8("unused " + std::to_string(i), Nullability::Nullable));
    }
    auto large = ArrayFromScalars(utf8, many);
    ASSERT_TRUE(large.ok());
    for (const ArrayRef &dictionary : {*values, *large}) {
        // Shared by every code array over this dictionary, as a scan's splits share it.
        EvaluationCache cache;
        for (const ArrayRef &code_array : codes) {
            const ArrayRef dict = DictArray::Make(code_array, dictionary);
            auto decoded = dict->ToCanonical();
            ASSERT_TRUE(decoded.ok());
            auto dict_scope = StructArray::FromFields({"s"}, {dict}, dict->len());
            auto plain_scope = StructArray::FromFields({"s"}, {*decoded}, dict->len());
            ASSERT_TRUE(dict_scope.ok() && plain_scope.ok());
            for (const ExprRef &predicate : predicates) {
                auto over_dict = Evaluate(*predicate, *dict_scope);
                auto over_plain = Evaluate(*predicate, *plain_scope);
                ASSERT_TRUE(over_dict.ok()) << over_dict.status().ToString();
                ASSERT_TRUE(over_plain.ok()) << over_plain.status().ToString();
                EXPECT_EQ(Truths(*over_dict), Truths(*over_plain))
                    << predicate->ToString() << (code_array->dtype().is_nullable() ? " (null codes)" : "");
                for (int pass = 0; pass < 2; ++pass) { // the second pass finds the cached results
                    auto cached = Evaluate(*predicate, *dict_scope, &cache);
                    ASSERT_TRUE(cached.ok()) << cached.status().ToString();
                    EXPECT_EQ(Truths(*cached), Truths(*over_plain))
                        << predicate->ToString() << " with the cache";
                    EXPECT_EQ((*cached)->dtype(), (*over_plain)->dtype()) << predicate->ToString();
                }
            }
        }
    }
}

} // namespace
} // namespace vortex::expr
