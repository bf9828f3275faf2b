// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <gtest/gtest.h>

#include "vortex/session/session.h"

namespace vortex {

// A stand-in for the array module's Encoding: the session only needs `id()`.
class Encoding {
public:
    explicit Encoding(std::string id) : id_(std::move(id)) {}
    std::string_view id() const { return id_; }

private:
    std::string id_;
};

namespace {

TEST(SessionTest, FindsRegisteredEncodings) {
    static const Encoding kPrimitive("vortex.primitive");
    SessionBuilder builder;
    ASSERT_TRUE(builder.RegisterEncoding(SessionBuilder::WrapStatic(kPrimitive)).ok());
    ASSERT_TRUE(builder.RegisterEncoding(std::make_shared<const Encoding>("vortex.bool")).ok());
    std::shared_ptr<const Session> session = std::move(builder).Build();
    EXPECT_EQ(session->encodings().Find("vortex.primitive"), &kPrimitive);
    ASSERT_NE(session->encodings().Find("vortex.bool"), nullptr);
    EXPECT_EQ(session->encodings().Find("vortex.bool")->id(), "vortex.bool");
    EXPECT_EQ(session->encodings().Find("vortex.missing"), nullptr);
    EXPECT_EQ(session->encodings().ids(), (std::vector<std::string_view>{"vortex.bool", "vortex.primitive"}));
}

TEST(SessionTest, RejectsDuplicateIdsButAllowsReRegistering) {
    static const Encoding kA("x");
    static const Encoding kB("x");
    SessionBuilder builder;
    ASSERT_TRUE(builder.RegisterEncoding(SessionBuilder::WrapStatic(kA)).ok());
    EXPECT_TRUE(builder.RegisterEncoding(SessionBuilder::WrapStatic(kA)).ok());
    EXPECT_EQ(builder.RegisterEncoding(SessionBuilder::WrapStatic(kB)).code(), StatusCode::InvalidArgument);
    EXPECT_EQ(builder.RegisterEncoding(std::shared_ptr<const Encoding>()).code(),
              StatusCode::InvalidArgument);
}

TEST(SessionTest, BuildLeavesAnEmptyBuilder) {
    static const Encoding kA("a");
    SessionBuilder builder;
    ASSERT_TRUE(builder.RegisterEncoding(SessionBuilder::WrapStatic(kA)).ok());
    auto first = std::move(builder).Build();
    auto second = std::move(builder).Build();
    EXPECT_EQ(first->encodings().size(), 1u);
    EXPECT_EQ(second->encodings().size(), 0u);
}

} // namespace
} // namespace vortex
