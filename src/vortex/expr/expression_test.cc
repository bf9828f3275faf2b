// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/expr/expression.h"

namespace vortex::expr {
namespace {

Scalar I64(int64_t value) {
    return Scalar::Primitive<int64_t>(value, Nullability::NonNullable);
}

TEST(ExpressionTest, PrintsReadably) {
    const ExprRef expr = And(Gt(Col("a"), Lit(I64(10))), Or(IsNull(Col("b")), StartsWith(Col("c"), "ab")));
    EXPECT_EQ(expr->ToString(), "(a > 10) AND ((b IS NULL) OR (c LIKE 'ab%'))");
    EXPECT_EQ(Between(Col("x"), I64(1), I64(5), true, false)->ToString(), "1 < x <= 5");
    EXPECT_EQ(InList(Col("x"), {I64(1), I64(2)})->ToString(), "x IN (1, 2)");
    EXPECT_EQ(Not(Eq(Col("x"), Lit(I64(1))))->ToString(), "NOT (x = 1)");
}

TEST(ExpressionTest, FlattensConnectivesAndSplitsConjuncts) {
    const ExprRef a = Gt(Col("a"), Lit(I64(1)));
    const ExprRef b = Lt(Col("b"), Lit(I64(2)));
    const ExprRef c = IsNotNull(Col("c"));
    const ExprRef nested = And(And(a, b), c);
    EXPECT_EQ(nested->kind(), ExprKind::And);
    EXPECT_EQ(nested->children().size(), 3u);
    EXPECT_EQ(SplitConjuncts(nested).size(), 3u);
    EXPECT_EQ(SplitConjuncts(a).size(), 1u);
    EXPECT_EQ(And(std::vector<ExprRef>{a}), a);
    EXPECT_EQ(Or(Or(a, b), c)->children().size(), 3u);
    EXPECT_EQ(SplitConjuncts(Or(a, b)).size(), 1u);
}

TEST(ExpressionTest, ListsReferencedColumnsOnce) {
    const ExprRef expr = Or(And(Gt(Col("b"), Lit(I64(1))), Eq(Col("a"), Col("b"))), IsNull(Col("c")));
    EXPECT_EQ(ReferencedColumns(*expr), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(ReferencedColumns(*Lit(I64(1))).empty());
}

} // namespace
} // namespace vortex::expr
