// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <random>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"
#include "vortex/expr/evaluate.h"
#include "vortex/expr/parse.h"

namespace vortex::expr {
namespace {

constexpr Nullability kNullable = Nullability::Nullable;
constexpr Nullability kNonNullable = Nullability::NonNullable;

DType TimestampMicros() {
    auto out = TimestampDType(TimeUnit::Microseconds, std::nullopt, kNullable);
    EXPECT_TRUE(out.ok());
    return *out;
}

DType DateDays() {
    auto out = DateDType(TimeUnit::Days, kNullable);
    EXPECT_TRUE(out.ok());
    return *out;
}

DType TimeSeconds() {
    auto out = TimeDType(TimeUnit::Seconds, kNullable);
    EXPECT_TRUE(out.ok());
    return *out;
}

DType Scope() {
    return DType::Struct(
        {"i", "u", "f", "s", "b", "flag", "day", "ts", "tod", "dec", "my col", "Name", "name2"},
        {DType::Primitive(PType::I32, kNullable), DType::Primitive(PType::U64, kNonNullable),
         DType::Primitive(PType::F64, kNullable), DType::Utf8(kNullable), DType::Binary(kNullable),
         DType::Bool(kNullable), DateDays(), TimestampMicros(), TimeSeconds(),
         DType::Decimal(10, 2, kNullable), DType::Primitive(PType::I64, kNullable), DType::Utf8(kNullable),
         DType::Utf8(kNullable)},
        kNonNullable);
}

ExprRef Parse(std::string_view text) {
    auto out = ParseExpr(text, Scope());
    EXPECT_TRUE(out.ok()) << text << ": " << out.status().ToString();
    return out.ok() ? *out : Lit(Scalar::Bool(false, kNonNullable));
}

// The error message of a parse that must fail with InvalidArgument.
std::string ParseError(std::string_view text) {
    auto out = ParseExpr(text, Scope());
    if (out.ok()) {
        ADD_FAILURE() << text << " parsed as " << (*out)->ToString();
        return "";
    }
    EXPECT_EQ(out.status().code(), StatusCode::InvalidArgument) << text;
    return out.status().message();
}

const Scalar &RhsLiteral(const ExprRef &expr) {
    EXPECT_EQ(expr->kind(), ExprKind::Compare);
    return expr->child(1)->literal();
}

TEST(ParseExprTest, TypesLiteralsAgainstTheirColumn) {
    EXPECT_EQ(RhsLiteral(Parse("i = 5")), Scalar::Primitive<int64_t>(5, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("i = -5")), Scalar::Primitive<int64_t>(-5, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("u = 18446744073709551615")),
              Scalar::Primitive<uint64_t>(18446744073709551615u, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("i < 1.5")), Scalar::Primitive<double>(1.5, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("f = 5")), Scalar::Primitive<double>(5.0, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("f = -2.5e-3")), Scalar::Primitive<double>(-2.5e-3, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("f = .5")), Scalar::Primitive<double>(0.5, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("s = 'it''s'")), Scalar::Utf8("it's", kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("b = 'ab'")), Scalar::Binary({'a', 'b'}, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("flag = TRUE")), Scalar::Bool(true, kNonNullable));
    EXPECT_EQ(RhsLiteral(Parse("i = null")), Scalar::Null(DType::Primitive(PType::I32, kNullable)));
    const Scalar decimal = RhsLiteral(Parse("dec = -1.5"));
    EXPECT_EQ(decimal.as_decimal().value, I256::FromInt128(-150));
    EXPECT_EQ(RhsLiteral(Parse("dec = 15e-1")).as_decimal().value, I256::FromInt128(150));
    EXPECT_EQ(RhsLiteral(Parse("dec = 2")).as_decimal().value, I256::FromInt128(200));
    // A literal on the left is typed the same way.
    const ExprRef swapped = Parse("5 < i");
    EXPECT_EQ(swapped->child(0)->literal(), Scalar::Primitive<int64_t>(5, kNonNullable));
    EXPECT_EQ(swapped->child(1)->column(), "i");
}

TEST(ParseExprTest, ParsesDecimalLiteralsWiderThan128Bits) {
    const DType scope =
        DType::Struct({"wide", "widest"},
                      {DType::Decimal(41, 2, kNullable), DType::Decimal(76, 0, kNonNullable)}, kNonNullable);
    // Limbs computed outside this code base (Python big integers, two's complement mod 2^256).
    ASSERT_OK_AND_ASSIGN(ExprRef wide,
                         ParseExpr("wide < -123456789012345678901234567890123456789.25", scope));
    const I256 negative{
        {0x40a4441bf18993b3ULL, 0xb824bb6677687ac9ULL, 0xffffffffffffffdbULL, 0xffffffffffffffffULL}};
    EXPECT_EQ(RhsLiteral(wide).as_decimal().value, negative);
    EXPECT_EQ(RhsLiteral(wide).as_decimal().type, DecimalType::I256);
    ASSERT_OK_AND_ASSIGN(ExprRef widest, ParseExpr("widest = " + std::string(76, '9'), scope));
    const I256 max76{
        {0xffffffffffffffffULL, 0x7775a5f171950fffULL, 0x0764b4abe8652979ULL, 0x161bcca7119915b5ULL}};
    EXPECT_EQ(RhsLiteral(widest).as_decimal().value, max76);
    // One digit more than the precision is refused, not wrapped.
    EXPECT_FALSE(ParseExpr("widest = 1" + std::string(76, '0'), scope).ok());
}

TEST(ParseExprTest, ParsesTemporalLiteralsIntoTheStorageUnit) {
    // 2001-01-01 is 11323 days (978307200 s) after the epoch.
    const Scalar ts = RhsLiteral(Parse("ts = '2001-01-01 00:01:00'"));
    EXPECT_EQ(ts.dtype(), TimestampMicros().AsNonNullable());
    EXPECT_EQ(ts.StorageScalar().as<int64_t>(), int64_t{978307260} * 1'000'000);
    EXPECT_EQ(RhsLiteral(Parse("ts > '2001-01-01T00:00:00.25'")).StorageScalar().as<int64_t>(),
              int64_t{978307200} * 1'000'000 + 250'000);
    EXPECT_EQ(RhsLiteral(Parse("ts > '1969-12-31'")).StorageScalar().as<int64_t>(),
              int64_t{-86400} * 1'000'000);
    EXPECT_EQ(RhsLiteral(Parse("day = '1970-01-01'")).StorageScalar().as<int32_t>(), 0);
    EXPECT_EQ(RhsLiteral(Parse("day = '2000-03-01'")).StorageScalar().as<int32_t>(), 10957 + 31 + 29);
    EXPECT_EQ(RhsLiteral(Parse("day = '2001-01-01'")).StorageScalar().as<int32_t>(), 11323);
    EXPECT_EQ(RhsLiteral(Parse("day = '1600-03-01'")).StorageScalar().as<int32_t>(), -135080);
    EXPECT_EQ(RhsLiteral(Parse("tod = '01:02:03'")).StorageScalar().as<int32_t>(), 3723);

    EXPECT_NE(ParseError("day = '2001-02-29'").find("not a valid"), std::string::npos);
    EXPECT_NE(ParseError("day = '2001-01-01 10:00:00'").find("YYYY-MM-DD"), std::string::npos);
    EXPECT_NE(ParseError("ts = '2001-01-01 24:00:00'").find("not a valid"), std::string::npos);
    EXPECT_NE(ParseError("ts = '2001-01-01 00:00:00.0000001'").find("finer than"), std::string::npos);
    EXPECT_NE(ParseError("tod = '00:00:00.5'").find("finer than"), std::string::npos);
    EXPECT_NE(ParseError("ts = 5").find("cannot compare column ts"), std::string::npos);
}

TEST(ParseExprTest, FollowsSqlPrecedence) {
    auto i_eq = [](int64_t v) { return Eq(Col("i"), Lit(Scalar::Primitive<int64_t>(v, kNonNullable))); };
    EXPECT_EQ(Parse("i = 1 OR i = 2 AND NOT i = 3")->ToString(),
              Or(i_eq(1), And(i_eq(2), Not(i_eq(3))))->ToString());
    EXPECT_EQ(Parse("(i = 1 or i = 2) and not not i = 3")->ToString(),
              And(Or(i_eq(1), i_eq(2)), Not(Not(i_eq(3))))->ToString());
    EXPECT_EQ(Parse("i = 1 AND i BETWEEN 2 AND 3 AND i = 4")->ToString(),
              And({i_eq(1),
                   Between(Col("i"), Scalar::Primitive<int64_t>(2, kNonNullable),
                           Scalar::Primitive<int64_t>(3, kNonNullable)),
                   i_eq(4)})
                  ->ToString());
}

TEST(ParseExprTest, ParsesEveryPredicateForm) {
    EXPECT_EQ(Parse("s IS NULL")->kind(), ExprKind::IsNull);
    EXPECT_EQ(Parse("s is not null")->kind(), ExprKind::IsNotNull);
    const ExprRef in = Parse("i IN (1, 2, -3)");
    ASSERT_EQ(in->kind(), ExprKind::InList);
    EXPECT_EQ(in->list().size(), 3u);
    EXPECT_EQ(in->list()[2], Scalar::Primitive<int64_t>(-3, kNonNullable));
    const ExprRef not_in = Parse("i NOT IN (1)");
    ASSERT_EQ(not_in->kind(), ExprKind::Not);
    EXPECT_EQ(not_in->child(0)->kind(), ExprKind::InList);
    EXPECT_EQ(Parse("i NOT BETWEEN 1 AND 2")->child(0)->kind(), ExprKind::Between);
    const ExprRef like = Parse("s LIKE 'ab%'");
    ASSERT_EQ(like->kind(), ExprKind::StartsWith);
    EXPECT_EQ(like->pattern(), "ab");
    const ExprRef suffix = Parse("s LIKE '%ab'");
    ASSERT_EQ(suffix->kind(), ExprKind::EndsWith);
    EXPECT_EQ(suffix->pattern(), "ab");
    const ExprRef contains = Parse("s LIKE '%ab%'");
    ASSERT_EQ(contains->kind(), ExprKind::Contains);
    EXPECT_EQ(contains->pattern(), "ab");
    EXPECT_EQ(Parse("s NOT LIKE '%ab%'")->child(0)->kind(), ExprKind::Contains);
    // A lone % matches every non-null value; %% is the empty substring.
    EXPECT_EQ(Parse("s LIKE '%'")->pattern(), "");
    EXPECT_EQ(Parse("s LIKE '%%'")->kind(), ExprKind::Contains);
    EXPECT_EQ(Parse("s LIKE '%%'")->pattern(), "");
    EXPECT_EQ(Parse("s NOT LIKE 'ab%'")->child(0)->kind(), ExprKind::StartsWith);
    EXPECT_EQ(Parse("b LIKE 'ab%'")->kind(), ExprKind::StartsWith);
    const ExprRef like_exact = Parse("s LIKE 'abc'");
    EXPECT_EQ(like_exact->ToString(), Eq(Col("s"), Lit(Scalar::Utf8("abc", kNonNullable)))->ToString());
    EXPECT_EQ(Parse("flag")->kind(), ExprKind::Column);
    EXPECT_EQ(Parse("true")->literal(), Scalar::Bool(true, kNonNullable));
    for (std::string_view op : {"=", "!=", "<>", "<", "<=", ">", ">="}) {
        EXPECT_EQ(Parse(vortex::format("i {} 3", op))->kind(), ExprKind::Compare) << op;
    }
    EXPECT_EQ(Parse("i != 3")->op(), CompareOp::NotEq);
    EXPECT_EQ(Parse("i <> 3")->op(), CompareOp::NotEq);
    EXPECT_EQ(Parse("i<=3")->op(), CompareOp::Lte);
    EXPECT_EQ(Parse("s = Name")->kind(), ExprKind::Compare);
}

TEST(ParseExprTest, ResolvesColumnNames) {
    EXPECT_EQ(Parse("\"my col\" = 1")->child(0)->column(), "my col");
    EXPECT_EQ(Parse("NAME = 'x'")->child(0)->column(), "Name");
    EXPECT_EQ(Parse("\"Name\" = 'x'")->child(0)->column(), "Name");
    // Quoted names match exactly.
    EXPECT_NE(ParseError("\"NAME\" = 'x'").find("unknown column NAME"), std::string::npos);
    // A keyword used as a column name must be quoted.
    EXPECT_NE(ParseError("in = 1").find("expected a column"), std::string::npos);
}

TEST(ParseExprTest, ReportsErrorsWithTheirPosition) {
    EXPECT_EQ(ParseError("nope = 1"), "unknown column nope at position 1");
    EXPECT_EQ(ParseError("i = 1 AND zz > 2"), "unknown column zz at position 11");
    EXPECT_EQ(ParseError("i = 'x'"),
              "cannot compare column i of type i32? with string literal at position 5");
    EXPECT_NE(ParseError("s > 5").find("cannot compare column s"), std::string::npos);
    EXPECT_NE(ParseError("i = f").find("cannot compare column i"), std::string::npos);
    EXPECT_NE(ParseError("s = 'abc").find("unterminated string at position 5"), std::string::npos);
    EXPECT_NE(ParseError("(i = 1").find("expected ')'"), std::string::npos);
    EXPECT_NE(ParseError("i = 1 i = 2").find("position 7"), std::string::npos);
    EXPECT_NE(ParseError("i = ").find("expected a column or a literal"), std::string::npos);
    EXPECT_NE(ParseError("").find("empty"), std::string::npos);
    EXPECT_NE(ParseError("i # 1").find("unexpected character '#'"), std::string::npos);
    EXPECT_NE(ParseError("i ! 1").find("'!='"), std::string::npos);
    EXPECT_NE(ParseError("i = 12abc").find("malformed number"), std::string::npos);
    EXPECT_NE(ParseError("f = 1e").find("exponent"), std::string::npos);
    EXPECT_NE(ParseError("f = 1e999").find("out of range"), std::string::npos);
    EXPECT_NE(ParseError("i = 99999999999999999999").find("out of range"), std::string::npos);
    EXPECT_NE(ParseError("s LIKE 'a%c'").find("'%text%'"), std::string::npos);
    EXPECT_NE(ParseError("s LIKE 'a_c%'").find("no _"), std::string::npos);
    EXPECT_NE(ParseError("s LIKE '%a%c%'").find("'%text%'"), std::string::npos);
    EXPECT_NE(ParseError("i LIKE 'a%'").find("string column"), std::string::npos);
    EXPECT_NE(ParseError("i IN ()").find("expected a column or a literal"), std::string::npos);
    EXPECT_NE(ParseError("i IN (1, f)").find("expected a literal"), std::string::npos);
    EXPECT_NE(ParseError("i BETWEEN 1 OR 2").find("expected AND"), std::string::npos);
    EXPECT_NE(ParseError("i NOT 1").find("after NOT"), std::string::npos);
    EXPECT_NE(ParseError("1 = 1").find("needs a column"), std::string::npos);
    EXPECT_NE(ParseError("5 IS NULL").find("needs a column"), std::string::npos);
    EXPECT_NE(ParseError("i").find("not a condition"), std::string::npos);
    EXPECT_NE(ParseError("dec = 1.234").find("more fractional digits"), std::string::npos);
    EXPECT_NE(ParseError("dec = 123456789").find("does not fit"), std::string::npos);
    EXPECT_NE(ParseError("s = '\xff'").find("UTF-8"), std::string::npos);
    EXPECT_NE(ParseError("i = - x").find("number after the sign"), std::string::npos);
}

TEST(ParseExprTest, ParsesTimeOfDayParts) {
    const ExprRef hour = Parse("hour(ts) = 7");
    ASSERT_EQ(hour->kind(), ExprKind::Compare);
    ASSERT_EQ(hour->child(0)->kind(), ExprKind::DatePart);
    EXPECT_EQ(hour->child(0)->date_part(), DatePartField::Hour);
    EXPECT_EQ(hour->child(0)->child(0)->column(), "ts");
    EXPECT_EQ(RhsLiteral(hour), Scalar::Primitive<int64_t>(7, kNonNullable));
    // Case-insensitive like the keywords, over time columns too, in every predicate form; the
    // text form the expression prints parses back to the same expression.
    EXPECT_EQ(Parse("MINUTE(tod) BETWEEN 10 AND 20")->child(0)->date_part(), DatePartField::Minute);
    EXPECT_EQ(Parse("second(ts) IN (1, 2)")->child(0)->kind(), ExprKind::DatePart);
    EXPECT_EQ(Parse("hour(ts) IS NULL")->child(0)->kind(), ExprKind::DatePart);
    EXPECT_EQ(Parse("3 < hour(\"ts\")")->child(1)->kind(), ExprKind::DatePart);
    EXPECT_EQ(Parse("hour(ts) = hour(tod)")->child(1)->kind(), ExprKind::DatePart);
    for (std::string_view text : {"hour(ts) = 7", "NOT (minute(tod) < 30)", "second(ts) IN (1, 2)"}) {
        const ExprRef parsed = Parse(text);
        EXPECT_EQ(Parse(parsed->ToString())->ToString(), parsed->ToString()) << text;
    }
    // A column named like a function is still a column without parentheses.
    const DType scope = DType::Struct({"hour"}, {DType::Primitive(PType::I32, kNullable)}, kNonNullable);
    ASSERT_OK_AND_ASSIGN(ExprRef column, ParseExpr("hour = 3", scope));
    EXPECT_EQ(column->child(0)->kind(), ExprKind::Column);
    EXPECT_NE(ParseError("hour(day) = 1").find("needs a time or timestamp column, day is"),
              std::string::npos);
    EXPECT_NE(ParseError("hour(i) = 1").find("needs a time or timestamp"), std::string::npos);
    EXPECT_NE(ParseError("week(ts) = 1").find("unknown function week"), std::string::npos);
    EXPECT_NE(ParseError("year(i) = 1").find("needs a date or timestamp column, i is"), std::string::npos);
    EXPECT_NE(ParseError("strlen(i) = 1").find("needs a string or binary column, i is"), std::string::npos);
    ASSERT_OK_AND_ASSIGN(ExprRef year,
                         ParseExpr("year(day) >= 2020 AND month(ts) = 2 AND day(day) < 3", Scope()));
    EXPECT_EQ(year->ToString(), "(year(day) >= 2020) AND (month(ts) = 2) AND (day(day) < 3)");
    EXPECT_NE(ParseError("hour(ts = 1").find("expected ')'"), std::string::npos);
    EXPECT_NE(ParseError("hour(1) = 1").find("takes a column"), std::string::npos);
    EXPECT_NE(ParseError("hour(ts) LIKE 'a%'").find("string column, hour(ts) is"), std::string::npos);
    EXPECT_NE(ParseError("hour(ts) = 'x'").find("cannot compare"), std::string::npos);
}

// Found by fuzz/expr_parse_fuzz.cc: a few thousand '(' overflowed the stack.
TEST(ParseExprTest, BoundsNestingInsteadOfOverflowingTheStack) {
    const auto nested = [](size_t depth, std::string_view open, std::string_view close) {
        std::string text;
        for (size_t i = 0; i < depth; ++i) {
            text += open;
        }
        text += "i = 1";
        for (size_t i = 0; i < depth; ++i) {
            text += close;
        }
        return text;
    };
    EXPECT_EQ(Parse(nested(200, "(", ")"))->kind(), ExprKind::Compare);
    EXPECT_NE(Parse(nested(200, "NOT ", "")), nullptr);
    EXPECT_NE(ParseError(nested(100000, "(", ")")).find("nested deeper than 256"), std::string::npos);
    EXPECT_NE(ParseError(nested(100000, "NOT (", ")")).find("nested deeper than 256"), std::string::npos);
}

// A parsed filter selects exactly the rows a direct C++ evaluation of the same condition does.
TEST(ParseExprTest, ParsedFiltersSelectTheExpectedRows) {
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> value(-20, 20);
    const size_t len = 500;
    std::vector<std::optional<int32_t>> ints;
    std::vector<std::optional<double>> floats;
    std::vector<Scalar> strings;
    const std::vector<std::string> words = {"apple", "apricot", "banana", "", "ap", "it's"};
    for (size_t row = 0; row < len; ++row) {
        ints.push_back(row % 7 == 0 ? std::nullopt : std::optional<int32_t>(value(rng)));
        floats.push_back(row % 5 == 0 ? std::nullopt : std::optional<double>(value(rng) / 4.0));
        strings.push_back(row % 9 == 0 ? Scalar::Null(DType::Utf8(kNullable))
                                       : Scalar::Utf8(words[row % words.size()], kNullable));
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef s, ArrayFromScalars(DType::Utf8(kNullable), strings));
    ASSERT_OK_AND_ASSIGN(ArrayRef table,
                         StructArray::FromFields({"i", "f", "s"},
                                                 {PrimitiveArray::FromOptionals<int32_t>(ints),
                                                  PrimitiveArray::FromOptionals<double>(floats), s},
                                                 len));
    const DType scope = table->dtype();
    using Row = size_t;
    auto str = [&](Row r) -> std::optional<std::string> {
        if (strings[r].is_null()) {
            return std::nullopt;
        }
        return std::string(strings[r].as_string_view());
    };
    struct Case {
        std::string text;
        std::function<bool(Row)> expected; // SQL WHERE: NULL counts as not selected
    };
    const std::vector<Case> cases = {
        {"i < 1.5", [&](Row r) { return ints[r] && *ints[r] <= 1; }},
        {"i > -1.5", [&](Row r) { return ints[r] && *ints[r] >= -1; }},
        {"i = 2.5", [&](Row) { return false; }},
        {"NOT i = 2.5", [&](Row r) { return ints[r].has_value(); }},
        {"i >= 3.0", [&](Row r) { return ints[r] && *ints[r] >= 3; }},
        {"i BETWEEN -3 AND 4", [&](Row r) { return ints[r] && *ints[r] >= -3 && *ints[r] <= 4; }},
        {"i NOT BETWEEN -3 AND 4", [&](Row r) { return ints[r] && (*ints[r] < -3 || *ints[r] > 4); }},
        {"i IN (1, 2, 99999999999)", [&](Row r) { return ints[r] && (*ints[r] == 1 || *ints[r] == 2); }},
        {"i NOT IN (1, NULL)", [&](Row) { return false; }},
        {"i IS NULL OR f > 2", [&](Row r) { return !ints[r] || (floats[r] && *floats[r] > 2); }},
        {"NOT (i > 0 AND f <= 1)",
         [&](Row r) {
             // Kleene: NOT(x AND y) is true when either operand is known false.
             return (ints[r] && *ints[r] <= 0) || (floats[r] && *floats[r] > 1);
         }},
        {"f = -1.25 OR f = 2", [&](Row r) { return floats[r] && (*floats[r] == -1.25 || *floats[r] == 2); }},
        {"s LIKE 'ap%'", [&](Row r) { return str(r) && str(r)->starts_with("ap"); }},
        {"s NOT LIKE 'ap%'", [&](Row r) { return str(r) && !str(r)->starts_with("ap"); }},
        {"s LIKE 'ap'", [&](Row r) { return str(r) && *str(r) == "ap"; }},
        {"s = 'it''s' or s = ''", [&](Row r) { return str(r) && (*str(r) == "it's" || str(r)->empty()); }},
        {"s >= 'b'", [&](Row r) { return str(r) && *str(r) >= "b"; }},
        {"s IS NOT NULL AND i IS NOT NULL", [&](Row r) { return str(r).has_value() && ints[r].has_value(); }},
        {"true", [&](Row) { return true; }},
        {"null", [&](Row) { return false; }},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.text);
        ASSERT_OK_AND_ASSIGN(ExprRef expr, ParseExpr(c.text, scope));
        ASSERT_OK_AND_ASSIGN(Mask mask, EvaluateMask(*expr, table));
        size_t mismatches = 0;
        for (Row r = 0; r < len; ++r) {
            mismatches += mask.value(r) != c.expected(r) ? 1 : 0;
        }
        EXPECT_EQ(mismatches, 0u);
    }
}

} // namespace
} // namespace vortex::expr
