// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The footer cache: a second open of the same file version reads no tail and shares the parsed
// footer; a rewritten or replaced file misses; concurrent opens from many threads agree.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/file/file_writer.h"
#include "vortex/file/footer_cache.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/file/vortex_file.h"
#include "vortex/io/write_sink.h"

namespace vortex {
namespace {

class TempDir {
public:
    TempDir() {
        std::string pattern = std::filesystem::temp_directory_path().string() + "/vortex_footer_cache_XXXXXX";
        VX_CHECK(::mkdtemp(pattern.data()) != nullptr);
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    std::string File(const std::string &name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

// A table of `rows` rows: key = i, value = i * factor.
ArrayRef Table(size_t rows, int64_t factor) {
    std::vector<int64_t> keys(rows);
    std::vector<int64_t> values(rows);
    for (size_t i = 0; i < rows; ++i) {
        keys[i] = static_cast<int64_t>(i);
        values[i] = static_cast<int64_t>(i) * factor;
    }
    auto table = StructArray::FromFields(
        {"key", "value"}, {PrimitiveArray::FromValues(keys), PrimitiveArray::FromValues(values)}, rows);
    VX_CHECK(table.ok());
    return *table;
}

void WriteFile(const std::string &path, const ArrayRef &table) {
    auto sink = FileWriteSink::Open(path);
    ASSERT_TRUE(sink.ok()) << sink.status().ToString();
    auto writer = FileWriter::Open(std::move(*sink), table->dtype(), testing::FileTestSession());
    ASSERT_TRUE(writer.ok()) << writer.status().ToString();
    ASSERT_OK((*writer)->Write(table));
    ASSERT_OK((*writer)->Finish().status());
}

Result<std::shared_ptr<const VortexFile>>
OpenCached(const std::string &path,
           const std::shared_ptr<FooterCache> &cache,
           std::shared_ptr<const Session> session = testing::FileTestSession()) {
    OpenOptions options;
    options.footer_cache = cache;
    return VortexFile::Open(path, std::move(session), /*mmap=*/false, options);
}

void SetMtime(const std::string &path, int64_t seconds) {
    struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
}

TEST(FooterCacheTest, SecondOpenHitsAndSharesTheFooter) {
    TempDir dir;
    const std::string path = dir.File("a.vortex");
    ArrayRef table = Table(5000, 3);
    WriteFile(path, table);
    auto cache = std::make_shared<FooterCache>();

    ASSERT_OK_AND_ASSIGN(auto first, OpenCached(path, cache));
    EXPECT_GE(first->open_reads(), 1);
    ASSERT_OK_AND_ASSIGN(auto second, OpenCached(path, cache));
    EXPECT_EQ(second->open_reads(), 0);
    EXPECT_EQ(first->shared_footer(), second->shared_footer());
    FooterCache::Stats stats = cache->stats();
    EXPECT_EQ(stats.hits, 1u);
    EXPECT_EQ(stats.misses, 1u);
    EXPECT_EQ(stats.entries, 1u);

    // The hit has no tail in memory: every segment comes from the file, and the data match.
    ASSERT_OK_AND_ASSIGN(auto all, second->ReadAll());
    EXPECT_ARRAYS_EQUAL(table, all);
    ASSERT_OK_AND_ASSIGN(auto rows, second->Read(4990, 5000));
    ASSERT_OK_AND_ASSIGN(auto expected_rows, first->Read(4990, 5000));
    EXPECT_ARRAYS_EQUAL(expected_rows, rows);
}

TEST(FooterCacheTest, RewrittenFileMisses) {
    TempDir dir;
    const std::string path = dir.File("a.vortex");
    WriteFile(path, Table(1000, 1));
    auto cache = std::make_shared<FooterCache>();
    ASSERT_OK_AND_ASSIGN(auto old_file, OpenCached(path, cache));
    EXPECT_EQ(old_file->row_count(), 1000u);

    // A different size.
    ArrayRef bigger = Table(3000, 7);
    WriteFile(path, bigger);
    ASSERT_OK_AND_ASSIGN(auto new_file, OpenCached(path, cache));
    EXPECT_GE(new_file->open_reads(), 1);
    EXPECT_EQ(new_file->row_count(), 3000u);
    ASSERT_OK_AND_ASSIGN(auto all, new_file->ReadAll());
    EXPECT_ARRAYS_EQUAL(bigger, all);

    // The same bytes with another mtime: a miss, then a hit again.
    ASSERT_OK_AND_ASSIGN(auto hit, OpenCached(path, cache));
    EXPECT_EQ(hit->open_reads(), 0);
    SetMtime(path, 1'000'000'000);
    ASSERT_OK_AND_ASSIGN(auto touched, OpenCached(path, cache));
    EXPECT_GE(touched->open_reads(), 1);
    ASSERT_OK_AND_ASSIGN(auto again, OpenCached(path, cache));
    EXPECT_EQ(again->open_reads(), 0);
    EXPECT_EQ(cache->stats().entries, 1u); // the path's older versions were replaced

    // Replaced by rename with the same size and mtime: the inode differs.
    const std::string other = dir.File("b.vortex");
    WriteFile(other, Table(3000, 7));
    SetMtime(other, 1'000'000'000);
    std::filesystem::rename(other, path);
    ASSERT_OK_AND_ASSIGN(auto renamed, OpenCached(path, cache));
    EXPECT_GE(renamed->open_reads(), 1);
}

TEST(FooterCacheTest, DtypeOverrideAndOtherSessionsBypassIt) {
    TempDir dir;
    const std::string path = dir.File("a.vortex");
    WriteFile(path, Table(100, 1));
    auto cache = std::make_shared<FooterCache>();
    ASSERT_OK_AND_ASSIGN(auto first, OpenCached(path, cache));

    OpenOptions options;
    options.footer_cache = cache;
    options.dtype = first->dtype();
    ASSERT_OK_AND_ASSIGN(auto overridden, VortexFile::Open(path, testing::FileTestSession(), false, options));
    EXPECT_GE(overridden->open_reads(), 1);
    EXPECT_EQ(cache->stats().hits + cache->stats().misses, 1u); // not consulted

    SessionBuilder builder;
    ASSERT_OK(RegisterCanonicalEncodings(builder));
    ASSERT_OK(RegisterBuiltinLayouts(builder));
    std::shared_ptr<const Session> other = std::move(builder).Build();
    ASSERT_OK_AND_ASSIGN(auto through_other, OpenCached(path, cache, other));
    EXPECT_GE(through_other->open_reads(), 1);
    EXPECT_NE(through_other->shared_footer(), first->shared_footer());
}

TEST(FooterCacheTest, ErrorsAreThoseOfAnUncachedOpen) {
    TempDir dir;
    auto cache = std::make_shared<FooterCache>();
    EXPECT_FALSE(OpenCached(dir.File("missing.vortex"), cache).ok());
    const std::string bad = dir.File("bad.vortex");
    {
        std::FILE *f = std::fopen(bad.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fputs("not a vortex file", f);
        std::fclose(f);
    }
    EXPECT_FALSE(OpenCached(bad, cache).ok());
    EXPECT_FALSE(OpenCached(bad, cache).ok()); // failures are never cached
    EXPECT_EQ(cache->stats().entries, 0u);
}

TEST(FooterCacheTest, CapacityBoundsEveryShard) {
    TempDir dir;
    auto cache = std::make_shared<FooterCache>(/*capacity=*/1); // one entry per shard
    const std::string path = dir.File("a.vortex");
    WriteFile(path, Table(10, 1));
    for (int i = 0; i < 64; ++i) {
        const std::string link = dir.File("l" + std::to_string(i) + ".vortex");
        std::filesystem::create_hard_link(path, link);
        ASSERT_OK(OpenCached(link, cache).status());
    }
    EXPECT_LE(cache->stats().entries, FooterCache::kShards);
    EXPECT_GE(cache->stats().entries, 1u);
}

// Many threads open a few files at once through one cache; run under TSan too.
TEST(FooterCacheTest, ConcurrentOpensFromEightThreads) {
    TempDir dir;
    constexpr int kFiles = 4;
    constexpr int kThreads = 8;
    constexpr int kOpensPerThread = 100;
    std::vector<std::string> paths;
    for (int f = 0; f < kFiles; ++f) {
        paths.push_back(dir.File("f" + std::to_string(f) + ".vortex"));
        WriteFile(paths.back(), Table(2000 + static_cast<size_t>(f) * 100, f + 1));
    }
    auto cache = std::make_shared<FooterCache>();
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < kOpensPerThread; ++i) {
                const int f = (t + i) % kFiles;
                auto file = OpenCached(paths[static_cast<size_t>(f)], cache);
                if (!file.ok() || (*file)->row_count() != 2000u + static_cast<uint64_t>(f) * 100) {
                    failures.fetch_add(1);
                    continue;
                }
                // The last value of the file: (rows - 1) * (f + 1).
                const uint64_t last = (*file)->row_count() - 1;
                auto rows = (*file)->Read(last, last + 1);
                if (!rows.ok()) {
                    failures.fetch_add(1);
                    continue;
                }
                auto value = ScalarAt(As<StructArray>(**rows)->field_by_name("value"), 0);
                if (!value.ok() || value->as<int64_t>() != static_cast<int64_t>(last) * (f + 1)) {
                    failures.fetch_add(1);
                }
            }
        });
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
    EXPECT_EQ(failures.load(), 0);
    FooterCache::Stats stats = cache->stats();
    EXPECT_EQ(stats.hits + stats.misses, static_cast<uint64_t>(kThreads * kOpensPerThread));
    // Threads racing on a file's first open may each miss, at most once per thread and file.
    EXPECT_GE(stats.misses, static_cast<uint64_t>(kFiles));
    EXPECT_LE(stats.misses, static_cast<uint64_t>(kFiles * kThreads));
    EXPECT_EQ(stats.entries, static_cast<size_t>(kFiles));
}

} // namespace
} // namespace vortex
