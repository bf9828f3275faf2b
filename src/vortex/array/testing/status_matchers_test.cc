// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "vortex/array/testing/status_matchers.h"

namespace vortex {
namespace {

Result<int> Answer() {
    return 42;
}
Result<int> Broken() {
    return Status::Io("disk on fire");
}

TEST(StatusMatchersTest, PassOnSuccess) {
    ASSERT_OK(Status::OK());
    EXPECT_OK(Answer());
    ASSERT_OK_AND_ASSIGN(int value, Answer());
    EXPECT_EQ(value, 42);
    ASSERT_NOT_OK(Broken());
    ASSERT_RAISES(Io, Broken());
    EXPECT_RAISES(OutOfBounds, Status::OutOfBounds("index {} of {}", 3, 2));
}

TEST(StatusMatchersTest, FailWithTheStatusInTheMessage) {
    EXPECT_NONFATAL_FAILURE(EXPECT_OK(Broken()), "disk on fire");
    EXPECT_FATAL_FAILURE(ASSERT_OK(Status::Serde("bad magic")), "bad magic");
    EXPECT_NONFATAL_FAILURE(EXPECT_NOT_OK(Answer()), "succeeded");
    EXPECT_NONFATAL_FAILURE(EXPECT_RAISES(Serde, Broken()), "expected a Serde error");
    EXPECT_NONFATAL_FAILURE(EXPECT_RAISES(Io, Status::OK()), "returned OK");
}

void AssignBroken() {
    ASSERT_OK_AND_ASSIGN(int value, Broken());
    (void)value;
}

TEST(StatusMatchersTest, AssignFailsOnError) {
    EXPECT_FATAL_FAILURE(AssignBroken(), "disk on fire");
}

} // namespace
} // namespace vortex
