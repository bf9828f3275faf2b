// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <random>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/patched/patched_encoding.h"
#include "vortex/encodings/patched/patched_metadata.pb.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/io/executor.h"
#include "vortex/layout/layouts/chunked_layout.h"
#include "vortex/layout/layouts/flat_layout.h"
#include "vortex/layout/layouts/stats_layout.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/layout/write/flat_writer.h"

namespace vortex {
namespace {

using testing::OpenBuffer;
using testing::WriteToBuffer;

// A struct of one column per test dtype.
DType WideStruct(Nullability nullability) {
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    for (const DType &dtype : AllTestDTypes()) {
        names.push_back("c" + std::to_string(names.size()));
        dtypes.push_back(dtype);
    }
    return DType::Struct(std::move(names), std::move(dtypes), nullability);
}

// Cuts `array` into chunks of random sizes.
std::vector<ArrayRef> RandomChunks(const ArrayRef &array, uint64_t seed, size_t max_chunk) {
    std::mt19937_64 rng(seed);
    std::vector<ArrayRef> chunks;
    size_t offset = 0;
    while (offset < array->len()) {
        size_t n = std::min(array->len() - offset, 1 + rng() % max_chunk);
        chunks.push_back(*Slice(array, offset, offset + n));
        offset += n;
    }
    return chunks;
}

WriteOptions SmallBlocks() {
    WriteOptions options;
    options.zone_len = 64;
    options.block_bytes = 4096;
    options.buffer_bytes = 2048;
    return options;
}

TEST(FileRoundTrip, EveryDTypeInOneStruct) {
    for (Nullability nullability : {Nullability::NonNullable, Nullability::Nullable}) {
        DType dtype = WideStruct(nullability);
        ArrayRef data = RandomArray(dtype, {.len = 700, .null_fraction = 0.2, .seed = 7});
        ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, RandomChunks(data, 1, 150), SmallBlocks()));
        ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
        EXPECT_EQ(file->dtype(), dtype);
        EXPECT_EQ(file->row_count(), 700u);
        EXPECT_EQ(file->open_reads(), 1);
        ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
        EXPECT_TRUE(ArraysEqual(data, back));
        // A middle range crossing chunk and zone boundaries.
        ASSERT_OK_AND_ASSIGN(ArrayRef middle, file->Read(61, 333));
        EXPECT_TRUE(ArraysEqual(*Slice(data, 61, 333), middle));
    }
}

TEST(FileRoundTrip, EveryDTypeAsTheWholeFile) {
    for (const DType &dtype : AllTestDTypes()) {
        SCOPED_TRACE(dtype.ToString());
        ArrayRef data = RandomArray(dtype, {.len = 300, .null_fraction = 0.3, .seed = 11});
        ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, RandomChunks(data, 2, 90), SmallBlocks()));
        ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
        ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
        EXPECT_TRUE(ArraysEqual(data, back));
    }
}

TEST(FileRoundTrip, EdgeLengths) {
    DType dtype = DType::Struct(
        {"a", "s"}, {DType::Primitive(PType::I64, Nullability::Nullable), DType::Utf8(Nullability::Nullable)},
        Nullability::NonNullable);
    for (size_t len :
         {size_t{0}, size_t{1}, size_t{63}, size_t{64}, size_t{65}, size_t{8191}, size_t{8193}}) {
        SCOPED_TRACE(len);
        ArrayRef data = RandomArray(dtype, {.len = len, .null_fraction = 0.5, .seed = len});
        std::vector<ArrayRef> chunks = len == 0 ? std::vector<ArrayRef>{} : std::vector<ArrayRef>{data};
        ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, chunks, SmallBlocks()));
        ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
        EXPECT_EQ(file->row_count(), len);
        ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
        EXPECT_TRUE(ArraysEqual(data, back));
    }
}

TEST(FileRoundTrip, AllNullColumns) {
    DType dtype = DType::Struct({"n", "i", "s"},
                                {DType::Null(), DType::Primitive(PType::I32, Nullability::Nullable),
                                 DType::Utf8(Nullability::Nullable)},
                                Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 500, .null_fraction = 1.0, .seed = 3});
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, {data}, SmallBlocks()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(data, back));
}

