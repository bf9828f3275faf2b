// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <random>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/thread_count.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/io/executor.h"

namespace vortex {
namespace {

// A struct of `ncols` columns: random dtypes (nested structs included) and every test dtype.
DType RandomTable(std::mt19937_64 &rng, size_t ncols) {
    std::vector<DType> all = AllTestDTypes();
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    for (size_t i = 0; i < ncols; ++i) {
        names.push_back("f" + std::to_string(i));
        dtypes.push_back(rng() % 2 == 0 ? all[rng() % all.size()] : RandomDType(rng(), 3));
    }
    return DType::Struct(std::move(names), std::move(dtypes),
                         rng() % 2 == 0 ? Nullability::Nullable : Nullability::NonNullable);
}

TEST(WriterStress, RandomTreesThreadsAndBudgetsAlwaysFinish) {
    std::mt19937_64 rng(4242);
    for (int round = 0; round < 12; ++round) {
        size_t ncols = 1 + rng() % 64;
        size_t threads = 1 + rng() % 16;
        DType dtype = RandomTable(rng, ncols);
        SCOPED_TRACE(::testing::Message()
                     << "round " << round << ": " << ncols << " columns, " << threads << " threads");
        ArrayRef data = RandomArray(dtype, {.len = 300 + rng() % 700, .null_fraction = 0.2, .seed = rng()});
        std::vector<ArrayRef> chunks;
        uint64_t largest = 0;
        for (size_t offset = 0; offset < data->len();) {
            size_t n = std::min<size_t>(data->len() - offset, 1 + rng() % 200);
            ASSERT_OK_AND_ASSIGN(ArrayRef slice, Slice(data, offset, offset + n));
            // Chunks own their buffers, as a reader's batches do (slices of one array would
            // each count the buffers they share).
            ASSERT_OK_AND_ASSIGN(auto builder, MakeBuilder(dtype, BuilderOptions{.share_buffers = false}));
            ASSERT_OK(builder->AppendArray(slice));
            ArrayRef chunk = builder->Finish();
            largest = std::max<uint64_t>(largest, chunk->nbytes());
            chunks.push_back(std::move(chunk));
            offset += n;
        }
        Executor executor(threads);
        WriteOptions options;
        options.executor = &executor;
        options.zone_len = 16 << (rng() % 4);
        options.block_bytes = 1 << (8 + rng() % 8);
        options.buffer_bytes = 1 << (8 + rng() % 8);
        options.max_buffered_bytes = rng() % 2 == 0 ? 0 : (uint64_t{16} << (10 + rng() % 6));

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

        ASSERT_OK_AND_ASSIGN(auto file, testing::OpenBuffer(Buffer::Copy(*bytes)));
        ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
        EXPECT_TRUE(ArraysEqual(data, back));
    }
}

TEST(WriterStress, DroppingAnUnfinishedWriterDoesNotHang) {
    DType dtype = DType::Struct(
        {"a", "b"},
        {DType::Primitive(PType::I32, Nullability::NonNullable), DType::Utf8(Nullability::Nullable)},
        Nullability::NonNullable);
    ArrayRef data = RandomArray(dtype, {.len = 5000, .seed = 8});
    auto bytes = std::make_shared<std::vector<uint8_t>>();
    WriteOptions options;
    options.block_bytes = 1024;
    ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(std::make_unique<testing::VectorSink>(bytes), dtype,
                                                       testing::FileTestSession(), options));
    ASSERT_OK(writer->Write(data));
    writer.reset(); // must return: drivers are cancelled and joined
    SUCCEED();
}

TEST(WriterStress, AWideTableUsesOnlyTheExecutorsThreads) {
    // Columns are strands of tasks on the write executor: thousands of columns must not
    // start a thread each, and the bytes must not depend on the number of workers.
    constexpr size_t kColumns = 3000;
    constexpr size_t kRows = 200;
    std::vector<std::string> names;
    std::vector<ArrayRef> columns;
    for (size_t c = 0; c < kColumns; ++c) {
        names.push_back("c" + std::to_string(c));
        std::vector<int32_t> values(kRows);
        for (size_t r = 0; r < kRows; ++r) {
            values[r] = static_cast<int32_t>(c * 1000 + (r * 7919) % 997);
        }
        columns.push_back(PrimitiveArray::FromValues<int32_t>(values));
    }
    ASSERT_OK_AND_ASSIGN(auto table, StructArray::FromFields(names, columns, kRows, Validity::NonNullable()));
    const ArrayRef data = table;
    std::vector<std::vector<uint8_t>> files;
    for (size_t threads : {1, 2}) {
        SCOPED_TRACE(::testing::Message() << threads << " threads");
        Executor executor(threads);
        WriteOptions options;
        options.executor = &executor;
        options.zone_len = 64;
        auto bytes = std::make_shared<std::vector<uint8_t>>();
        ThreadCountPeak peak; // counts itself, the executor's workers and this thread
        const size_t before = ProcessThreadCount();
        ASSERT_OK_AND_ASSIGN(auto writer,
                             FileWriter::Open(std::make_unique<testing::VectorSink>(bytes), data->dtype(),
                                              testing::FileTestSession(), options));
        for (size_t offset = 0; offset < kRows; offset += 50) {
            ASSERT_OK_AND_ASSIGN(ArrayRef chunk, Slice(data, offset, offset + 50));
            ASSERT_OK(writer->Write(chunk));
        }
        ASSERT_OK(writer->Finish().status());
        EXPECT_LE(peak.Stop(), before) << "the writer started threads of its own";
        files.push_back(*bytes);
    }
    EXPECT_EQ(files[0], files[1]) << "the bytes depend on the number of workers";

    ASSERT_OK_AND_ASSIGN(auto file, testing::OpenBuffer(Buffer::Copy(files[0])));
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(data, back));
}

TEST(WriterStress, WrongDTypeIsRejected) {
    DType dtype = DType::Primitive(PType::I32, Nullability::NonNullable);
    auto bytes = std::make_shared<std::vector<uint8_t>>();
    ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(std::make_unique<testing::VectorSink>(bytes), dtype,
                                                       testing::FileTestSession()));
    ArrayRef other = RandomArray(DType::Primitive(PType::I64, Nullability::NonNullable), {.len = 3});
    ASSERT_RAISES(MismatchedTypes, writer->Write(other));
    ASSERT_OK(writer->Finish().status());
    ASSERT_RAISES(InvalidArgument, writer->Write(other));
}

} // namespace
} // namespace vortex
