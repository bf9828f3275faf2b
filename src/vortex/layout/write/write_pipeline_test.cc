// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The write pipeline on its own (no compressor, no file): the default strategy tree (struct
// -> zoned -> dict -> repartition -> compress -> buffered -> flat, validity through its own
// chain) driven as FileWriter drives it, at several thread counts, so its column strands,
// their slots, compression tasks and parked segments run concurrently. The ThreadSanitizer job
// runs this suite (label tsan); the file-level writer tests need the whole library.
#include <algorithm>
#include <map>
#include <mutex>
#include <random>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/io/executor.h"
#include "vortex/layout/builtin_layouts.h"
#include "vortex/layout/segment_source.h"
#include "vortex/layout/write/dict_writer.h"
#include "vortex/layout/write/flat_writer.h"
#include "vortex/layout/write/struct_writer.h"
#include "vortex/layout/write/zoned_writer.h"
#include "vortex/session/session.h"

namespace vortex {
namespace {

const Session &PipelineSession() {
    static const std::shared_ptr<const Session> session = [] {
        SessionBuilder builder;
        VX_CHECK(RegisterCanonicalEncodings(builder).ok());
        VX_CHECK(RegisterBuiltinLayouts(builder).ok());
        return std::move(builder).Build();
    }();
    return *session;
}

// Segments in memory, parked and appended in sequence order as FileSegmentSink appends them
// to a file; it records the order in which they were appended.
class MemorySink final : public SegmentSink, public SegmentSource {
public:
    Result<uint32_t> Write(SequenceId id, SerializedArray segment, BufferedBytes::Reservation held) override {
        uint32_t number = 0;
        {
            std::lock_guard lock(mutex_);
            number = static_cast<uint32_t>(segments_.size());
            segments_.emplace_back();
        }
        auto parked = std::make_shared<std::pair<SerializedArray, BufferedBytes::Reservation>>(
            std::move(segment), std::move(held));
        SequencePath path = id.path();
        std::move(id).Park([this, number, parked, path](const Status &turn) {
            if (turn.ok()) {
                std::lock_guard lock(mutex_);
                segments_[number] = parked->first.ToBuffer();
                appended_.push_back(path);
            }
            parked->second.Release();
        });
        return number;
    }
    Result<Buffer> ReadSegment(uint32_t id) const override {
        std::lock_guard lock(mutex_);
        VX_ENSURE(id < segments_.size(), OutOfBounds, "no segment {}", id);
        return segments_[id];
    }
    std::vector<SequencePath> appended() const {
        std::lock_guard lock(mutex_);
        return appended_;
    }
    size_t produced() const {
        std::lock_guard lock(mutex_);
        return segments_.size();
    }

private:
    mutable std::mutex mutex_;
    std::vector<Buffer> segments_;
    std::vector<SequencePath> appended_;
};

// DefaultWriteStrategy's tree (file_writer.cc), small enough that blocks, buffers, zones and
// dictionaries all turn over many times.
LayoutStrategyRef PipelineStrategy() {
    constexpr uint64_t kZoneLen = 256;
    constexpr uint64_t kBlockBytes = 2048;
    auto flat = std::make_shared<FlatStrategy>();
    auto data = std::make_shared<RepartitionStrategy>(
        std::make_shared<CompressStrategy>(std::make_shared<BufferedStrategy>(flat, 4096)), kBlockBytes,
        kZoneLen);
    DictLayoutOptions dict_options;
    dict_options.max_value_bytes = kBlockBytes;
    auto dict =
        std::make_shared<DictStrategy>(data, std::make_shared<CompressStrategy>(flat), data, dict_options);
    auto leaf = std::make_shared<ZonedStrategy>(dict, std::make_shared<CompressStrategy>(flat), kZoneLen);
    auto validity = std::make_shared<RepartitionStrategy>(std::make_shared<CompressStrategy>(flat),
                                                          kBlockBytes, kZoneLen);
    return std::make_shared<StructStrategy>(leaf, validity);
}

// A table with columns of several kinds, one of them low-cardinality (a dictionary).
ArrayRef PipelineTable(size_t rows, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::optional<std::string>> words;
    for (size_t i = 0; i < rows; ++i) {
        words.push_back(rng() % 4 == 0 ? std::nullopt
                                       : std::optional<std::string>("word-" + std::to_string(rng() % 5)));
    }
    RandomArrayOptions options{.len = rows, .null_fraction = 0.1, .seed = seed};
    auto table = StructArray::FromFields(
        {"w", "i", "s", "l"},
        {VarBinViewArray::FromStrings(words, DType::Utf8(Nullability::Nullable)),
         RandomArray(DType::Primitive(PType::I64, Nullability::Nullable), options),
         RandomArray(DType::Utf8(Nullability::NonNullable), options),
         RandomArray(
             DType::List(DType::Primitive(PType::U8, Nullability::NonNullable), Nullability::Nullable),
             options)},
        rows, Validity::AllValid());
    VX_CHECK(table.ok());
    return *table;
}

// How many nodes of `layout`'s tree have encoding `id`.
size_t CountLayouts(const LayoutRef &layout, std::string_view id) {
    size_t n = layout->encoding_id() == id ? 1 : 0;
    for (size_t i = 0; i < layout->nchildren(); ++i) {
        n += CountLayouts(*layout->Child(i), id);
    }
    return n;
}

struct Pipeline {
    MemorySink sink;
    ArrayWriteContext arrays = ArrayWriteContext::FromSession(PipelineSession());
    BufferedBytes buffered;
    std::unique_ptr<Executor> executor;
    std::unique_ptr<WriteContext> ctx;
    std::unique_ptr<LayoutWriter> root;
    SequencePointer data;
    SequencePointer eof;

