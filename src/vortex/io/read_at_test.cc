// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <atomic>
#include <filesystem>
#include <limits>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/io/read_at.h"
#include "vortex/io/scoped_temp_dir_test_internal.h"

namespace vortex {
namespace {

using testing_internal::PatternBytes;
using testing_internal::ScopedTempDir;
using testing_internal::WriteFileBytes;

struct NamedSource {
    std::string kind;
    std::shared_ptr<const ReadAt> source;
};

// Opens the same bytes as a file, a mapped file and memory.
std::vector<NamedSource> OpenEveryKind(const std::string &path, const std::vector<uint8_t> &bytes) {
    std::vector<NamedSource> out;
    auto file = FileReadAt::Open(path);
    EXPECT_TRUE(file.ok()) << file.status();
    if (file.ok()) {
        out.push_back({"file", *file});
    }
    auto mapped = MmapReadAt::Open(path);
    EXPECT_TRUE(mapped.ok()) << mapped.status();
    if (mapped.ok()) {
        out.push_back({"mmap", *mapped});
    }
    out.push_back({"memory", std::make_shared<InMemoryReadAt>(Buffer::CopyFrom<uint8_t>(bytes))});
    return out;
}

bool BufferEquals(const Buffer &buffer, const std::vector<uint8_t> &bytes, size_t offset, size_t length) {
    return buffer.size() == length && std::equal(buffer.bytes().begin(), buffer.bytes().end(),
                                                 bytes.begin() + static_cast<ptrdiff_t>(offset));
}

// Returns 0..40 and limit-40..limit, each value once.
std::vector<uint64_t> NearBothEnds(uint64_t limit) {
    std::vector<uint64_t> out;
    for (uint64_t value = 0; value <= limit; value = (value == 40 && limit > 81) ? limit - 40 : value + 1) {
        out.push_back(value);
    }
    return out;
}

TEST(ReadAtTest, ReadsEveryRangeNearBothEnds) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(3001);
    const std::string path = dir.File("data.bin");
    WriteFileBytes(path, bytes);
    const uint64_t size = bytes.size();

    for (const auto &[kind, source] : OpenEveryKind(path, bytes)) {
        SCOPED_TRACE(kind);
        auto reported = source->Size();
        ASSERT_TRUE(reported.ok()) << reported.status();
        EXPECT_EQ(*reported, size);
        for (const uint64_t offset : NearBothEnds(size)) {
            for (const uint64_t length : NearBothEnds(size - offset)) {
                auto read = source->Read(offset, length);
                ASSERT_TRUE(read.ok()) << read.status();
                ASSERT_TRUE(BufferEquals(*read, bytes, offset, length)) << offset << "+" << length;
            }
            // Every range ending past the end fails; none is shortened.
            for (uint64_t length : {size - offset + 1, size - offset + 7, size + 1}) {
                auto read = source->Read(offset, length);
                ASSERT_FALSE(read.ok()) << offset << "+" << length;
                EXPECT_EQ(read.status().code(), StatusCode::OutOfBounds);
            }
        }
    }
}

TEST(ReadAtTest, PastEndErrorNamesSourceRangeAndSize) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(100);
    const std::string path = dir.File("named.bin");
    WriteFileBytes(path, bytes);
    for (const auto &[kind, source] : OpenEveryKind(path, bytes)) {
        SCOPED_TRACE(kind);
        auto read = source->Read(90, 11);
        ASSERT_FALSE(read.ok());
        EXPECT_EQ(read.status().code(), StatusCode::OutOfBounds);
        const std::string &message = read.status().message();
        EXPECT_NE(message.find(std::string(source->name())), std::string::npos) << message;
        EXPECT_NE(message.find("11 bytes"), std::string::npos) << message;
        EXPECT_NE(message.find("offset 90"), std::string::npos) << message;
        EXPECT_NE(message.find("100-byte"), std::string::npos) << message;
    }
}

TEST(ReadAtTest, RangesThatWouldOverflowAreOutOfBounds) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(10);
    const std::string path = dir.File("small.bin");
    WriteFileBytes(path, bytes);
    constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
    for (const auto &[kind, source] : OpenEveryKind(path, bytes)) {
        SCOPED_TRACE(kind);
        EXPECT_EQ(source->Read(kMax, 2).status().code(), StatusCode::OutOfBounds);
        EXPECT_EQ(source->Read(5, kMax).status().code(), StatusCode::OutOfBounds);
        EXPECT_EQ(source->Read(11, 0).status().code(), StatusCode::OutOfBounds);
    }
}

TEST(ReadAtTest, EmptyFilesHaveSizeZeroAndAllowEmptyReads) {
    ScopedTempDir dir;
    const std::string path = dir.File("empty.bin");
    WriteFileBytes(path, {});
    for (const auto &[kind, source] : OpenEveryKind(path, {})) {
        SCOPED_TRACE(kind);
        auto size = source->Size();
        ASSERT_TRUE(size.ok());
        EXPECT_EQ(*size, 0u);
        auto read = source->Read(0, 0);
        ASSERT_TRUE(read.ok()) << read.status();
        EXPECT_TRUE(read->empty());
        EXPECT_EQ(source->Read(0, 1).status().code(), StatusCode::OutOfBounds);
        EXPECT_EQ(source->Read(1, 0).status().code(), StatusCode::OutOfBounds);
    }
}

