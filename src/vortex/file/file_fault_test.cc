// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Storage that fails: every read of a file (open, full read, filtered scan, take) that meets a
// failing, short, slow or changing source ends in a clear error or the right data, and a
// writer whose sink fills up or fails to close reports it instead of success.
#include <atomic>
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"
#include "vortex/expr/expression.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/io/executor.h"
#include "vortex/io/testing/faulty_io.h"

namespace vortex {
namespace {

using testing::FaultyReadAt;
using testing::FaultySink;
using testing::ReadFaults;
using testing::SinkFaults;

constexpr size_t kRows = 6000;
const std::vector<uint64_t> kTakeRows = {0, 1, 511, 512, 2999, 4097, kRows - 1};

struct Sample {
    ArrayRef table;
    Buffer bytes;
    ArrayRef filtered; // rows with 1000 <= id < 3500
    ArrayRef taken;    // kTakeRows
};

// A struct of a sorted key (zone maps prune it), nullable integers, strings, lists and
// timestamps, in small zones and blocks so the file has many segments.
const Sample &SharedSample() {
    static const Sample sample = [] {
        Sample out;
        std::vector<int64_t> ids(kRows);
        for (size_t i = 0; i < kRows; ++i) {
            ids[i] = static_cast<int64_t>(i);
        }
        RandomArrayOptions options{.len = kRows, .null_fraction = 0.2, .seed = 5, .max_string_len = 30};
        const DType at = TimestampDType(TimeUnit::Microseconds, "UTC", Nullability::Nullable).ValueOrDie();
        auto table = StructArray::FromFields(
            {"id", "x", "s", "l", "at"},
            {PrimitiveArray::FromValues(ids),
             RandomArray(DType::Primitive(PType::I32, Nullability::Nullable), options),
             RandomArray(DType::Utf8(Nullability::Nullable), options),
             RandomArray(
                 DType::List(DType::Primitive(PType::I16, Nullability::Nullable), Nullability::Nullable),
                 options),
             RandomArray(at, options)},
            kRows);
        VX_CHECK(table.ok());
        out.table = *table;
        WriteOptions write;
        write.zone_len = 512;
        write.block_bytes = uint64_t{8} << 10;
        write.buffer_bytes = uint64_t{4} << 10;
        out.bytes = testing::WriteToBuffer(out.table->dtype(), {out.table}, write).ValueOrDie();
        out.filtered = Slice(out.table, 1000, 3500).ValueOrDie();
        out.taken = Take(out.table, PrimitiveArray::FromValues(kTakeRows)).ValueOrDie();
        return out;
    }();
    return sample;
}

Result<ArrayRef> Concat(std::vector<ArrayRef> batches, const DType &dtype) {
    VX_ASSIGN_OR_RETURN(auto chunked, ChunkedArray::TryMake(std::move(batches), dtype));
    return ArrayRef(std::move(chunked));
}

// Opens the file over `source` and reads it three ways. OK only when every answer is exact;
// the first error otherwise. A wrong answer reported as OK fails the test.
Status ReadEverything(const std::shared_ptr<const ReadAt> &source, Executor *executor = nullptr) {
    const Sample &sample = SharedSample();
    VX_ASSIGN_OR_RETURN(auto file, VortexFile::Open(source, testing::FileTestSession()));
    VX_ASSIGN_OR_RETURN(ArrayRef all, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(sample.table, all)) << "ReadAll succeeded with wrong data";

    using namespace expr; // NOLINT: the expression vocabulary reads best unqualified
    auto filter = And(Gte(Col("id"), Lit(Scalar::Primitive<int64_t>(1000, Nullability::NonNullable))),
                      Lt(Col("id"), Lit(Scalar::Primitive<int64_t>(3500, Nullability::NonNullable))));
    auto builder = Scan(file).Filter(filter).BatchRows(700);
    if (executor != nullptr) {
        builder.WithExecutor(executor);
    }
    VX_ASSIGN_OR_RETURN(auto batches, builder.Collect());
    VX_ASSIGN_OR_RETURN(ArrayRef filtered, Concat(std::move(batches), file->dtype()));
    EXPECT_TRUE(ArraysEqual(sample.filtered, filtered)) << "a filtered scan succeeded with wrong data";

    VX_ASSIGN_OR_RETURN(auto taken_batches, Scan(file).Take(kTakeRows).Collect());
    VX_ASSIGN_OR_RETURN(ArrayRef taken, Concat(std::move(taken_batches), file->dtype()));
    EXPECT_TRUE(ArraysEqual(sample.taken, taken)) << "a take succeeded with wrong data";
    return Status::OK();
}

std::shared_ptr<FaultyReadAt> Faulty(ReadFaults faults) {
    return std::make_shared<FaultyReadAt>(std::make_shared<InMemoryReadAt>(SharedSample().bytes), faults);
}

// The error a failed pass must end in: the injected one, not a different failure it caused.
void ExpectInjected(const Status &status, const FaultyReadAt &source, const std::string &what) {
    if (status.ok()) {
        return; // the failing read was not needed (or was retried); the answers were checked
    }
    EXPECT_GT(source.faults_injected(), 0u) << what << ": failed without a fault: " << status;
    EXPECT_NE(status.ToString().find("injected"), std::string::npos)
        << what << ": the injected error was replaced by: " << status;
}

uint64_t ReadsOfOnePass() {
    auto counting = Faulty({});
    EXPECT_OK(ReadEverything(counting));
    return counting->reads();
}

TEST(FileFault, TheSampleReadsBackWithoutFaults) {
    EXPECT_GT(ReadsOfOnePass(), 3u);
}

TEST(FileFault, EveryFailingReadIsAnErrorOrTheRightData) {
    const uint64_t reads = ReadsOfOnePass();
    for (uint64_t n = 0; n <= reads; ++n) {
        for (bool sticky : {true, false}) {
            auto source = Faulty({.fail_read = static_cast<int64_t>(n), .sticky = sticky});
            const Status status = ReadEverything(source);
            ExpectInjected(status, *source, "read " + std::to_string(n) + (sticky ? " on" : " once"));
            if (sticky && n < reads) {
                EXPECT_FALSE(status.ok())
                    << "read " << n << " and all after it failed, yet the pass succeeded";
            }
        }
    }
}

TEST(FileFault, EioAtEveryRegionOfTheFileIsAnErrorOrTheRightData) {
    const uint64_t size = SharedSample().bytes.size();
    for (uint64_t offset = 0; offset < size; offset += 1 + size / 150) {
        auto source = Faulty({.fail_offset = static_cast<int64_t>(offset)});
        ExpectInjected(ReadEverything(source), *source, "EIO at byte " + std::to_string(offset));
    }
    // The last bytes hold the postscript and magic: opening cannot succeed without them.
    auto tail = Faulty({.fail_offset = static_cast<int64_t>(size - 1)});
    EXPECT_FALSE(ReadEverything(tail).ok());
}

TEST(FileFault, ShortReadsAreDetected) {
    const uint64_t reads = ReadsOfOnePass();
    for (uint64_t n = 0; n < reads; ++n) {
        auto source = Faulty({.fail_read = static_cast<int64_t>(n), .sticky = false, .short_read = true});
        const Status status = ReadEverything(source);
        EXPECT_FALSE(status.ok()) << "read " << n << " came back short, yet the pass succeeded";
    }
}

TEST(FileFault, SlowReadsUnderParallelScansGiveTheRightData) {
    Executor executor(4);
    auto source = Faulty({.delay_micros = 300});
    EXPECT_OK(ReadEverything(source, &executor));
}

// Counts the reads in progress; each takes 10 ms, so a scan spends its time in them.
class SlowCountingReadAt final : public ReadAt {
public:
    explicit SlowCountingReadAt(std::shared_ptr<const ReadAt> inner) : inner_(std::move(inner)) {}
    Result<uint64_t> Size() const override { return inner_->Size(); }
    Result<Buffer> Read(uint64_t offset, uint64_t length) const override {
        in_flight_.fetch_add(1);
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        Result<Buffer> result = inner_->Read(offset, length);
        in_flight_.fetch_sub(1);
        return result;
    }
    std::string_view name() const override { return "slow-counting"; }
    size_t alignment_hint() const override { return inner_->alignment_hint(); }
    int in_flight() const { return in_flight_.load(); }

private:
    std::shared_ptr<const ReadAt> inner_;
    mutable std::atomic<int> in_flight_{0};
};

// A scan dropped early (an error, a LIMIT, a closed consumer) waits for the splits it started:
// none may go on reading the file and decoding with the session after the stream is gone (at
// exit the default executor's workers would run them over destroyed statics).
TEST(FileFault, DroppingAScanWaitsForTheWorkItStarted) {
    Executor executor(4);
    auto source =
        std::make_shared<SlowCountingReadAt>(std::make_shared<InMemoryReadAt>(SharedSample().bytes));
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(source, testing::FileTestSession()));
    for (int round = 0; round < 5; ++round) {
        auto builder = Scan(file);
        builder.WithExecutor(&executor).BatchRows(100).options().window = 8;
        auto stream = builder.IntoStream();
        // Drop it while it reads (planning or splits), at a different point each round.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (source->in_flight() == 0 && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::yield();
        }
        ASSERT_GT(source->in_flight(), 0) << "the scan never read";
        std::this_thread::sleep_for(std::chrono::milliseconds(7 * round));
        stream.reset();
        EXPECT_EQ(source->in_flight(), 0) << "round " << round << ": a dropped scan was still reading";
    }
}

