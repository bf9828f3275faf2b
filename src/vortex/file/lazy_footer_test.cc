// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The footer's layout tree and file statistics are decoded as they are used: a damaged field
// fails the reads that touch it, not the open or the other columns, and a file of 20 000
// columns opens and reads two of them exactly.

#include <cstring>

#include <flatbuffers/flatbuffers.h>
#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/footer.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/format/array_generated.h"
#include "vortex/format/footer_generated.h"
#include "vortex/format/layout_generated.h"
#include "vortex/layout/layouts/struct_layout.h"

namespace vortex {
namespace {

using testing::OpenBuffer;
using testing::WriteToBuffer;

namespace fbl = vortex::fbs::layout;

// The rows of `columns` of the file, read by a scan.
Result<ArrayRef> ScanColumns(const std::shared_ptr<const VortexFile> &file,
                             std::vector<std::string> columns) {
    scan::ScanBuilder builder = Scan(file);
    builder.Project(std::move(columns));
    VX_ASSIGN_OR_RETURN(std::vector<ArrayRef> batches, builder.Collect());
    VX_ENSURE(batches.size() == 1, Internal, "{} batches", batches.size());
    return batches.front();
}

TEST(LazyFooter, ADamagedFieldFailsOnlyTheReadsThatTouchIt) {
    const DType dtype = DType::Struct({"a", "b", "c"},
                                      {DType::Primitive(PType::I64, Nullability::Nullable),
                                       DType::Utf8(Nullability::Nullable),
                                       DType::Primitive(PType::F64, Nullability::NonNullable)},
                                      Nullability::NonNullable);
    const ArrayRef data =
        RandomArray(dtype, {.len = 300, .null_fraction = 0.1, .seed = 5, .max_string_len = 12});
    ASSERT_OK_AND_ASSIGN(Buffer written, WriteToBuffer(dtype, {data}));
    std::vector<uint8_t> bytes(written.data(), written.data() + written.size());

    // Declare one more row in field b's layout node than the struct has.
    ASSERT_OK_AND_ASSIGN(PostscriptLocations ps, ParsePostscript(written.bytes(), written.size()));
    const auto *root = flatbuffers::GetRoot<fbl::Layout>(bytes.data() + ps.layout.offset);
    ASSERT_NE(root->children(), nullptr);
    ASSERT_EQ(root->children()->size(), 3u);
    const auto *field_b = reinterpret_cast<const flatbuffers::Table *>(root->children()->Get(1));
    auto *row_count = const_cast<uint8_t *>(field_b->GetAddressOf(fbl::Layout::VT_ROW_COUNT));
    ASSERT_NE(row_count, nullptr);
    const uint64_t damaged = 301;
    std::memcpy(row_count, &damaged, sizeof(damaged));

    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(Buffer::Copy(bytes)));
    ASSERT_OK_AND_ASSIGN(ArrayRef a_c, ScanColumns(file, {"a", "c"}));
    const auto source = As<StructArray>(data);
    EXPECT_TRUE(ArraysEqual(source->field(0), As<StructArray>(a_c)->field(0)));
    EXPECT_TRUE(ArraysEqual(source->field(2), As<StructArray>(a_c)->field(1)));
    ASSERT_RAISES(Serde, ScanColumns(file, {"b"}));
    ASSERT_RAISES(Serde, file->ReadAll());
    ASSERT_RAISES(Serde, file->layout()->Child(1));
}

// A FileStatistics flatbuffer of two entries: the first holds a null count, the second a
// minimum whose bytes are no scalar.
Buffer StatisticsWithADamagedEntry() {
    flatbuffers::FlatBufferBuilder fbb;
    std::vector<flatbuffers::Offset<fbs::array::ArrayStats>> entries;
    {
        fbs::array::ArrayStatsBuilder good(fbb);
        good.add_null_count(7);
        entries.push_back(good.Finish());
    }
    const std::vector<uint8_t> garbage = {0xff, 0xff, 0xff, 0xff};
    auto min = fbb.CreateVector(garbage);
    fbs::array::ArrayStatsBuilder bad(fbb);
    bad.add_min(min);
    bad.add_min_precision(fbs::array::Precision::Exact);
    entries.push_back(bad.Finish());
    auto vector = fbb.CreateVector(entries);
    fbb.Finish(fbs::footer::CreateFileStatistics(fbb, vector));
    return Buffer::Copy(std::span<const uint8_t>(fbb.GetBufferPointer(), fbb.GetSize()));
}

TEST(LazyFooter, FileStatisticsDecodeEachEntryWhenAskedFor) {
    const DType dtype = DType::Struct({"n", "m"},
                                      {DType::Primitive(PType::I32, Nullability::Nullable),
                                       DType::Primitive(PType::I64, Nullability::Nullable)},
                                      Nullability::NonNullable);
    const Buffer bytes = StatisticsWithADamagedEntry();
    ASSERT_OK_AND_ASSIGN(FileStatistics stats, FileStatistics::Parse(bytes, dtype));
    ASSERT_EQ(stats.size(), 2u);
    ASSERT_OK_AND_ASSIGN(const FieldStatistics *first, stats.Field(0));
    ASSERT_EQ(first->size(), 1u);
    EXPECT_EQ(first->front().first, Stat::NullCount);
    EXPECT_EQ(first->front().second.as<uint64_t>(), 7u);
    ASSERT_RAISES(Serde, stats.Field(1));
    ASSERT_RAISES(Serde, stats.Field(1)); // the error is kept, not a crash or a different answer
    ASSERT_RAISES(OutOfBounds, stats.Field(2));
    // The count of entries is checked at once.
    ASSERT_RAISES(Serde,
                  FileStatistics::Parse(
                      bytes, DType::Struct({"n"}, {DType::Primitive(PType::I32, Nullability::Nullable)},
                                           Nullability::NonNullable)));
    ASSERT_RAISES(Serde, FileStatistics::Parse(bytes.Slice(0, 6), dtype));
}

// The wide file: 20 000 columns open, and two of them read back exactly with their
// statistics (that only they are decoded is shown by StructLayout.DecodesFieldsOnFirstUseOnce).
TEST(LazyFooter, TwentyThousandColumnsOpenAndReadTwo) {
    constexpr size_t kColumns = 20'000;
    constexpr size_t kRows = 16;
    std::vector<std::string> names;
    std::vector<ArrayRef> fields;
    for (size_t c = 0; c < kColumns; ++c) {
        names.push_back("c" + std::to_string(c));
        std::vector<int64_t> values(kRows);
        for (size_t r = 0; r < kRows; ++r) {
            values[r] = static_cast<int64_t>(c * 1000 + r * (c % 7));
        }
        fields.push_back(PrimitiveArray::FromValues(values));
    }
    ASSERT_OK_AND_ASSIGN(auto table, StructArray::FromFields(names, fields, kRows));
    const ArrayRef data = table;
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(data->dtype(), {data}));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    ASSERT_EQ(file->dtype().struct_fields().size(), kColumns);
    ASSERT_OK_AND_ASSIGN(ArrayRef two, ScanColumns(file, {"c19999", "c7"}));
    EXPECT_TRUE(ArraysEqual(fields[19999], As<StructArray>(two)->field(0)));
    EXPECT_TRUE(ArraysEqual(fields[7], As<StructArray>(two)->field(1)));
    ASSERT_EQ(file->footer().statistics.size(), kColumns);
    ASSERT_OK_AND_ASSIGN(const FieldStatistics *stats, file->footer().statistics.Field(19999));
    bool found_max = false;
    for (const auto &[stat, value] : *stats) {
        if (stat == Stat::Max) {
            found_max = true;
            EXPECT_EQ(value.as<int64_t>(),
                      int64_t{19999} * 1000 + static_cast<int64_t>((kRows - 1) * (19999 % 7)));
        }
    }
    EXPECT_TRUE(found_max);
    // And the whole file still reads back.
    ASSERT_OK_AND_ASSIGN(ArrayRef all, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(data, all));
}

} // namespace
} // namespace vortex