    Pipeline(const DType &dtype, size_t threads) : executor(std::make_unique<Executor>(threads)) {
        ctx = std::make_unique<WriteContext>(
            WriteContext{sink, arrays, *executor, buffered,
                         [](const ArrayRef &chunk) -> Result<ArrayRef> { return chunk; }});
        root = PipelineStrategy()->NewWriter(dtype, *ctx).ValueOrDie();
        std::tie(data, eof) = SequenceId::Root().Split();
    }
    ~Pipeline() {
        // As FileWriter::State's destructor: wake what waits on the order, then stop the drivers.
        if (data.universe() != nullptr) {
            data.universe()->Cancel(Status::Cancelled("dropped"));
        } else if (eof.universe() != nullptr) {
            eof.universe()->Cancel(Status::Cancelled("dropped"));
        }
        root.reset();
    }
    Status Write(const ArrayRef &batch) {
        return root->Write(data.Advance(), batch, buffered.Reserve(batch->nbytes()));
    }
    Result<LayoutRef> Finish() {
        data = SequencePointer();
        return root->Finish(std::move(eof));
    }
};

TEST(WritePipeline, EveryThreadCountWritesEveryRowInOrder) {
    const ArrayRef table = PipelineTable(6000, 17);
    for (size_t threads : {1, 2, 8}) {
        SCOPED_TRACE(::testing::Message() << threads << " threads");
        std::mt19937_64 rng(threads);
        Pipeline pipeline(table->dtype(), threads);
        for (size_t offset = 0; offset < table->len();) {
            const size_t rows = std::min<size_t>(table->len() - offset, 1 + rng() % 400);
            ASSERT_OK_AND_ASSIGN(ArrayRef batch, Slice(table, offset, offset + rows));
            ASSERT_OK(pipeline.Write(batch));
            offset += rows;
        }
        ASSERT_OK_AND_ASSIGN(LayoutRef layout, pipeline.Finish());
        EXPECT_EQ(pipeline.buffered.current(), 0u);
        // Every segment produced was appended, strictly in sequence order.
        const std::vector<SequencePath> appended = pipeline.sink.appended();
        EXPECT_EQ(appended.size(), pipeline.sink.produced());
        EXPECT_TRUE(std::is_sorted(appended.begin(), appended.end()));
        EXPECT_EQ(std::adjacent_find(appended.begin(), appended.end()), appended.end());
        EXPECT_EQ(layout->row_count(), table->len());
        // The tree turned over: many blocks, zones and a dictionary, else this tests little.
        EXPECT_GE(CountLayouts(layout, "vortex.dict"), 1u);
        EXPECT_GE(CountLayouts(layout, "vortex.flat"), 30u);
        const ArrayReadContext read = ArrayReadContext::Resolve(
            {pipeline.arrays.ids().begin(), pipeline.arrays.ids().end()}, PipelineSession());
        ASSERT_OK_AND_ASSIGN(ArrayRef back,
                             layout->Read(LayoutReadContext{pipeline.sink, read}, 0, table->len()));
        EXPECT_TRUE(ArraysEqual(table, back));
    }
}

TEST(WritePipeline, DroppingItMidWriteReturns) {
    const ArrayRef table = PipelineTable(3000, 18);
    for (size_t threads : {1, 4}) {
        for (size_t stop_after : {size_t{0}, size_t{1}, size_t{7}}) {
            Pipeline pipeline(table->dtype(), threads);
            for (size_t k = 0; k < stop_after; ++k) {
                ASSERT_OK(pipeline.Write(*Slice(table, k * 300, (k + 1) * 300)));
            }
        } // the destructor must return: drivers cancelled and joined
    }
    SUCCEED();
}

} // namespace
} // namespace vortex
