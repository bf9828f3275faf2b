// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The default writer turns low-cardinality leaves into vortex.dict layouts (spec: layouts-scan
// 1.4 and 5) that the reader reads back; everything else falls back to the flat data path.
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/io/executor.h"
#include "vortex/layout/layouts/dict_layout.h"
#include "vortex/layout/layouts/struct_layout.h"

namespace vortex {
namespace {

using testing::OpenBuffer;
using testing::WriteToBuffer;

WriteOptions SmallZones() {
    WriteOptions options;
    options.zone_len = 512;
    options.block_bytes = 16 << 10;
    options.buffer_bytes = 8 << 10;
    return options;
}

// Cuts `array` into chunks of `size` rows (the last one shorter).
std::vector<ArrayRef> Chunks(const ArrayRef &array, size_t size) {
    std::vector<ArrayRef> out;
    for (size_t offset = 0; offset < array->len(); offset += size) {
        out.push_back(*Slice(array, offset, std::min(array->len(), offset + size)));
    }
    return out;
}

// The data layout of a column (below its zone map, if any).
LayoutRef DataOf(const LayoutRef &column) {
    return column->encoding_id() == "vortex.stats" || column->encoding_id() == "vortex.zoned"
               ? *column->Child(0)
               : column;
}

// The number of vortex.dict layouts making up a column's data: 1 for a bare dict, the chunk
// count for a chunked layout of dicts, 0 when it is not dictionary-encoded.
size_t DictCount(const LayoutRef &column) {
    LayoutRef data = DataOf(column);
    if (data->encoding_id() == "vortex.dict") {
        return 1;
    }
    if (data->encoding_id() != "vortex.chunked" || data->nchildren() == 0) {
        return 0;
    }
    for (size_t i = 0; i < data->nchildren(); ++i) {
        if ((*data->Child(i))->encoding_id() != "vortex.dict") {
            return 0;
        }
    }
    return data->nchildren();
}

// Reads the whole file through a scan and concatenates the batches.
ArrayRef ScanAll(const std::shared_ptr<const VortexFile> &file) {
    auto batches = Scan(file).Collect();
    EXPECT_TRUE(batches.ok()) << batches.status();
    if (!batches.ok()) {
        return nullptr;
    }
    return ChunkedArray::Make(*batches, file->dtype());
}

ArrayRef LowCardinalityTable(size_t rows) {
    const double nan_payload =
        std::bit_cast<double>(std::bit_cast<uint64_t>(std::numeric_limits<double>::quiet_NaN()) | 7);
    const std::vector<double> floats = {0.0, -0.0, 1.5, nan_payload, -2.25};
    const std::vector<std::string> words = {"", "grüße", "a value longer than twelve bytes", "日本語", "x"};
    std::vector<std::optional<int32_t>> ints;
    std::vector<double> doubles;
    std::vector<std::optional<std::string>> strings;
    std::vector<std::string> bytes;
    for (size_t i = 0; i < rows; ++i) {
        ints.push_back(i % 11 == 3 ? std::nullopt
                                   : std::optional<int32_t>(static_cast<int32_t>(i * 7 % 13) - 6));
        doubles.push_back(floats[i * 3 % floats.size()]);
        strings.push_back(i % 7 == 0 ? std::nullopt : std::optional<std::string>(words[i % words.size()]));
        bytes.push_back(std::string(1 + i % 3, static_cast<char>(i % 2 == 0 ? '\0' : '\xff')));
    }
    auto table = StructArray::FromFields(
        {"i", "f", "s", "b"},
        {PrimitiveArray::FromOptionals<int32_t>(ints), PrimitiveArray::FromValues<double>(doubles),
         VarBinViewArray::FromStrings(strings, DType::Utf8(Nullability::Nullable)),
         VarBinViewArray::FromStrings(bytes, DType::Binary(Nullability::NonNullable))},
        rows);
    VX_CHECK(table.ok());
    return *table;
}

TEST(DictWrite, LowCardinalityColumnsBecomeDictsAndReadBack) {
    ArrayRef data = LowCardinalityTable(5000);
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(data->dtype(), Chunks(data, 777), SmallZones()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    auto root = std::dynamic_pointer_cast<const StructLayout>(file->layout());
    ASSERT_NE(root, nullptr);
    for (size_t f = 0; f < 4; ++f) {
        EXPECT_EQ(DictCount(*root->field(f)), 1u) << "field " << f;
    }
    auto dict = std::dynamic_pointer_cast<const DictLayout>(DataOf(*root->field(0)));
    ASSERT_NE(dict, nullptr);
    // Codes U16 non-nullable (the default limit of 65535 entries); nulls are a value entry.
    EXPECT_EQ(dict->codes()->dtype(), DType::Primitive(PType::U16, Nullability::NonNullable));
    EXPECT_EQ(dict->values()->row_count(), 14u);
    EXPECT_EQ(dict->values()->dtype(), data->dtype().struct_fields().dtypes[0]);

    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(data, back, {.nan_equal = true}));
    ArrayRef scanned = ScanAll(file);
    ASSERT_NE(scanned, nullptr);
    EXPECT_TRUE(ArraysEqual(data, scanned, {.nan_equal = true}));

    // Floats come back bit for bit (-0.0 and the NaN payload).
    auto floats = As<PrimitiveArray>(*Canonicalize(As<StructArray>(*Canonicalize(back))->field(1)));
    auto source = As<PrimitiveArray>(As<StructArray>(data)->field(1));
    ASSERT_EQ(floats->len(), source->len());
    EXPECT_EQ(0, std::memcmp(floats->values().data(), source->values().data(), source->values().size()));
}

TEST(DictWrite, OverflowingDictionariesStartNewOnesAcrossChunkBoundaries) {
    // Each value twice in a row: the first zone has half as many distinct values as rows, and
    // 70000 distinct values overflow the 65535-entry limit.
    const size_t rows = 150'000;
    std::vector<uint32_t> values(rows);
    for (size_t i = 0; i < rows; ++i) {
        values[i] = static_cast<uint32_t>(i / 2 % 70'000) * 2654435761u;
    }
    ArrayRef column = PrimitiveArray::FromValues(values);
    WriteOptions options;
    options.zone_len = 8192;
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(column->dtype(), Chunks(column, 10'000), options));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    // 65535 entries, then the other 4465 and the 5000 that repeat at the end.
    EXPECT_EQ(DictCount(file->layout()), 2u);
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(column, back));
    // A range crossing the first dictionary's end.
    ASSERT_OK_AND_ASSIGN(ArrayRef range, file->Read(131'000, 131'100));
    EXPECT_TRUE(ArraysEqual(*Slice(column, 131'000, 131'100), range));
}

TEST(DictWrite, ByteLimitSplitsStringDictionaries) {
    // 400 distinct 30-byte strings: 46 bytes each, more than the 16 KiB block (the limit).
    std::vector<std::optional<std::string>> strings;
    for (size_t i = 0; i < 3000; ++i) {
        std::string value = "string number " + std::to_string(1000 + i / 4 % 400);
        value.resize(30, '.');
        strings.push_back(i % 5 == 0 ? std::nullopt : std::optional<std::string>(value));
    }
    ArrayRef column = VarBinViewArray::FromStrings(strings, DType::Utf8(Nullability::Nullable));
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(column->dtype(), Chunks(column, 333), SmallZones()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    EXPECT_GE(DictCount(file->layout()), 2u);
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(column, back));
}

// A table whose columns all become dictionaries: three words (mostly null), a hundred
// integers, and names that keep adding distinct values, so dictionaries fill, close and start
// again while their codes are still on their way to the file. Chunks own their buffers, as a
// reader's batches do.
std::vector<ArrayRef> DictionaryChunks(size_t nchunks, size_t rows, uint64_t seed) {
    std::mt19937_64 rng(seed);
    static constexpr const char *kWords[] = {"H", "B", "Y"};
    std::vector<ArrayRef> chunks;
    uint64_t fresh = 0;
    for (size_t c = 0; c < nchunks; ++c) {
        std::vector<std::optional<std::string>> notes;
        std::vector<int64_t> counts;
        std::vector<std::string> names;
        for (size_t r = 0; r < rows; ++r) {
            notes.push_back(rng() % 10 == 0 ? std::optional<std::string>(kWords[rng() % 3]) : std::nullopt);
            counts.push_back(static_cast<int64_t>(rng() % 100) * 1000003);
            // Every 8th row brings a new name, the others repeat a recent one.
            uint64_t id = rng() % 8 == 0 ? ++fresh : fresh - std::min<uint64_t>(fresh, rng() % 16);
            names.push_back("name-of-some-length-" + std::to_string(id));
        }
        auto table = StructArray::FromFields(
            {"note", "count", "name"},
            {VarBinViewArray::FromStrings(notes, DType::Utf8(Nullability::Nullable)),
             PrimitiveArray::FromValues<int64_t>(counts),
             VarBinViewArray::FromStrings(names, DType::Utf8(Nullability::NonNullable))},
            rows);
        VX_CHECK(table.ok());
        chunks.push_back(*table);
    }
    return chunks;
}

// The bound of file_writer.h (buffered bytes at most the budget plus the chunk being written)
// holds with dictionary columns: a dictionary's gathered values are part of a column's share,
// and codes take over the bytes of the input they encode (tests/model/writer.pml,
// CFG_DICT_BUDGET).
TEST(DictWrite, DictionaryColumnsStayWithinTheBufferedBytesBudget) {
    std::vector<ArrayRef> chunks = DictionaryChunks(240, 128, 99);
    const DType dtype = chunks[0]->dtype();
    uint64_t largest = 0;
    for (const ArrayRef &chunk : chunks) {
        largest = std::max<uint64_t>(largest, chunk->nbytes());
    }
    ArrayRef expected = ChunkedArray::Make(chunks, dtype);
    for (size_t threads : {1, 4}) {
        for (uint64_t max_buffered : {uint64_t{0}, uint64_t{48} << 10}) {
            SCOPED_TRACE(::testing::Message() << threads << " threads, max_buffered_bytes " << max_buffered);
            Executor executor(threads);
            WriteOptions options = SmallZones();
            options.executor = &executor;
            options.block_bytes = 8 << 10;
            options.max_buffered_bytes = max_buffered;
            auto bytes = std::make_shared<std::vector<uint8_t>>();
            ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(std::make_unique<testing::VectorSink>(bytes),
                                                               dtype, testing::FileTestSession(), options));
            for (const ArrayRef &chunk : chunks) {
                ASSERT_OK(writer->Write(chunk));
                EXPECT_LE(writer->buffered_bytes(), writer->buffered_bytes_budget() + largest);
            }
            ASSERT_OK(writer->Finish().status());
            EXPECT_LE(writer->peak_buffered_bytes(), writer->buffered_bytes_budget() + largest);
            EXPECT_EQ(writer->buffered_bytes(), 0u);

            ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(Buffer::Copy(*bytes)));
            auto root = std::dynamic_pointer_cast<const StructLayout>(file->layout());
            ASSERT_NE(root, nullptr);
            for (size_t f = 0; f < 3; ++f) {
                EXPECT_GE(DictCount(*root->field(f)), 1u) << "field " << f; // else this proves nothing
            }
            EXPECT_GE(DictCount(*root->field(2)), 2u); // the names overflow the values limit
            ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
            EXPECT_TRUE(ArraysEqual(expected, back));
        }
    }
}

TEST(DictWrite, HighCardinalityAllNullAndOtherDTypesFallBack) {
    const size_t rows = 3000;
    ArrayRef random =
        RandomArray(DType::Primitive(PType::I64, Nullability::NonNullable), {.len = rows, .seed = 5});
    std::vector<std::optional<std::string>> nulls(rows);
    ArrayRef all_null = VarBinViewArray::FromStrings(nulls, DType::Utf8(Nullability::Nullable));
    ArrayRef bools = RandomArray(DType::Bool(Nullability::Nullable), {.len = rows, .seed = 6});
    auto table = StructArray::FromFields({"r", "n", "b"}, {random, all_null, bools}, rows);
    ASSERT_OK(table.status());
    ArrayRef data = *table;
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(data->dtype(), Chunks(data, 1000), SmallZones()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    auto root = std::dynamic_pointer_cast<const StructLayout>(file->layout());
    ASSERT_NE(root, nullptr);
    for (size_t f = 0; f < 3; ++f) {
        EXPECT_EQ(DictCount(*root->field(f)), 0u) << "field " << f;
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(data, back));
}

TEST(DictWrite, EmptyFileAndOneRow) {
    ArrayRef empty = LowCardinalityTable(0);
    ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(empty->dtype(), {}, SmallZones()));
    ASSERT_OK_AND_ASSIGN(auto file, OpenBuffer(bytes));
    EXPECT_EQ(file->row_count(), 0u);
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_EQ(back->len(), 0u);

    // One row: one distinct value among one row does not pay (more than half), so it falls back.
    ArrayRef one = LowCardinalityTable(1);
    ASSERT_OK_AND_ASSIGN(Buffer one_bytes, WriteToBuffer(one->dtype(), {one}, SmallZones()));
    ASSERT_OK_AND_ASSIGN(auto one_file, OpenBuffer(one_bytes));
    ASSERT_OK_AND_ASSIGN(ArrayRef one_back, one_file->ReadAll());
    EXPECT_TRUE(ArraysEqual(one, one_back, {.nan_equal = true}));
}

TEST(DictWrite, BytesDoNotDependOnThreadsOrInputChunks) {
    ArrayRef data = LowCardinalityTable(6000);
    std::optional<Buffer> first;
    for (size_t threads : {size_t{1}, size_t{8}}) {
        for (size_t chunk : {size_t{6000}, size_t{101}}) {
            Executor executor(threads);
            WriteOptions options = SmallZones();
            options.executor = &executor;
            ASSERT_OK_AND_ASSIGN(Buffer bytes, WriteToBuffer(data->dtype(), Chunks(data, chunk), options));
            if (!first) {
                first = bytes;
                continue;
            }
            ASSERT_EQ(first->size(), bytes.size()) << threads << " threads, chunks of " << chunk;
            EXPECT_EQ(0, std::memcmp(first->data(), bytes.data(), bytes.size()))
                << threads << " threads, chunks of " << chunk;
        }
    }
}

} // namespace
} // namespace vortex
