// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cerrno>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/arrow/arrow_import.h"
#include "vortex/arrow/arrow_stream.h"

namespace vortex {
namespace {

const DType kDType =
    DType::Struct({"a", "b"},
                  {DType::Primitive(PType::I32, Nullability::Nullable), DType::Utf8(Nullability::Nullable)},
                  Nullability::NonNullable);

std::vector<ArrayRef> Batches() {
    std::vector<ArrayRef> batches;
    for (uint64_t seed = 0; seed < 3; ++seed) {
        batches.push_back(RandomArray(kDType, {.len = 10 * seed, .null_fraction = 0.2, .seed = seed}));
    }
    return batches;
}

TEST(ArrowStreamTest, ExportThenImportYieldsEveryBatch) {
    const std::vector<ArrayRef> batches = Batches();
    ArrowArrayStream stream{};
    ASSERT_OK(ExportArrayStream(kDType, batches, &stream));
    ASSERT_OK_AND_ASSIGN(auto reader, ImportArrayStream(&stream));
    EXPECT_EQ(stream.release, nullptr); // moved into the reader
    EXPECT_EQ(reader->dtype(), kDType);
    for (const ArrayRef &expected : batches) {
        ASSERT_OK_AND_ASSIGN(std::optional<ArrayRef> next, reader->Next());
        ASSERT_TRUE(next.has_value());
        ASSERT_ARRAYS_EQUAL(expected, *next);
    }
    for (int i = 0; i < 2; ++i) {
        ASSERT_OK_AND_ASSIGN(std::optional<ArrayRef> end, reader->Next());
        EXPECT_FALSE(end.has_value());
    }
}

TEST(ArrowStreamTest, ProducerErrorSurfacesThroughGetLastError) {
    int calls = 0;
    ArrowArrayStream stream{};
    ASSERT_OK(ExportArrayStream(
        kDType,
        [&]() -> Result<std::optional<ArrayRef>> {
            if (calls++ == 0) {
                return std::optional<ArrayRef>(Batches()[1]);
            }
            return Status::Io("disk on fire");
        },
        &stream));
    ArrowSchema schema{};
    ASSERT_EQ(stream.get_schema(&stream, &schema), 0);
    ASSERT_OK_AND_ASSIGN(DType dtype, ImportSchema(&schema));
    EXPECT_EQ(dtype, kDType);

    ArrowArray array{};
    ASSERT_EQ(stream.get_next(&stream, &array), 0);
    ASSERT_NE(array.release, nullptr);
    array.release(&array);
    EXPECT_EQ(stream.get_next(&stream, &array), EIO);
    const char *message = stream.get_last_error(&stream);
    ASSERT_NE(message, nullptr);
    EXPECT_NE(std::string(message).find("disk on fire"), std::string::npos);
    // The error is sticky; the producer is not called again.
    EXPECT_EQ(stream.get_next(&stream, &array), EIO);
    EXPECT_EQ(calls, 2);
    stream.release(&stream);
    EXPECT_EQ(stream.release, nullptr);
}

TEST(ArrowStreamTest, ReaderReportsProducerErrors) {
    ArrowArrayStream stream{};
    ASSERT_OK(ExportArrayStream(
        kDType, []() -> Result<std::optional<ArrayRef>> { return Status::Compute("bad batch"); }, &stream));
    ASSERT_OK_AND_ASSIGN(auto reader, ImportArrayStream(&stream));
    auto next = reader->Next();
    ASSERT_RAISES(Io, next);
    EXPECT_NE(next.status().message().find("bad batch"), std::string::npos);
}

TEST(ArrowStreamTest, WrongDTypeIsEinval) {
    ArrowArrayStream stream{};
    ASSERT_OK(ExportArrayStream(
        kDType, std::vector<ArrayRef>{RandomArray(DType::Bool(Nullability::Nullable), {.len = 3})}, &stream));
    ArrowArray array{};
    EXPECT_EQ(stream.get_next(&stream, &array), EINVAL);
    EXPECT_NE(stream.get_last_error(&stream), nullptr);
    stream.release(&stream);
}

// Releasing the stream mid-way frees the producer; arrays already exported stay valid.
TEST(ArrowStreamTest, ReleaseMidStream) {
    auto sentinel = std::make_shared<int>(0);
    std::weak_ptr<int> watch = sentinel;
    const std::vector<ArrayRef> batches = Batches();
    ArrowArrayStream stream{};
    ASSERT_OK(ExportArrayStream(
        kDType,
        [sentinel = std::move(sentinel), batches,
         index = size_t{0}]() mutable -> Result<std::optional<ArrayRef>> {
            ++*sentinel;
            return std::optional<ArrayRef>(batches[index++ % batches.size()]);
        },
        &stream));
    ArrowArray first{};
    ASSERT_EQ(stream.get_next(&stream, &first), 0);
    ArrowArray second{};
    ASSERT_EQ(stream.get_next(&stream, &second), 0);
    EXPECT_FALSE(watch.expired());
    stream.release(&stream);
    EXPECT_TRUE(watch.expired());
    first.release(&first);
    ASSERT_OK_AND_ASSIGN(ArrayRef imported, ImportArray(&second, kDType));
    ASSERT_ARRAYS_EQUAL(batches[1], imported);
}

} // namespace
} // namespace vortex