TEST(ReadAtTest, OpeningAMissingFileNamesThePath) {
    ScopedTempDir dir;
    const std::string path = dir.File("does-not-exist.vortex");
    auto file = FileReadAt::Open(path);
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.status().code(), StatusCode::Io);
    EXPECT_NE(file.status().message().find(path), std::string::npos) << file.status();
    EXPECT_NE(file.status().message().find("No such file"), std::string::npos) << file.status();

    auto mapped = MmapReadAt::Open(path);
    ASSERT_FALSE(mapped.ok());
    EXPECT_EQ(mapped.status().code(), StatusCode::Io);
    EXPECT_NE(mapped.status().message().find(path), std::string::npos) << mapped.status();
}

TEST(ReadAtTest, OpeningADirectoryFails) {
    ScopedTempDir dir;
    const std::string path = dir.File("sub");
    std::filesystem::create_directory(path);
    auto file = FileReadAt::Open(path);
    ASSERT_FALSE(file.ok());
    EXPECT_NE(file.status().message().find(path), std::string::npos) << file.status();
    EXPECT_FALSE(MmapReadAt::Open(path).ok());
}

TEST(ReadAtTest, MappedBuffersOutliveTheReader) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(10000);
    const std::string path = dir.File("mapped.bin");
    WriteFileBytes(path, bytes);
    Buffer whole;
    Buffer middle;
    std::weak_ptr<const void> mapping;
    {
        auto mapped = MmapReadAt::Open(path);
        ASSERT_TRUE(mapped.ok()) << mapped.status();
        auto read = (*mapped)->Read(0, bytes.size());
        ASSERT_TRUE(read.ok());
        whole = *read;
        read = (*mapped)->Read(1234, 5000);
        ASSERT_TRUE(read.ok());
        middle = *read;
        // Zero-copy: both reads point into one mapping.
        EXPECT_EQ(middle.data(), whole.data() + 1234);
        mapping = whole.owner();
    }
    EXPECT_FALSE(mapping.expired());
    EXPECT_TRUE(BufferEquals(whole, bytes, 0, bytes.size()));
    EXPECT_TRUE(BufferEquals(middle, bytes, 1234, 5000));
    whole = Buffer();
    middle = Buffer();
    EXPECT_TRUE(mapping.expired()) << "the mapping is released with its last buffer";
}

TEST(ReadAtTest, InMemoryReadsAreZeroCopySlices) {
    const Buffer data = Buffer::CopyFrom(std::string_view("0123456789"));
    InMemoryReadAt source(data, "label");
    EXPECT_EQ(source.name(), "label");
    auto read = source.Read(3, 4);
    ASSERT_TRUE(read.ok());
    EXPECT_EQ(read->data(), data.data() + 3);
    EXPECT_EQ(read->AsStringView(), "3456");
}

TEST(ReadAtTest, ReadsHonourTheAlignmentHint) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(3 * 4096 + 17);
    const std::string path = dir.File("aligned.bin");
    WriteFileBytes(path, bytes);
    for (const auto &[kind, source] : OpenEveryKind(path, bytes)) {
        SCOPED_TRACE(kind);
        const size_t hint = source->alignment_hint();
        ASSERT_GT(hint, 0u);
        ASSERT_EQ(hint & (hint - 1), 0u) << "not a power of two: " << hint;
        for (uint64_t offset = 0; offset + 8 <= bytes.size(); offset += hint) {
            auto read = source->Read(offset, 8);
            ASSERT_TRUE(read.ok());
            EXPECT_TRUE(read->IsAligned(hint)) << offset;
        }
    }
}

TEST(ReadAtTest, FileReadReportsATruncatedFile) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(1000);
    const std::string path = dir.File("shrinks.bin");
    WriteFileBytes(path, bytes);
    auto file = FileReadAt::Open(path);
    ASSERT_TRUE(file.ok());
    std::filesystem::resize_file(path, 500);
    auto read = (*file)->Read(400, 200);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.status().code(), StatusCode::Io);
    EXPECT_NE(read.status().message().find(path), std::string::npos) << read.status();
    // Bytes still present are read normally.
    auto head = (*file)->Read(0, 500);
    ASSERT_TRUE(head.ok()) << head.status();
    EXPECT_TRUE(BufferEquals(*head, bytes, 0, 500));
}

TEST(ReadAtTest, ConcurrentReadsFromOneSourceReturnTheRightBytes) {
    ScopedTempDir dir;
    const std::vector<uint8_t> bytes = PatternBytes(1 << 20, 7);
    const std::string path = dir.File("shared.bin");
    WriteFileBytes(path, bytes);
    for (const auto &[kind, source] : OpenEveryKind(path, bytes)) {
        SCOPED_TRACE(kind);
        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        for (uint32_t t = 0; t < 4; ++t) {
            threads.emplace_back([&, t] {
                std::mt19937_64 rng(t + 1);
                for (int i = 0; i < 500; ++i) {
                    const uint64_t offset = rng() % bytes.size();
                    const uint64_t length = rng() % std::min<uint64_t>(bytes.size() - offset + 1, 70000);
                    auto read = source->Read(offset, length);
                    if (!read.ok() || !BufferEquals(*read, bytes, offset, length)) {
                        failures.fetch_add(1);
                    }
                }
            });
        }
        for (auto &thread : threads) {
            thread.join();
        }
        EXPECT_EQ(failures.load(), 0);
    }
}

} // namespace
} // namespace vortex
