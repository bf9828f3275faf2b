// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <filesystem>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/io/read_at.h"
#include "vortex/io/scoped_temp_dir_test_internal.h"
#include "vortex/io/write_sink.h"

namespace vortex {
namespace {

using testing_internal::PatternBytes;
using testing_internal::ReadFileBytes;
using testing_internal::ScopedTempDir;

// Writes `bytes` to `sink` in pieces of the given sizes (cycled) and checks the count.
void WriteInPieces(WriteSink &sink, const std::vector<uint8_t> &bytes, const std::vector<size_t> &pieces) {
    size_t done = 0;
    for (size_t i = 0; done < bytes.size(); ++i) {
        const size_t piece = std::min(pieces[i % pieces.size()], bytes.size() - done);
        const Status status = sink.Write(std::span(bytes).subspan(done, piece));
        ASSERT_TRUE(status.ok()) << status;
        done += piece;
        ASSERT_EQ(sink.bytes_written(), done);
    }
}

TEST(WriteSinkTest, FileRoundTripsWritesAroundTheBufferSize) {
    ScopedTempDir dir;
    constexpr size_t kBuffer = 64;
    const std::vector<std::vector<size_t>> patterns{
        {0, 1, 63, 64, 65}, {kBuffer}, {kBuffer - 1}, {kBuffer + 1}, {1}, {2 * kBuffer + 3, 0, 7}, {1000}};
    for (const size_t total :
         {size_t{0}, size_t{1}, kBuffer - 1, kBuffer, kBuffer + 1, 3 * kBuffer, size_t{5000}}) {
        for (size_t p = 0; p < patterns.size(); ++p) {
            SCOPED_TRACE(::testing::Message() << "total " << total << " pattern " << p);
            const std::vector<uint8_t> bytes = PatternBytes(total, static_cast<uint32_t>(p));
            const std::string path = dir.File("out.bin");
            auto sink = FileWriteSink::Open(path, {.buffer_size = kBuffer});
            ASSERT_TRUE(sink.ok()) << sink.status();
            WriteInPieces(**sink, bytes, patterns[p]);
            ASSERT_TRUE((*sink)->Close().ok());
            EXPECT_EQ(ReadFileBytes(path), bytes);
        }
    }
}

TEST(WriteSinkTest, FileRoundTripsAroundTheDefaultBufferSize) {
    ScopedTempDir dir;
    constexpr size_t kMiB = size_t{1} << 20;
    const std::vector<uint8_t> bytes = PatternBytes(3 * kMiB + 5, 11);
    for (const size_t piece : {kMiB - 1, kMiB, kMiB + 1, size_t{4096}, 3 * kMiB + 5}) {
        SCOPED_TRACE(piece);
        const std::string path = dir.File("big.bin");
        auto sink = FileWriteSink::Open(path, {.sync_on_close = true});
        ASSERT_TRUE(sink.ok()) << sink.status();
        WriteInPieces(**sink, bytes, {piece, 1});
        ASSERT_TRUE((*sink)->Close().ok());
        // Read back through the reader of the same layer as well as the standard library.
        auto reader = FileReadAt::Open(path);
        ASSERT_TRUE(reader.ok()) << reader.status();
        auto all = (*reader)->Read(0, bytes.size());
        ASSERT_TRUE(all.ok()) << all.status();
        EXPECT_TRUE(std::equal(all->bytes().begin(), all->bytes().end(), bytes.begin(), bytes.end()));
    }
}

TEST(WriteSinkTest, FileRoundTripsRandomWriteSizes) {
    ScopedTempDir dir;
    std::mt19937_64 rng(17);
    const std::vector<uint8_t> bytes = PatternBytes(200000, 5);
    std::vector<size_t> pieces;
    for (int i = 0; i < 100; ++i) {
        pieces.push_back(rng() % 3000);
    }
    pieces.push_back(1);
    const std::string path = dir.File("random.bin");
    auto sink = FileWriteSink::Open(path, {.buffer_size = 1000});
    ASSERT_TRUE(sink.ok());
    WriteInPieces(**sink, bytes, pieces);
    ASSERT_TRUE((*sink)->Close().ok());
    EXPECT_EQ(ReadFileBytes(path), bytes);
}

TEST(WriteSinkTest, SmallWritesStayBufferedUntilFlush) {
    ScopedTempDir dir;
    const std::string path = dir.File("flush.bin");
    const std::vector<uint8_t> bytes = PatternBytes(10);
    auto sink = FileWriteSink::Open(path, {.buffer_size = 100});
    ASSERT_TRUE(sink.ok());
    ASSERT_TRUE((*sink)->Write(bytes).ok());
    EXPECT_TRUE(ReadFileBytes(path).empty());
    ASSERT_TRUE((*sink)->Flush().ok());
    EXPECT_EQ(ReadFileBytes(path), bytes);
    EXPECT_EQ((*sink)->bytes_written(), 10u);
    ASSERT_TRUE((*sink)->Close().ok());
}

TEST(WriteSinkTest, OpenTruncatesAnExistingFile) {
    ScopedTempDir dir;
    const std::string path = dir.File("again.bin");
    for (const size_t size : {size_t{100}, size_t{3}}) {
        auto sink = FileWriteSink::Open(path);
        ASSERT_TRUE(sink.ok());
        ASSERT_TRUE((*sink)->Write(PatternBytes(size)).ok());
        ASSERT_TRUE((*sink)->Close().ok());
    }
    EXPECT_EQ(ReadFileBytes(path), PatternBytes(3));
}

TEST(WriteSinkTest, ClosedSinksRefuseWritesAndCloseTwiceIsOk) {
    ScopedTempDir dir;
    auto sink = FileWriteSink::Open(dir.File("closed.bin"));
    ASSERT_TRUE(sink.ok());
    ASSERT_TRUE((*sink)->Close().ok());
    EXPECT_TRUE((*sink)->Close().ok());
    const std::vector<uint8_t> one{1};
    EXPECT_EQ((*sink)->Write(one).code(), StatusCode::InvalidArgument);
    EXPECT_EQ((*sink)->Flush().code(), StatusCode::InvalidArgument);
}

TEST(WriteSinkTest, DestroyingWithoutCloseDropsBufferedBytes) {
    ScopedTempDir dir;
    const std::string path = dir.File("dropped.bin");
    {
        auto sink = FileWriteSink::Open(path, {.buffer_size = 100});
        ASSERT_TRUE(sink.ok());
        ASSERT_TRUE((*sink)->Write(PatternBytes(10)).ok());
    }
    EXPECT_TRUE(std::filesystem::exists(path));
    EXPECT_TRUE(ReadFileBytes(path).empty());
}

// Names in `dir` other than `keep`: leftovers of a temporary file would show here.
std::vector<std::string> OtherEntries(const std::string &dir, const std::string &keep) {
    std::vector<std::string> out;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().filename() != keep) {
            out.push_back(entry.path().filename().string());
        }
    }
    return out;
}

