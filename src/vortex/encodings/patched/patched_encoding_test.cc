// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// vortex.patched through Encoding::Build: patches land on the rows the layout names, and
// malformed nodes are Serde errors.

#include <map>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/patched/patched_encoding.h"
#include "vortex/encodings/patched/patched_metadata.pb.h"

namespace vortex::patched {
namespace {

// A node as the reference lays it out: patches of row r (counted from the first chunk's
// start, so r includes `offset`) go to chunk r / 1024, lane r % n_lanes.
struct Node {
    std::vector<uint8_t> metadata;
    std::vector<ArrayRef> children;
};

template <typename T>
Node MakeNode(const ArrayRef &inner,
              uint32_t offset,
              uint32_t n_lanes,
              const std::map<uint64_t, T> &patches) {
    const uint64_t n_chunks = (offset + inner->len() + 1023) / 1024;
    std::vector<std::vector<std::pair<uint16_t, T>>> slots(n_chunks * n_lanes);
    for (const auto &[row, value] : patches) {
        slots[(row / 1024) * n_lanes + row % n_lanes].emplace_back(static_cast<uint16_t>(row % 1024), value);
    }
    std::vector<uint32_t> lane_offsets = {0};
    std::vector<uint16_t> indices;
    std::vector<T> values;
    for (const auto &slot : slots) {
        for (const auto &[index, value] : slot) {
            indices.push_back(index);
            values.push_back(value);
        }
        lane_offsets.push_back(static_cast<uint32_t>(indices.size()));
    }
    vortex::encodings::PatchedMetadata proto;
    proto.set_n_patches(static_cast<uint32_t>(indices.size()));
    proto.set_n_lanes(n_lanes);
    proto.set_offset(offset);
    const std::string bytes = proto.SerializeAsString();
    Validity values_validity = Validity::From(inner->dtype().nullability());
    return Node{std::vector<uint8_t>(bytes.begin(), bytes.end()),
                {inner, PrimitiveArray::FromValues(lane_offsets), PrimitiveArray::FromValues(indices),
                 PrimitiveArray::FromValues(values, values_validity)}};
}

// Build and canonicalize: the structure is checked by Build(), the lane offsets when decoded.
Result<ArrayRef> Build(const ArrayRef &inner, const Node &node) {
    VX_ASSIGN_OR_RETURN(ArrayRef built, PatchedEncoding::Instance().Build(inner->dtype(), inner->len(),
                                                                          node.metadata, {}, node.children));
    VX_ENSURE(built->encoding_id() == PatchedEncoding::kId, Internal, "Build() made {}",
              built->encoding_id());
    return built->ToCanonical();
}

TEST(PatchedTest, PatchesReplaceTheirRowsAndKeepTheValidity) {
    for (const uint32_t offset : {0u, 5u, 1023u}) {
        for (const uint32_t n_lanes : {1u, 16u, 128u}) {
            SCOPED_TRACE(testing::Message() << "offset " << offset << " lanes " << n_lanes);
            const size_t len = 2500;
            std::vector<std::optional<int32_t>> base(len);
            for (size_t i = 0; i < len; ++i) {
                base[i] = i % 11 == 0 ? std::nullopt : std::optional<int32_t>(static_cast<int32_t>(i));
            }
            const ArrayRef inner = PrimitiveArray::FromOptionals<int32_t>(base);
            // Rows counted from the first chunk's start; the first `offset` are not in the
            // array, and patches there must be ignored.
            std::map<uint64_t, int32_t> patches;
            for (uint64_t row = 0; row < offset + len; row += 37) {
                patches[row] = -static_cast<int32_t>(row) - 1;
            }
            patches[offset + len - 1] = 777;
            std::vector<std::optional<int32_t>> expected = base;
            for (const auto &[row, value] : patches) {
                if (row >= offset && expected[row - offset].has_value()) {
                    expected[row - offset] = value;
                }
            }
            const Node node = MakeNode(inner, offset, n_lanes, patches);
            const ArrayRef want = PrimitiveArray::FromOptionals<int32_t>(expected);
            ASSERT_OK_AND_ASSIGN(ArrayRef built, Build(inner, node));
            ASSERT_ARRAYS_EQUAL(want, built);
            // The lazy array answers single rows and slices without decoding everything.
            ASSERT_OK_AND_ASSIGN(ArrayRef lazy, PatchedEncoding::Instance().Build(
                                                    inner->dtype(), len, node.metadata, {}, node.children));
            for (const size_t row : {size_t{0}, size_t{36}, size_t{1023 - offset}, size_t{1500}, len - 1}) {
                ASSERT_OK_AND_ASSIGN(Scalar got, ScalarAt(lazy, row));
                ASSERT_OK_AND_ASSIGN(Scalar expect, ScalarAt(want, row));
                EXPECT_EQ(got, expect) << "row " << row;
            }
            for (const auto &[start, stop] :
                 {std::pair<size_t, size_t>{0, 1}, {17, 1100}, {1030, 2500}, {2499, 2500}}) {
                ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(lazy, start, stop));
                ASSERT_EQ(sliced->encoding_id(), PatchedEncoding::kId);
                ASSERT_OK_AND_ASSIGN(ArrayRef decoded, sliced->ToCanonical());
                ASSERT_OK_AND_ASSIGN(ArrayRef expected_slice, Slice(want, start, stop));
                ASSERT_ARRAYS_EQUAL(expected_slice, decoded);
            }
        }
    }
}

TEST(PatchedTest, FloatsAndEmpty) {
    const ArrayRef inner = PrimitiveArray::FromValues<double>({1.5, 2.5, 3.5});
    ASSERT_OK_AND_ASSIGN(ArrayRef built, Build(inner, MakeNode<double>(inner, 0, 8, {{1, -0.0}})));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<double>({1.5, -0.0, 3.5})), built);
    const ArrayRef empty = PrimitiveArray::FromValues<uint8_t>({});
    ASSERT_OK_AND_ASSIGN(ArrayRef built_empty, Build(empty, MakeNode<uint8_t>(empty, 0, 4, {})));
    EXPECT_EQ(built_empty->len(), 0u);
}