TEST(FileRoundTrip, ProjectionReadsOnlyTheNamedColumns) {
    DType dtype = WideStruct(Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 200, .seed = 5});
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, {data}, SmallBlocks()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    std::vector<std::string> names = {"c7", "c2"};
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadColumns(names, 10, 150));
    auto structure = As<StructArray>(back);
    ASSERT_NE(structure, nullptr);
    auto source = As<StructArray>(data);
    EXPECT_TRUE(ArraysEqual(*Slice(source->field(7), 10, 150), structure->field(0)));
    EXPECT_TRUE(ArraysEqual(*Slice(source->field(2), 10, 150), structure->field(1)));
    std::vector<std::string> unknown = {"nope"};
    ASSERT_RAISES(InvalidArgument, file->ReadColumns(unknown, 0, 1));
}

TEST(FileLayout, DefaultTreeHasLegacyZoneMapsWithOneRowPerZone) {
    DType dtype = DType::Struct({"x", "f"},
                                {DType::Primitive(PType::I32, Nullability::Nullable),
                                 DType::Primitive(PType::F64, Nullability::NonNullable)},
                                Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 1000, .null_fraction = 0.1, .seed = 9});
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, RandomChunks(data, 4, 333), SmallBlocks()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    auto root = std::dynamic_pointer_cast<const StructLayout>(file->layout());
    ASSERT_NE(root, nullptr);
    LayoutReadContext ctx{*file, *file->footer().arrays};
    auto source = As<StructArray>(data);
    for (size_t f = 0; f < 2; ++f) {
        auto zoned = std::dynamic_pointer_cast<const StatsLayout>(*root->field(f));
        ASSERT_NE(zoned, nullptr);
        EXPECT_EQ(zoned->zone_len(), 64u);
        EXPECT_EQ(zoned->zone_count(), 16u);
        // Spec layouts-scan 1.6: u32 LE zone length, then the stat bitset (nan_count only for floats).
        std::vector<uint8_t> expected = {64, 0, 0, 0, 0x78, static_cast<uint8_t>(f == 1 ? 0x01 : 0x00)};
        EXPECT_EQ(std::vector<uint8_t>(zoned->metadata().begin(), zoned->metadata().end()), expected);
        ASSERT_OK_AND_ASSIGN(ArrayRef zones, zoned->ReadZones(ctx));
        auto table = As<StructArray>(*Canonicalize(zones));
        ASSERT_EQ(table->len(), 16u);
        ArrayRef column = source->field(f);
        for (size_t z = 0; z < 16; ++z) {
            ArrayRef zone = *Slice(column, z * 64, std::min<size_t>(1000, (z + 1) * 64));
            ASSERT_OK_AND_ASSIGN(Scalar max, ScalarAt(table->field(0), z));
            ASSERT_OK_AND_ASSIGN(Scalar min, ScalarAt(table->field(2), z));
            ASSERT_OK_AND_ASSIGN(Scalar null_count, ScalarAt(table->field(5), z));
            EXPECT_TRUE(ScalarsEqual(*Cast(*Max(zone), max.dtype()), max, {.nan_equal = true}));
            EXPECT_TRUE(ScalarsEqual(*Cast(*Min(zone), min.dtype()), min, {.nan_equal = true}));
            EXPECT_EQ(null_count.as<uint64_t>(), NullCount(zone));
        }
    }
}

TEST(FileStatistics, MatchTheWholeColumns) {
    DType dtype = DType::Struct(
        {"i", "s"}, {DType::Primitive(PType::I64, Nullability::Nullable), DType::Utf8(Nullability::Nullable)},
        Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 900, .null_fraction = 0.2, .seed = 21, .max_string_len = 20});
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, RandomChunks(data, 5, 200), SmallBlocks()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    const auto &stats = file->footer().statistics;
    ASSERT_EQ(stats.size(), 2u);
    auto source = As<StructArray>(data);
    for (size_t f = 0; f < 2; ++f) {
        auto find = [&](Stat stat) -> std::optional<Scalar> {
            for (const auto &[s, v] : **stats.Field(f)) {
                if (s == stat) {
                    return v;
                }
            }
            return std::nullopt;
        };
        ASSERT_TRUE(find(Stat::Min).has_value());
        ASSERT_TRUE(find(Stat::Max).has_value());
        EXPECT_TRUE(ScalarsEqual(*Min(source->field(f)), *find(Stat::Min)));
        EXPECT_TRUE(ScalarsEqual(*Max(source->field(f)), *find(Stat::Max)));
        EXPECT_EQ(find(Stat::NullCount)->as<uint64_t>(), NullCount(source->field(f)));
    }
}