TEST(WriteSinkTest, AtomicReplaceShowsNothingUntilClose) {
    ScopedTempDir dir;
    const std::string path = dir.File("out.vortex");
    auto sink = FileWriteSink::Open(path, {.buffer_size = 16, .replace_atomically = true});
    ASSERT_TRUE(sink.ok()) << sink.status();
    WriteInPieces(**sink, PatternBytes(1000), {7, 100});
    EXPECT_FALSE(std::filesystem::exists(path));
    EXPECT_NE((*sink)->temp_path(), path);
    EXPECT_TRUE(std::filesystem::exists((*sink)->temp_path()));
    ASSERT_TRUE((*sink)->Close().ok());
    EXPECT_EQ(ReadFileBytes(path), PatternBytes(1000));
    EXPECT_TRUE(OtherEntries(dir.path(), "out.vortex").empty());
}

TEST(WriteSinkTest, AtomicReplaceKeepsTheOldFileWhenTheWriteIsAbandoned) {
    ScopedTempDir dir;
    const std::string path = dir.File("out.vortex");
    {
        auto sink = FileWriteSink::Open(path);
        ASSERT_TRUE(sink.ok());
        ASSERT_TRUE((*sink)->Write(PatternBytes(5)).ok());
        ASSERT_TRUE((*sink)->Close().ok());
    }
    {
        auto sink = FileWriteSink::Open(path, {.buffer_size = 16, .replace_atomically = true});
        ASSERT_TRUE(sink.ok());
        WriteInPieces(**sink, PatternBytes(300), {50});
        // Dropped without Close, as a failed conversion drops its writer.
    }
    EXPECT_EQ(ReadFileBytes(path), PatternBytes(5));
    EXPECT_TRUE(OtherEntries(dir.path(), "out.vortex").empty());
}

