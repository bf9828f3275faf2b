// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/io/range_coalescer.h"
#include "vortex/io/scoped_temp_dir_test_internal.h"

namespace vortex {
namespace {

using testing_internal::PatternBytes;
using testing_internal::ScopedTempDir;
using testing_internal::WriteFileBytes;

// Forwards to another source and counts the reads issued.
class CountingReadAt final : public ReadAt {
public:
    explicit CountingReadAt(const ReadAt &inner) : inner_(inner) {}
    Result<uint64_t> Size() const override { return inner_.Size(); }
    Result<Buffer> Read(uint64_t offset, uint64_t length) const override {
        reads_.fetch_add(1);
        return inner_.Read(offset, length);
    }
    std::string_view name() const override { return inner_.name(); }
    size_t alignment_hint() const override { return inner_.alignment_hint(); }
    int reads() const { return reads_.load(); }

private:
    const ReadAt &inner_;
    mutable std::atomic<int> reads_{0};
};

CoalescePlan Plan(const std::vector<ByteRange> &ranges, const CoalesceOptions &options) {
    auto plan = CoalesceRanges(ranges, options);
    EXPECT_TRUE(plan.ok()) << plan.status();
    return plan.ok() ? *plan : CoalescePlan{};
}

TEST(RangeCoalescerTest, EmptyInputPlansNoReads) {
    const CoalescePlan plan = Plan({}, {});
    EXPECT_TRUE(plan.requests.empty());
    EXPECT_TRUE(plan.placements.empty());
}

TEST(RangeCoalescerTest, MergesAcrossGapsUpToMaxGap) {
    const std::vector<ByteRange> ranges{{0, 10}, {20, 10}};
    EXPECT_EQ(Plan(ranges, {.max_gap = 10, .max_range = 100}).requests, (std::vector<ByteRange>{{0, 30}}));
    EXPECT_EQ(Plan(ranges, {.max_gap = 9, .max_range = 100}).requests,
              (std::vector<ByteRange>{{0, 10}, {20, 10}}));
}

TEST(RangeCoalescerTest, CapsMergedReadsAtMaxRange) {
    const std::vector<ByteRange> ranges{{0, 10}, {10, 10}, {20, 10}};
    const CoalescePlan plan = Plan(ranges, {.max_gap = 0, .max_range = 20});
    EXPECT_EQ(plan.requests, (std::vector<ByteRange>{{0, 20}, {20, 10}}));
    EXPECT_EQ(plan.placements[1].request, 0u);
    EXPECT_EQ(plan.placements[1].offset_in_request, 10u);
    EXPECT_EQ(plan.placements[2].request, 1u);
    EXPECT_EQ(plan.placements[2].offset_in_request, 0u);
}

TEST(RangeCoalescerTest, NeverSplitsARangeLongerThanMaxRange) {
    const std::vector<ByteRange> ranges{{5, 1000}, {1010, 1}};
    const CoalescePlan plan = Plan(ranges, {.max_gap = 100, .max_range = 64});
    EXPECT_EQ(plan.requests, (std::vector<ByteRange>{{5, 1000}, {1010, 1}}));
}

TEST(RangeCoalescerTest, FoldsDuplicatesOverlapsAndUnsortedInput) {
    const std::vector<ByteRange> ranges{{50, 10}, {0, 20}, {10, 5}, {50, 10}, {55, 20}, {0, 20}};
    const CoalescePlan plan = Plan(ranges, {.max_gap = 30, .max_range = 1000});
    ASSERT_EQ(plan.requests, (std::vector<ByteRange>{{0, 75}}));
    const std::vector<uint64_t> expected_offsets{50, 0, 10, 50, 55, 0};
    for (size_t i = 0; i < ranges.size(); ++i) {
        EXPECT_EQ(plan.placements[i].request, 0u);
        EXPECT_EQ(plan.placements[i].offset_in_request, expected_offsets[i]);
    }
}

TEST(RangeCoalescerTest, RangesInsideAnOversizedReadJoinIt) {
    const std::vector<ByteRange> ranges{{100, 0}, {100, 5000}, {200, 10}, {5100, 0}, {5101, 1}};
    const CoalescePlan plan = Plan(ranges, {.max_gap = 1000, .max_range = 64});
    EXPECT_EQ(plan.requests, (std::vector<ByteRange>{{100, 5000}, {5101, 1}}));
    EXPECT_EQ(plan.placements[2].offset_in_request, 100u);
    EXPECT_EQ(plan.placements[3].request, 0u);
}

TEST(RangeCoalescerTest, PlanDoesNotDependOnInputOrder) {
    std::mt19937_64 rng(5);
    std::vector<ByteRange> ranges;
    for (int i = 0; i < 200; ++i) {
        ranges.push_back({rng() % 10000, rng() % 300});
    }
    const CoalesceOptions options{.max_gap = 50, .max_range = 2000, .alignment = 16};
    const CoalescePlan plan = Plan(ranges, options);
    std::vector<size_t> permutation(ranges.size());
    std::iota(permutation.begin(), permutation.end(), size_t{0});
    std::shuffle(permutation.begin(), permutation.end(), rng);
    std::vector<ByteRange> shuffled;
    for (const size_t i : permutation) {
        shuffled.push_back(ranges[i]);
    }
    EXPECT_EQ(Plan(shuffled, options).requests, plan.requests);
}

TEST(RangeCoalescerTest, PlacesZeroLengthRanges) {
    const std::vector<ByteRange> ranges{{5, 0}, {100, 10}, {104, 0}, {500, 0}};
    const CoalescePlan plan = Plan(ranges, {.max_gap = 0, .max_range = 1000});
    EXPECT_EQ(plan.requests, (std::vector<ByteRange>{{5, 0}, {100, 10}, {500, 0}}));
    EXPECT_EQ(plan.placements[2].request, 1u);
    EXPECT_EQ(plan.placements[2].offset_in_request, 4u);
}

TEST(RangeCoalescerTest, AlignsReadStartsDown) {
    const std::vector<ByteRange> ranges{{100, 10}, {1000, 8}};
    const CoalescePlan plan = Plan(ranges, {.max_gap = 0, .max_range = 1000, .alignment = 64});
    EXPECT_EQ(plan.requests, (std::vector<ByteRange>{{64, 46}, {960, 48}}));
    EXPECT_EQ(plan.placements[0].offset_in_request, 36u);
    EXPECT_EQ(plan.placements[1].offset_in_request, 40u);
}

TEST(RangeCoalescerTest, RejectsBadOptionsAndOverflowingRanges) {
    const std::vector<ByteRange> ok{{0, 1}};
    EXPECT_EQ(CoalesceRanges(ok, {.alignment = 0}).status().code(), StatusCode::InvalidArgument);
    EXPECT_EQ(CoalesceRanges(ok, {.alignment = 48}).status().code(), StatusCode::InvalidArgument);
    const std::vector<ByteRange> overflowing{{std::numeric_limits<uint64_t>::max() - 3, 4}};
    EXPECT_EQ(CoalesceRanges(overflowing, {}).status().code(), StatusCode::InvalidArgument);
}

// Checks the invariants of a plan: every range lies in its read, reads are sorted, holes
// inside a read are at most max_gap (plus the alignment padding at its start), a read longer
// than max_range holds one range that opened it, and consecutive reads could not have merged.
void ExpectValidPlan(const std::vector<ByteRange> &ranges,
                     const CoalesceOptions &options,
                     const CoalescePlan &plan) {
    ASSERT_EQ(plan.placements.size(), ranges.size());
    EXPECT_LE(plan.requests.size(), ranges.size());
    std::vector<std::vector<ByteRange>> members(plan.requests.size());
    for (size_t i = 0; i < ranges.size(); ++i) {
        const RangePlacement &placement = plan.placements[i];
        ASSERT_LT(placement.request, plan.requests.size());
        const ByteRange &request = plan.requests[placement.request];
        EXPECT_EQ(request.offset + placement.offset_in_request, ranges[i].offset);
        EXPECT_LE(placement.offset_in_request + ranges[i].length, request.length);
        members[placement.request].push_back(ranges[i]);
    }
    for (size_t r = 0; r < plan.requests.size(); ++r) {
        const ByteRange &request = plan.requests[r];
        EXPECT_EQ(request.offset % options.alignment, 0u);
        auto &inside = members[r];
        ASSERT_FALSE(inside.empty()) << "read " << r << " serves no range";
        // In the coalescer's order, so that the front is the range that opened the read.
        std::sort(inside.begin(), inside.end(), [](const ByteRange &a, const ByteRange &b) {
            return a.offset != b.offset ? a.offset < b.offset : a.length > b.length;
        });
        EXPECT_LT(inside.front().offset - request.offset, options.alignment);
        uint64_t covered_end = inside.front().end();
        for (const ByteRange &range : inside) {
            if (range.offset > covered_end) {
                EXPECT_LE(range.offset - covered_end, options.max_gap);
            }
            covered_end = std::max(covered_end, range.end());
        }
        EXPECT_EQ(covered_end, request.end()) << "a read extends past its last range";
        if (request.length > options.max_range) {
            EXPECT_EQ(inside.front().end(), request.end()) << "an oversized read merged more than one range";
        }
        if (r > 0) {
            const ByteRange &previous = plan.requests[r - 1];
            EXPECT_LE(previous.offset, request.offset);
            const ByteRange &first = inside.front();
            const bool contained = first.end() <= previous.end();
            const bool too_far =
                first.offset > previous.end() && first.offset - previous.end() > options.max_gap;
            const bool too_long = std::max(previous.end(), first.end()) - previous.offset > options.max_range;
            EXPECT_TRUE(!contained && (too_far || too_long))
                << "reads " << r - 1 << " and " << r << " should have merged";
        }
    }
}

std::vector<ByteRange> RandomRanges(std::mt19937_64 &rng, uint64_t size) {
    std::vector<ByteRange> ranges(1 + rng() % 40);
    for (auto &range : ranges) {
        range.offset = rng() % (size + 1);
        const uint64_t room = size - range.offset;
        range.length = rng() % 4 == 0 ? 0 : rng() % (std::min<uint64_t>(room, 3000) + 1);
    }
    if (ranges.size() > 2 && rng() % 2 == 0) {
        ranges.push_back(ranges[rng() % ranges.size()]); // a duplicate
    }
    return ranges;
}

CoalesceOptions RandomOptions(std::mt19937_64 &rng) {
    return {.max_gap = rng() % 3 == 0 ? 0 : rng() % 5000,
            .max_range = rng() % 3 == 0 ? 1 : rng() % 20000,
            .alignment = uint64_t{1} << (rng() % 8)};
}

TEST(RangeCoalescerTest, RandomPlansSatisfyTheirInvariants) {
    std::mt19937_64 rng(42);
    for (int trial = 0; trial < 2000; ++trial) {
        const std::vector<ByteRange> ranges = RandomRanges(rng, 100000);
        const CoalesceOptions options = RandomOptions(rng);
        SCOPED_TRACE(::testing::Message() << "trial " << trial << " gap " << options.max_gap << " max "
                                          << options.max_range << " align " << options.alignment);
        ExpectValidPlan(ranges, options, Plan(ranges, options));
        if (::testing::Test::HasFailure()) {
            return;
        }
    }
}

TEST(RangeCoalescerTest, ReadRangesMatchesDirectReads) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(100000, 3);
    const std::string path = dir.File("ranges.bin");
    WriteFileBytes(path, bytes);
    auto file = FileReadAt::Open(path);
    ASSERT_TRUE(file.ok()) << file.status();
    const InMemoryReadAt memory(Buffer::CopyFrom<uint8_t>(bytes));
    std::mt19937_64 rng(9);
    for (int trial = 0; trial < 300; ++trial) {
        const std::vector<ByteRange> ranges = RandomRanges(rng, bytes.size());
        CoalesceOptions options = RandomOptions(rng);
        for (const ReadAt *source :
             {static_cast<const ReadAt *>(file->get()), static_cast<const ReadAt *>(&memory)}) {
            SCOPED_TRACE(::testing::Message() << "trial " << trial << " " << source->name());
            const CountingReadAt counting(*source);
            auto slices = ReadRanges(counting, ranges, options);
            ASSERT_TRUE(slices.ok()) << slices.status();
            ASSERT_EQ(slices->size(), ranges.size());
            EXPECT_LE(counting.reads(), static_cast<int>(ranges.size()));
            EXPECT_EQ(static_cast<size_t>(counting.reads()), Plan(ranges, options).requests.size());
            for (size_t i = 0; i < ranges.size(); ++i) {
                auto direct = source->Read(ranges[i].offset, ranges[i].length);
                ASSERT_TRUE(direct.ok());
                ASSERT_TRUE((*slices)[i].ContentEquals(*direct)) << "range " << i;
            }
        }
    }
}

TEST(RangeCoalescerTest, ReadRangesSlicesShareTheMergedRead) {
    const Buffer data = Buffer::CopyFrom<uint8_t>(PatternBytes(1000));
    const InMemoryReadAt memory(data);
    const CountingReadAt counting(memory);
    const std::vector<ByteRange> ranges{{500, 20}, {100, 10}, {120, 10}};
    auto slices = ReadRanges(counting, ranges, {.max_gap = 10, .max_range = 1000});
    ASSERT_TRUE(slices.ok()) << slices.status();
    EXPECT_EQ(counting.reads(), 2);
    EXPECT_EQ((*slices)[1].data() + 20, (*slices)[2].data());
    EXPECT_EQ((*slices)[0].data(), data.data() + 500);
}

TEST(RangeCoalescerTest, ReadRangesAlignedToTheHintKeepOffsetAlignment) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(10000);
    const std::string path = dir.File("aligned.bin");
    WriteFileBytes(path, bytes);
    auto file = FileReadAt::Open(path);
    ASSERT_TRUE(file.ok()) << file.status();
    const std::vector<ByteRange> ranges{{72, 8}, {136, 64}, {1000, 24}, {8, 8}};
    auto slices = ReadRanges(**file, ranges, {.alignment = (*file)->alignment_hint()});
    ASSERT_TRUE(slices.ok()) << slices.status();
    for (size_t i = 0; i < ranges.size(); ++i) {
        EXPECT_TRUE((*slices)[i].IsAligned(8)) << "range " << i;
    }
}

TEST(RangeCoalescerTest, ReadRangesRejectsRangesPastTheEndWithoutReading) {
    const InMemoryReadAt memory(Buffer::CopyFrom<uint8_t>(PatternBytes(100)), "mem");
    const CountingReadAt counting(memory);
    const std::vector<ByteRange> ranges{{0, 10}, {95, 6}};
    auto slices = ReadRanges(counting, ranges);
    ASSERT_FALSE(slices.ok());
    EXPECT_EQ(slices.status().code(), StatusCode::OutOfBounds);
    EXPECT_NE(slices.status().message().find("range 1 of 2"), std::string::npos) << slices.status();
    EXPECT_NE(slices.status().message().find("mem"), std::string::npos) << slices.status();
    EXPECT_EQ(counting.reads(), 0);
}

TEST(RangeCoalescerTest, ReadRangesOfNothingReadsNothing) {
    const InMemoryReadAt memory(Buffer{});
    const CountingReadAt counting(memory);
    auto slices = ReadRanges(counting, {});
    ASSERT_TRUE(slices.ok());
    EXPECT_TRUE(slices->empty());
    EXPECT_EQ(counting.reads(), 0);
}

} // namespace
} // namespace vortex