// Writes the same chunks with `threads` executor threads and returns the file bytes.
Buffer WriteWithThreads(const DType &dtype, const std::vector<ArrayRef> &chunks, size_t threads) {
    Executor executor(threads);
    WriteOptions options = SmallBlocks();
    options.executor = &executor;
    Result<Buffer> bytes = WriteToBuffer(dtype, chunks, options);
    EXPECT_TRUE(bytes.ok()) << bytes.status();
    return bytes.ok() ? *bytes : Buffer();
}

// Whether any node of `array` is a constant of `dtype`'s kind.
bool HasConstantOfKind(const Array &array, DTypeKind kind) {
    if (array.encoding_id() == ConstantEncoding::kId && array.dtype().kind() == kind) {
        return true;
    }
    for (const auto &child : array.children()) {
        if (HasConstantOfKind(*child, kind)) {
            return true;
        }
    }
    return false;
}

TEST(FileWriter, ConstantsTheReferenceCannotDecodeAreWrittenCanonical) {
    // A block that reaches the flat writer as a constant fixed-size list (the file writer hands
    // its strategy canonical batches, so only a compressor can make one; a caller's may): its
    // value would be a list_value the reference rejects for a fixed-size list, so the block is
    // written in its canonical form.
    const DType element = DType::Primitive(PType::I32, Nullability::NonNullable);
    const DType fsl = DType::FixedSizeList(element, 2, Nullability::NonNullable);
    const Scalar pair = Scalar::List(fsl, {Scalar::Primitive<int32_t>(7, Nullability::NonNullable),
                                           Scalar::Primitive<int32_t>(-1, Nullability::NonNullable)});
    const ArrayRef column = ConstantArray::Make(pair, 100);
    WriteOptions options;
    options.compressor = [pair](const ArrayRef &chunk) -> Result<ArrayRef> {
        return ArrayRef(ConstantArray::Make(pair, chunk->len()));
    };
    options.strategy = std::make_shared<CompressStrategy>(std::make_shared<FlatStrategy>());
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(fsl, {column}, options));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    ASSERT_OK_AND_ASSIGN(ArrayRef read, file->ReadAll());
    EXPECT_ARRAYS_EQUAL(column, read);
    EXPECT_FALSE(HasConstantOfKind(*read, DTypeKind::FixedSizeList));
}

TEST(FileWriter, EncodingsTheReferenceOpensOnlyBehindASwitchAreWrittenCanonical) {
    // vortex.patched is read here, but the reference registers it only with
    // VORTEX_EXPERIMENTAL_PATCHED_ARRAY=1: a compressor handing one to the flat writer (an
    // array read from such a file, written again) gets it written canonical.
    const std::vector<int64_t> base = {10, 20, 30, 40, 50};
    vortex::encodings::PatchedMetadata proto;
    proto.set_n_patches(1);
    proto.set_n_lanes(1);
    const std::string metadata = proto.SerializeAsString();
    const auto patched = [&](size_t len) -> Result<ArrayRef> {
        std::vector<int64_t> values(len, 0);
        std::copy_n(base.begin(), std::min(len, base.size()), values.begin());
        const std::vector<uint8_t> bytes(metadata.begin(), metadata.end());
        return patched::PatchedEncoding::Instance().Build(
            DType::Primitive(PType::I64, Nullability::NonNullable), len, bytes, {},
            std::vector<ArrayRef>{
                PrimitiveArray::FromValues(values), PrimitiveArray::FromValues<uint32_t>({0, 1}),
                PrimitiveArray::FromValues<uint16_t>({2}), PrimitiveArray::FromValues<int64_t>({-7})});
    };
    WriteOptions options;
    options.compressor = [&](const ArrayRef &chunk) { return patched(chunk->len()); };
    options.strategy = std::make_shared<CompressStrategy>(std::make_shared<FlatStrategy>());
    const DType dtype = DType::Primitive(PType::I64, Nullability::NonNullable);
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, {PrimitiveArray::FromValues(base)}, options));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    ASSERT_OK_AND_ASSIGN(ArrayRef read, file->ReadAll());
    EXPECT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int64_t>({10, 20, -7, 40, 50})), read);
    EXPECT_EQ(EncodingTree(*read).find("vortex.patched"), std::string::npos) << EncodingTree(*read);
}

