// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/base/checked_cast.h"
#include "vortex/base/result.h"
#include "vortex/base/status.h"

namespace vortex {
namespace {

Result<int> ParsePositive(int value) {
    VX_ENSURE(value > 0, InvalidArgument, "value {} is not positive", value);
    return value;
}

Result<int> DoubledPositive(int value) {
    VX_ASSIGN_OR_RETURN(int parsed, ParsePositive(value));
    return parsed * 2;
}

Status CheckBoth(int a, int b) {
    VX_RETURN_NOT_OK(ParsePositive(a));
    VX_RETURN_NOT_OK(ParsePositive(b).status());
    return Status::OK();
}

TEST(StatusTest, OkHoldsNoMessage) {
    Status ok;
    EXPECT_TRUE(ok.ok());
    EXPECT_EQ(ok.code(), StatusCode::OK);
    EXPECT_EQ(ok.message(), "");
    EXPECT_EQ(ok.ToString(), "OK");
}

TEST(StatusTest, ErrorCarriesCodeMessageAndContext) {
    Status s = Status::Serde("bad magic {}", 42);
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(s.code(), StatusCode::Serde);
    EXPECT_EQ(s.message(), "bad magic 42");
    EXPECT_EQ(s.ToString(), "Serde: bad magic 42");
    Status wrapped = s.WithContext("reading footer");
    EXPECT_EQ(wrapped.ToString(), "Serde: reading footer: bad magic 42");
    EXPECT_EQ(s.message(), "bad magic 42");
}

TEST(ResultTest, PropagatesValuesAndErrors) {
    ASSERT_TRUE(DoubledPositive(4).ok());
    EXPECT_EQ(*DoubledPositive(4), 8);
    Result<int> failed = DoubledPositive(-1);
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.status().code(), StatusCode::InvalidArgument);
    EXPECT_EQ(std::move(failed).ValueOr(7), 7);
    EXPECT_TRUE(CheckBoth(1, 2).ok());
    EXPECT_EQ(CheckBoth(1, 0).message(), "value 0 is not positive");
}

TEST(ResultTest, HoldsMoveOnlyValues) {
    Result<std::unique_ptr<int>> r = std::make_unique<int>(5);
    ASSERT_TRUE(r.ok());
    std::unique_ptr<int> v = std::move(r).ValueOrDie();
    EXPECT_EQ(*v, 5);
}

struct Base {
    virtual ~Base() = default;
};
struct Derived : Base {};

Result<std::shared_ptr<const Derived>> MakeDerived(bool ok) {
    if (!ok) {
        return Status::Io("no derived");
    }
    return std::make_shared<const Derived>();
}

Result<std::shared_ptr<const Base>> MakeBase(bool ok) {
    return MakeDerived(ok);
}

TEST(ResultTest, ConvertsFromResultOfConvertibleType) {
    ASSERT_TRUE(MakeBase(true).ok());
    EXPECT_NE(*MakeBase(true), nullptr);
    EXPECT_EQ(MakeBase(false).status().message(), "no derived");
}

TEST(CheckedCastTest, NarrowsOrFails) {
    EXPECT_EQ(CheckedCast<uint8_t>(255), 255);
    EXPECT_TRUE(TryCast<uint16_t>(65535).ok());
    EXPECT_FALSE(TryCast<uint16_t>(65536).ok());
    EXPECT_FALSE(TryCast<uint32_t>(-1).ok());
    EXPECT_DEATH((void)CheckedCast<int8_t>(200), "does not fit");
}

TEST(CheckTest, AbortsWithBothOperands) {
    EXPECT_DEATH(VX_CHECK_LT(5, 3), "5 vs 3");
}

} // namespace
} // namespace vortex
