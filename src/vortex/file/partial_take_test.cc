// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// A take of a few rows through pread reads only the bytes it needs (DeserializeArrayForTake):
// every dtype and the numeric encodings that read in part give the rows of an in-memory take
// of the data written, read far fewer bytes than the segments, and fail cleanly on damage.
// Under AddressSanitizer the bytes not read are poisoned, so an encoding whose declared bytes
// miss what its kernel touches fails here.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/skeleton_cache.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/io/scoped_temp_dir_test_internal.h"

namespace vortex {
namespace {

using testing::FileTestSession;
using testing::WriteToBuffer;
using testing_internal::ScopedTempDir;
using testing_internal::WriteFileBytes;

// A file read through pread that counts the bytes it returns.
class CountingFile final : public ReadAt {
public:
    explicit CountingFile(std::shared_ptr<const ReadAt> inner) : inner_(std::move(inner)) {}
    Result<uint64_t> Size() const override { return inner_->Size(); }
    Result<Buffer> Read(uint64_t offset, uint64_t length) const override {
        bytes_ += length;
        return inner_->Read(offset, length);
    }
    Status ReadInto(uint64_t offset, std::span<uint8_t> dest) const override {
        bytes_ += dest.size();
        return inner_->ReadInto(offset, dest);
    }
    std::string_view name() const override { return inner_->name(); }
    size_t alignment_hint() const override { return inner_->alignment_hint(); }
    uint64_t bytes() const { return bytes_.load(); }

private:
    std::shared_ptr<const ReadAt> inner_;
    mutable std::atomic<uint64_t> bytes_{0};
};

// Writes `data` (a struct) as a file on disk and returns its path.
std::string WriteFile(const ScopedTempDir &dir, const ArrayRef &data, const std::string &name) {
    auto written = WriteToBuffer(data->dtype(), {data});
    EXPECT_OK(written.status());
    std::string path = dir.File(name);
    WriteFileBytes(path, written.ValueOrDie().bytes());
    return path;
}

// The rows `rows` of `file` through a scan's take, as one canonical array.
Result<ArrayRef> TakeFromFile(const std::shared_ptr<const VortexFile> &file,
                              const std::vector<uint64_t> &rows) {
    VX_ASSIGN_OR_RETURN(std::vector<ArrayRef> batches, Scan(file).Take(rows).Collect());
    if (batches.size() == 1) {
        return Canonicalize(batches.front());
    }
    return Canonicalize(ChunkedArray::Make(batches, file->dtype()));
}

ArrayRef TakeFromMemory(const ArrayRef &data, const std::vector<uint64_t> &rows) {
    return Canonicalize(Take(data, PrimitiveArray::FromValues(rows)).ValueOrDie()).ValueOrDie();
}

// Row sets that probe block edges, single rows, clusters and random rows, plus one too dense
// for a partial read.
std::vector<std::vector<uint64_t>> RowSets(uint64_t len, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::vector<uint64_t>> sets = {{0}, {len - 1}, {1023, 1024, 1025}, {len / 2, len / 2 + 1}};
    std::set<uint64_t> random;
    while (random.size() < 25) {
        random.insert(rng() % len);
    }
    sets.emplace_back(random.begin(), random.end());
    std::set<uint64_t> dense;
    while (dense.size() < len / 8) {
        dense.insert(rng() % len);
    }
    sets.emplace_back(dense.begin(), dense.end());
    return sets;
}

void ExpectTakesMatch(const ArrayRef &data, const std::string &path, uint64_t seed) {
    for (const bool mmap : {false, true}) {
        ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(path, FileTestSession(), mmap));
        for (const auto &rows : RowSets(data->len(), seed)) {
            ASSERT_OK_AND_ASSIGN(ArrayRef taken, TakeFromFile(file, rows));
            ASSERT_TRUE(ArraysEqual(TakeFromMemory(data, rows), taken))
                << (mmap ? "mmap" : "pread") << ", " << rows.size() << " rows from " << rows.front();
        }
    }
}

ArrayRef Struct(std::vector<std::string> names, std::vector<ArrayRef> fields) {
    const size_t len = fields.front()->len();
    return StructArray::FromFields(std::move(names), std::move(fields), len).ValueOrDie();
}

TEST(PartialTake, EveryDTypeGivesTheRowsOfAnInMemoryTake) {
    ScopedTempDir dir;
    uint64_t seed = 1;
    for (const DType &dtype : AllTestDTypes()) {
        for (const double nulls : {0.0, 0.2}) {
            const ArrayRef column = RandomArray(
                dtype, {.len = 40'000, .null_fraction = dtype.is_nullable() ? nulls : 0.0, .seed = seed});
            const ArrayRef data = Struct({"c"}, {column});
            SCOPED_TRACE(dtype.ToString() + (nulls > 0 ? " with nulls" : ""));
            ExpectTakesMatch(data, WriteFile(dir, data, "all.vortex"), seed++);
        }
    }
}

// Columns the default compressor writes as bit-packed ints (with and without patches), FoR,
// ALP (with and without patches) and plain values, nullable or not.
ArrayRef NumericColumns(size_t len, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<int64_t> small(len), offset(len), outliers(len);
    std::vector<double> decimals(len), exceptions(len);
    std::vector<std::optional<int32_t>> nullable(len);
    std::vector<float> floats(len);
    std::vector<uint8_t> bytes(len);
    for (size_t i = 0; i < len; ++i) {
        small[i] = static_cast<int64_t>(rng() % 100'000);
        offset[i] = 1'000'000'000'000 + static_cast<int64_t>(rng() % 5000);
        outliers[i] = rng() % 500 == 0 ? static_cast<int64_t>(rng() >> 4) : static_cast<int64_t>(rng() % 64);
        decimals[i] = static_cast<double>(rng() % 1'000'000) / 100.0;
        exceptions[i] = rng() % 300 == 0 ? std::sqrt(static_cast<double>(i) + 0.5)
                                         : static_cast<double>(rng() % 1000) / 10.0;
        nullable[i] =
            rng() % 5 == 0 ? std::nullopt : std::optional<int32_t>(static_cast<int32_t>(rng() % 3000) - 1500);
        floats[i] = static_cast<float>(rng() % 100'000) / 4.0f;
        bytes[i] = static_cast<uint8_t>(rng());
    }
    return Struct({"small", "offset", "outliers", "decimals", "exceptions", "nullable", "floats", "bytes"},
                  {PrimitiveArray::FromValues(small), PrimitiveArray::FromValues(offset),
                   PrimitiveArray::FromValues(outliers), PrimitiveArray::FromValues(decimals),
                   PrimitiveArray::FromValues(exceptions), PrimitiveArray::FromOptionals(nullable),
                   PrimitiveArray::FromValues(floats), PrimitiveArray::FromValues(bytes)});
}

TEST(PartialTake, NumericEncodingsGiveTheRowsOfAnInMemoryTake) {
    ScopedTempDir dir;
    const ArrayRef data = NumericColumns(300'000, 7);
    ExpectTakesMatch(data, WriteFile(dir, data, "numeric.vortex"), 7);
}

TEST(PartialTake, AFewRowsReadAFewBlocks) {
    ScopedTempDir dir;
    const ArrayRef data = NumericColumns(300'000, 9);
    const std::string path = WriteFile(dir, data, "numeric.vortex");
    ASSERT_OK_AND_ASSIGN(auto pread, FileReadAt::Open(path));
    auto counting = std::make_shared<CountingFile>(pread);
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(counting, FileTestSession()));
    const std::vector<uint64_t> rows = {5, 150'001, 299'990};
    uint64_t before = counting->bytes();
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, TakeFromFile(file, rows));
    EXPECT_TRUE(ArraysEqual(TakeFromMemory(data, rows), taken));
    // The segments hold 130 000 to 260 000 rows (hundreds of kilobytes each); a row costs a
    // segment tail (1 KiB) and a 1024-value block (at most 8 KiB) per column, plus the patch
    // indices, which are read whole (outliers, floats), and the segments of encodings that
    // read whole (exceptions: ALP-RD).
    EXPECT_LT(counting->bytes() - before, file->file_size() / 10);
    for (const char *column : {"small", "offset", "decimals", "nullable", "bytes"}) {
        before = counting->bytes();
        ASSERT_OK(Scan(file).Project({column}).Take(rows).Collect().status());
        EXPECT_LT(counting->bytes() - before, rows.size() * 10 * 1024) << column;
    }
}

TEST(PartialTake, TheHandleKeepsSkeletonsForLaterTakes) {
    ScopedTempDir dir;
    const ArrayRef data = NumericColumns(300'000, 11);
    const std::string path = WriteFile(dir, data, "numeric.vortex");
    ASSERT_OK_AND_ASSIGN(auto pread, FileReadAt::Open(path));
    for (const uint64_t skeleton_bytes : {uint64_t{0}, uint64_t{2} << 20}) {
        auto counting = std::make_shared<CountingFile>(pread);
        OpenOptions options;
        options.skeleton_cache_bytes = skeleton_bytes;
        ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(counting, FileTestSession(), options));
        uint64_t cold = 0; // bytes of the first take, with no skeleton kept yet
        for (const uint64_t first : {uint64_t{100}, uint64_t{7'000}, uint64_t{20'000}}) {
            const std::vector<uint64_t> rows = {first, first + 140'000};
            const uint64_t before = counting->bytes();
            ASSERT_OK_AND_ASSIGN(ArrayRef taken, TakeFromFile(file, rows));
            EXPECT_TRUE(ArraysEqual(TakeFromMemory(data, rows), taken));
            const uint64_t read = counting->bytes() - before;
            if (cold == 0) {
                cold = read;
            } else if (skeleton_bytes > 0) {
                // The same segments again: their tails come from the cache, so the reads are
                // the rows' blocks and the dictionaries (read whole by every scan).
                EXPECT_LT(read, cold * 3 / 4) << "take from row " << first;
            } else {
                EXPECT_EQ(read, cold) << "take from row " << first;
            }
        }
    }
}

TEST(PartialTake, SkeletonCacheKeepsTheMostRecentWithinItsBytes) {
    auto skeleton = [](uint64_t bytes) {
        auto out = std::make_shared<SegmentSkeleton>();
        out->parts.emplace_back(ByteRange{0, bytes}, Buffer::Copy(std::vector<uint8_t>(bytes, 1)));
        return out;
    };
    SkeletonCache cache(1000);
    cache.Put(1, skeleton(400));
    cache.Put(2, skeleton(400));
    ASSERT_NE(cache.Get(1), nullptr); // 1 is now the most recent
    cache.Put(3, skeleton(400));      // evicts 2
    EXPECT_NE(cache.Get(1), nullptr);
    EXPECT_EQ(cache.Get(2), nullptr);
    EXPECT_NE(cache.Get(3), nullptr);
    EXPECT_EQ(cache.bytes(), 800u);
    cache.Put(4, skeleton(2000)); // larger than the whole cache: not kept
    EXPECT_EQ(cache.Get(4), nullptr);
    EXPECT_EQ(cache.bytes(), 800u);
}

TEST(PartialTake, ADamagedSegmentTailFailsTheTake) {
    ScopedTempDir dir;
    const ArrayRef data = NumericColumns(100'000, 3);
    ASSERT_OK_AND_ASSIGN(Buffer written, WriteToBuffer(data->dtype(), {data}));
    ASSERT_OK_AND_ASSIGN(auto clean, testing::OpenBuffer(written));
    // The largest segment's flatbuffer length (its last 4 bytes) now overruns the segment.
    const auto &segments = clean->segments();
    const auto largest =
        std::max_element(segments.begin(), segments.end(),
                         [](const SegmentSpec &a, const SegmentSpec &b) { return a.length < b.length; });
    ASSERT_GE(largest->length, VortexFile::kMinRangedSegment);
    std::vector<uint8_t> bytes(written.data(), written.data() + written.size());
    const uint32_t too_long = largest->length;
    std::memcpy(bytes.data() + largest->offset + largest->length - 4, &too_long, 4);
    const std::string path = dir.File("damaged.vortex");
    WriteFileBytes(path, bytes);
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(path, FileTestSession()));
    bool failed = false;
    for (uint64_t row = 0; row < data->len(); row += 997) {
        auto taken = TakeFromFile(file, {row});
        if (!taken.ok()) {
            EXPECT_EQ(taken.status().code(), StatusCode::Serde) << taken.status().ToString();
            failed = true;
        }
    }
    EXPECT_TRUE(failed) << "no take touched the damaged segment";
}

} // namespace
} // namespace vortex
