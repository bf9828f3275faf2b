// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/encoding.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/array/serde/test_session_internal.h"
#include "vortex/array/testing/status_matchers.h"

namespace vortex {
namespace {

using testing_internal::CanonicalSession;

TEST(ArrayContextTest, WriteContextHoldsEveryRegisteredIdSorted) {
    const ArrayWriteContext context = ArrayWriteContext::FromSession(CanonicalSession());
    const std::vector<std::string> expected = {
        "vortex.bool", "vortex.chunked",         "vortex.constant", "vortex.decimal",  "vortex.dict",
        "vortex.ext",  "vortex.fixed_size_list", "vortex.list",     "vortex.listview", "vortex.masked",
        "vortex.null", "vortex.primitive",       "vortex.struct",   "vortex.varbin",   "vortex.varbinview"};
    ASSERT_EQ(std::vector<std::string>(context.ids().begin(), context.ids().end()), expected);
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(context.IndexOf(expected[i]), std::optional<uint16_t>(i)) << expected[i];
    }
    EXPECT_EQ(context.IndexOf("vortex.alp"), std::nullopt);
    EXPECT_EQ(context.IndexOf(""), std::nullopt);
    EXPECT_EQ(context.IndexOf("vortex.primitivex"), std::nullopt);
    EXPECT_EQ(context.IndexOf("zzz"), std::nullopt);
}

TEST(ArrayContextTest, WriteContextFromIdsSortsAndDeduplicates) {
    ASSERT_OK_AND_ASSIGN(ArrayWriteContext context,
                         ArrayWriteContext::FromIds({"vortex.z", "vortex.a", "vortex.m", "vortex.a"}));
    ASSERT_EQ(context.ids().size(), 3u);
    EXPECT_EQ(context.IndexOf("vortex.a"), std::optional<uint16_t>(0));
    EXPECT_EQ(context.IndexOf("vortex.m"), std::optional<uint16_t>(1));
    EXPECT_EQ(context.IndexOf("vortex.z"), std::optional<uint16_t>(2));

    std::vector<std::string> too_many;
    for (size_t i = 0; i <= 65536; ++i) {
        too_many.push_back(std::to_string(i));
    }
    EXPECT_RAISES(InvalidArgument, ArrayWriteContext::FromIds(std::move(too_many)));
}

TEST(ArrayContextTest, ReadContextResolvesInFileOrderAndKeepsUnknownIds) {
    const ArrayReadContext context = ArrayReadContext::Resolve(
        {"vortex.primitive", "fastlanes.bitpacked", "vortex.bool"}, CanonicalSession());
    ASSERT_EQ(context.ids().size(), 3u);
    ASSERT_OK_AND_ASSIGN(const Encoding *primitive, context.Get(0));
    EXPECT_EQ(primitive->id(), "vortex.primitive");
    ASSERT_OK_AND_ASSIGN(const Encoding *boolean, context.Get(2));
    EXPECT_EQ(boolean->id(), "vortex.bool");

    const auto unknown = context.Get(1);
    ASSERT_RAISES(Serde, unknown);
    EXPECT_NE(unknown.status().ToString().find("unsupported encoding 'fastlanes.bitpacked'"),
              std::string::npos)
        << unknown.status().ToString();
    EXPECT_RAISES(Serde, context.Get(3));
    EXPECT_RAISES(Serde, context.Get(65535));
}

TEST(ArrayContextTest, EmptyReadContextRejectsEveryIndex) {
    const ArrayReadContext context = ArrayReadContext::Resolve({}, CanonicalSession());
    EXPECT_RAISES(Serde, context.Get(0));
}

} // namespace
} // namespace vortex