// A file that changes under the reader. The format has no checksums, and the open's tail read
// may already hold the bytes a scan reads again, so changed data bytes can only be caught
// where they break structure. What must hold: no crash, no hang, and an answer of the right
// shape when there is one.
TEST(FileFault, BytesThatChangeOnTheSecondReadNeverCrash) {
    const uint64_t size = SharedSample().bytes.size();
    for (uint64_t offset = 0; offset < size; offset += 1 + size / 60) {
        auto source = Faulty({.flip_offset = static_cast<int64_t>(offset)});
        auto file = VortexFile::Open(source, testing::FileTestSession());
        if (!file.ok()) {
            continue; // a range read twice during open saw the change: an error is right
        }
        for (int pass = 0; pass < 2; ++pass) {
            auto all = (*file)->ReadAll();
            if (all.ok()) {
                EXPECT_EQ((*all)->len(), kRows);
            }
        }
    }
}

// Writes the sample through `sink` without compression (the sink's failures are the point,
// and canonical blocks keep the many writes cheap); returns the first error of Open, Write or
// Finish.
Status WriteThrough(std::unique_ptr<FaultySink> sink) {
    const Sample &sample = SharedSample();
    WriteOptions options;
    options.compression = Compression::kNone;
    options.zone_len = 512;
    options.block_bytes = uint64_t{8} << 10;
    options.buffer_bytes = uint64_t{4} << 10;
    VX_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(std::move(sink), sample.table->dtype(),
                                                      testing::FileTestSession(), options));
    for (size_t begin = 0; begin < kRows; begin += 1000) {
        VX_ASSIGN_OR_RETURN(ArrayRef chunk, Slice(sample.table, begin, std::min(kRows, begin + 1000)));
        VX_RETURN_NOT_OK(writer->Write(chunk));
    }
    return writer->Finish().status();
}