TEST(FileWriter, BytesDoNotDependOnThreads) {
    DType dtype = WideStruct(Nullability::Nullable);
    ArrayRef data = RandomArray(dtype, {.len = 2000, .null_fraction = 0.2, .seed = 13});
    std::vector<ArrayRef> chunks = RandomChunks(data, 6, 300);
    Buffer one = WriteWithThreads(dtype, chunks, 1);
    for (size_t threads : {size_t{2}, size_t{8}}) {
        Buffer many = WriteWithThreads(dtype, chunks, threads);
        ASSERT_EQ(one.size(), many.size());
        EXPECT_EQ(0, std::memcmp(one.data(), many.data(), one.size())) << threads << " threads";
    }
}

TEST(FileWriter, BytesDoNotDependOnHowTheInputIsCut) {
    DType dtype = WideStruct(Nullability::Nullable);
    ArrayRef data = RandomArray(dtype, {.len = 1500, .null_fraction = 0.2, .seed = 17});
    Buffer whole = WriteWithThreads(dtype, {data}, 2);
    for (uint64_t seed : {1, 2, 3}) {
        // Slices of one array share its buffers; the file must not.
        Buffer cut = WriteWithThreads(dtype, RandomChunks(data, seed, 1 + 400 / seed), 2);
        ASSERT_EQ(whole.size(), cut.size()) << "seed " << seed;
        EXPECT_EQ(0, std::memcmp(whole.data(), cut.data(), whole.size())) << "seed " << seed;
    }
}

TEST(FileOpen, LargeFooterTakesASecondRead) {
    // Hundreds of columns of tiny blocks give a footer far larger than the first read.
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    for (int i = 0; i < 300; ++i) {
        names.push_back("col_with_a_long_name_" + std::to_string(i));
        dtypes.push_back(DType::Primitive(PType::I32, Nullability::NonNullable));
    }
    DType dtype = DType::Struct(names, dtypes, Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 640, .seed = 1});
    WriteOptions options = SmallBlocks();
    options.block_bytes = 256;
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, {data}, options));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    EXPECT_EQ(file->open_reads(), 2);
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(data, back));
    // With a large enough first read, one read suffices.
    OpenOptions big_read;
    big_read.initial_read_size = bytes.size();
    ASSERT_OK_AND_ASSIGN(auto again, OpenBuffer(bytes, big_read));
    EXPECT_EQ(again->open_reads(), 1);
}

TEST(FileFormat, TailBytesFollowTheSpec) {
    DType dtype = DType::Primitive(PType::U8, Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 10, .seed = 1});
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(dtype, {data}));
    const uint8_t *p = bytes.data();
    size_t n = bytes.size();
    EXPECT_EQ(std::string(reinterpret_cast<const char *>(p), 4), "VTXF");
    EXPECT_EQ(std::string(reinterpret_cast<const char *>(p + n - 4), 4), "VTXF");
    EXPECT_EQ(p[n - 8], 1); // version 1, little-endian
    EXPECT_EQ(p[n - 7], 0);
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    for (const SegmentSpec &spec : file->segments()) {
        EXPECT_EQ(spec.offset % (uint64_t{1} << spec.alignment_exponent), 0u);
        EXPECT_GE(spec.alignment_exponent, 3);
    }
}

} // namespace
} // namespace vortex