TEST(WriteSinkTest, AtomicReplaceOverwritesOnClose) {
    ScopedTempDir dir;
    const std::string path = dir.File("out.vortex");
    for (const size_t size : {size_t{100}, size_t{3}}) {
        auto sink = FileWriteSink::Open(path, {.replace_atomically = true});
        ASSERT_TRUE(sink.ok());
        ASSERT_TRUE((*sink)->Write(PatternBytes(size)).ok());
        ASSERT_TRUE((*sink)->Close().ok());
    }
    EXPECT_EQ(ReadFileBytes(path), PatternBytes(3));
    EXPECT_TRUE(OtherEntries(dir.path(), "out.vortex").empty());
}

TEST(WriteSinkTest, AtomicReplaceWritesDevicesInPlace) {
    // Renaming over /dev/null would replace the device; the sink must write through it.
    auto sink = FileWriteSink::Open("/dev/null", {.replace_atomically = true});
    ASSERT_TRUE(sink.ok()) << sink.status();
    EXPECT_EQ((*sink)->temp_path(), "/dev/null");
    ASSERT_TRUE((*sink)->Write(PatternBytes(100)).ok());
    ASSERT_TRUE((*sink)->Close().ok());
}

TEST(WriteSinkTest, AtomicReplaceErrorsNameThePath) {
    ScopedTempDir dir;
    const std::string path = dir.File("missing-dir/out.vortex");
    auto sink = FileWriteSink::Open(path, {.replace_atomically = true});
    ASSERT_FALSE(sink.ok());
    EXPECT_EQ(sink.status().code(), StatusCode::Io);
    EXPECT_NE(sink.status().message().find(path), std::string::npos) << sink.status();
    // A directory as the destination is refused at once; nothing is left behind.
    const std::string sub = dir.File("sub");
    std::filesystem::create_directory(sub);
    auto into_dir = FileWriteSink::Open(sub, {.replace_atomically = true});
    ASSERT_FALSE(into_dir.ok());
    EXPECT_NE(into_dir.status().message().find(sub), std::string::npos) << into_dir.status();
    EXPECT_TRUE(std::filesystem::is_directory(sub));
    EXPECT_TRUE(OtherEntries(dir.path(), "sub").empty());
}

TEST(WriteSinkTest, OpenErrorNamesThePath) {
    ScopedTempDir dir;
    const std::string path = dir.File("missing-dir/out.vortex");
    auto sink = FileWriteSink::Open(path);
    ASSERT_FALSE(sink.ok());
    EXPECT_EQ(sink.status().code(), StatusCode::Io);
    EXPECT_NE(sink.status().message().find(path), std::string::npos) << sink.status();
}

TEST(WriteSinkTest, WriteErrorsNameThePathAndStick) {
    if (!std::filesystem::exists("/dev/full")) {
        GTEST_SKIP() << "/dev/full is not available";
    }
    auto sink = FileWriteSink::Open("/dev/full", {.buffer_size = 16});
    ASSERT_TRUE(sink.ok()) << sink.status();
    const std::vector<uint8_t> bytes = PatternBytes(100);
    const Status failed = (*sink)->Write(bytes);
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.code(), StatusCode::Io);
    EXPECT_NE(failed.message().find("/dev/full"), std::string::npos) << failed;
    EXPECT_EQ((*sink)->Write(bytes), failed);
    EXPECT_EQ((*sink)->Close(), failed);
    EXPECT_EQ((*sink)->Close(), failed);
}

TEST(WriteSinkTest, BufferSinkRoundTrips) {
    const std::vector<uint8_t> bytes = PatternBytes(70000, 2);
    BufferWriteSink sink;
    WriteInPieces(sink, bytes, {0, 1, 63, 64, 65, 4096});
    ASSERT_TRUE(sink.Flush().ok());
    const Buffer out = sink.Finish();
    EXPECT_EQ(sink.bytes_written(), bytes.size());
    ASSERT_EQ(out.size(), bytes.size());
    EXPECT_TRUE(std::equal(out.bytes().begin(), out.bytes().end(), bytes.begin()));
    EXPECT_EQ(sink.Write(bytes).code(), StatusCode::InvalidArgument);
}

TEST(WriteSinkTest, EmptyBufferSinkFinishesEmpty) {
    BufferWriteSink sink;
    ASSERT_TRUE(sink.Close().ok());
    EXPECT_TRUE(sink.Finish().empty());
    EXPECT_EQ(sink.bytes_written(), 0u);
}

} // namespace
} // namespace vortex