TEST(FileFault, AFullDiskFailsTheWriteAtEveryPoint) {
    auto whole = std::make_shared<std::string>();
    ASSERT_OK(WriteThrough(std::make_unique<FaultySink>(SinkFaults{}, whole)));
    const uint64_t size = whole->size();
    for (uint64_t limit = 0; limit < size; limit += 1 + size / 60) {
        const Status status = WriteThrough(
            std::make_unique<FaultySink>(SinkFaults{.enospc_after = static_cast<int64_t>(limit)}));
        ASSERT_FALSE(status.ok()) << "a write that ran out of space after " << limit << " bytes succeeded";
        EXPECT_NE(status.ToString().find("No space left"), std::string::npos) << status;
    }
    // Room for exactly the file: it succeeds, with the same bytes.
    auto bytes = std::make_shared<std::string>();
    ASSERT_OK(WriteThrough(
        std::make_unique<FaultySink>(SinkFaults{.enospc_after = static_cast<int64_t>(size)}, bytes)));
    EXPECT_EQ(*bytes, *whole);
}

TEST(FileFault, AFailedFlushOrCloseFailsTheWrite) {
    const Status flush = WriteThrough(std::make_unique<FaultySink>(SinkFaults{.fail_flush = true}));
    const Status close = WriteThrough(std::make_unique<FaultySink>(SinkFaults{.fail_close = true}));
    EXPECT_FALSE(close.ok());
    EXPECT_NE(close.ToString().find("injected"), std::string::npos) << close;
    // A writer need not flush before closing; when it does, the failure must surface.
    if (!flush.ok()) {
        EXPECT_NE(flush.ToString().find("injected"), std::string::npos) << flush;
    }
}

} // namespace
} // namespace vortex