TEST(PatchedTest, MalformedNodesAreSerdeErrors) {
    const ArrayRef inner = PrimitiveArray::FromValues<int64_t>(std::vector<int64_t>(3000, 9));
    const Node good = MakeNode<int64_t>(inner, 3, 16, {{4, 1}, {2000, 2}, {3002, 3}});
    ASSERT_OK(Build(inner, good));
    vortex::encodings::PatchedMetadata proto;
    ASSERT_TRUE(proto.ParseFromArray(good.metadata.data(), static_cast<int>(good.metadata.size())));
    const auto with_metadata = [&](auto edit) {
        vortex::encodings::PatchedMetadata changed = proto;
        edit(changed);
        const std::string bytes = changed.SerializeAsString();
        Node node = good;
        node.metadata.assign(bytes.begin(), bytes.end());
        return Build(inner, node);
    };
    using Proto = vortex::encodings::PatchedMetadata;
    EXPECT_RAISES(Serde, with_metadata([](Proto &p) { p.set_n_lanes(3); }));
    EXPECT_RAISES(Serde, with_metadata([](Proto &p) { p.set_n_lanes(256); }));
    EXPECT_RAISES(Serde, with_metadata([](Proto &p) { p.set_n_lanes(0); }));
    EXPECT_RAISES(Serde, with_metadata([](Proto &p) { p.set_offset(1024); }));
    EXPECT_RAISES(Serde, with_metadata([](Proto &p) { p.set_n_patches(4); }));
    EXPECT_RAISES(Serde, with_metadata([](Proto &p) { p.set_offset(1000); })); // lane offsets count changes

    const auto with_child = [&](size_t index, ArrayRef child) {
        Node node = good;
        node.children[index] = std::move(child);
        return Build(inner, node);
    };
    // 3 chunks x 16 lanes + 1 offsets; the middle chunk boundary moved past the end or back.
    std::vector<uint32_t> offsets(49, 3);
    offsets[0] = 0;
    offsets[16] = 4;
    EXPECT_RAISES(Serde, with_child(1, PrimitiveArray::FromValues(offsets)));
    offsets[16] = 2;
    offsets[32] = 1;
    EXPECT_RAISES(Serde, with_child(1, PrimitiveArray::FromValues(offsets)));
    EXPECT_RAISES(Serde, with_child(2, PrimitiveArray::FromValues<uint32_t>({1, 2, 3})));
    EXPECT_RAISES(Serde, with_child(3, PrimitiveArray::FromValues<int32_t>({1, 2, 3})));
    Node short_node = good;
    short_node.children.pop_back();
    EXPECT_RAISES(Serde, Build(inner, short_node));
    EXPECT_RAISES(Serde, PatchedEncoding::Instance().Build(DType::Utf8(Nullability::NonNullable), 3,
                                                           good.metadata, {}, good.children));
    const std::vector<uint8_t> garbage = {0xff, 0xff};
    EXPECT_RAISES(
        Serde, PatchedEncoding::Instance().Build(inner->dtype(), inner->len(), garbage, {}, good.children));
}

} // namespace
} // namespace vortex::patched
