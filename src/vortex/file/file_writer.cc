// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/file_writer.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <mutex>

#include "vortex/array/serde/array_context.h"
#include "vortex/compressor/btrblocks/btrblocks.h"
#include "vortex/file/footer.h"
#include "vortex/io/executor.h"
#include "vortex/layout/write/dict_writer.h"
#include "vortex/layout/write/flat_writer.h"
#include "vortex/layout/write/row_queue.h"
#include "vortex/layout/write/struct_writer.h"
#include "vortex/layout/write/zoned_writer.h"

namespace vortex {

namespace {

// Writes segments in sequence order to the output, tracking the segment map. A segment is
// numbered when it is parked, in the order segments are produced (which depends on thread
// timing), and placed when it is appended (in sequence order); the footer maps the first
// numbering to the second, so the file's bytes depend on the sequence order alone.
class FileSegmentSink final : public SegmentSink {
public:
    explicit FileSegmentSink(WriteSink &out) : out_(out) {}

    // model: inline Park in FLAT WR and SIDE_PARK; the callback is RunFirstStep (tests/model/writer.pml)
    Result<uint32_t> Write(SequenceId id, SerializedArray segment, BufferedBytes::Reservation held) override {
        VX_ENSURE(segment.size <= UINT32_MAX, InvalidArgument, "a segment of {} bytes exceeds 4 GiB",
                  segment.size);
        VX_ENSURE(std::has_single_bit(segment.alignment), Internal,
                  "segment alignment {} is not a power of two", segment.alignment);
        VX_RETURN_NOT_OK(id.universe()->status());
        uint32_t number = 0;
        {
            std::lock_guard lock(mutex_);
            VX_RETURN_NOT_OK(status_);
            VX_ENSURE(index_.size() < UINT32_MAX, InvalidArgument, "too many segments");
            number = static_cast<uint32_t>(index_.size());
            index_.push_back(kUnwritten);
        }
        // The callback outlives this call; the universe only weakly (it holds the callback).
        auto parked = std::make_shared<Parked>(Parked{std::move(segment), std::move(held)});
        std::weak_ptr<SequenceUniverse> universe = id.universe();
        std::move(id).Park([this, number, parked, universe](const Status &turn) {
            if (turn.ok()) {
                Status appended = Append(number, parked->segment);
                if (!appended.ok()) {
                    if (auto alive = universe.lock()) {
                        alive->Cancel(appended);
                    }
                }
            }
            parked->segment = SerializedArray{};
            parked->held.Release();
        });
        return number;
    }

    /// Returns the segment map in file order, and for each segment number its position in it.
    /// Fails if an append failed or a parked segment was never appended.
    Result<std::pair<std::vector<SegmentSpec>, std::vector<uint32_t>>> TakeSpecs() {
        std::lock_guard lock(mutex_);
        VX_RETURN_NOT_OK(status_);
        for (uint32_t position : index_) {
            VX_ENSURE(position != kUnwritten, Internal, "a segment was never written");
        }
        return std::pair{std::move(specs_), std::move(index_)};
    }
    uint64_t bytes_written() const { return bytes_written_.load(); }
    void UpdateBytesWritten() { bytes_written_.store(out_.bytes_written()); }

private:
    static constexpr uint32_t kUnwritten = UINT32_MAX;

    struct Parked {
        SerializedArray segment;
        BufferedBytes::Reservation held;
    };

    // Appends segment `number` (its turn has come: every earlier one is written).
    Status Append(uint32_t number, const SerializedArray &segment) {
        std::lock_guard lock(mutex_);
        VX_RETURN_NOT_OK(status_);
        uint64_t position = out_.bytes_written();
        uint64_t padding = (segment.alignment - position % segment.alignment) % segment.alignment;
        static constexpr uint8_t kZeros[256] = {};
        while (padding > 0) {
            uint64_t n = std::min<uint64_t>(padding, sizeof(kZeros));
            VX_RETURN_NOT_OK(Fail(out_.Write({kZeros, static_cast<size_t>(n)})));
            padding -= n;
        }
        uint64_t offset = out_.bytes_written();
        for (const Buffer &part : segment.parts) {
            VX_RETURN_NOT_OK(Fail(out_.Write({part.data(), part.size()})));
        }
        index_[number] = static_cast<uint32_t>(specs_.size());
        specs_.push_back({offset, static_cast<uint32_t>(segment.size),
                          static_cast<uint8_t>(std::countr_zero(segment.alignment))});
        bytes_written_.store(out_.bytes_written());
        return Status::OK();
    }

    Status Fail(Status status) {
        if (!status.ok()) {
            status_ = status;
        }
        return status;
    }

    WriteSink &out_;
    std::mutex mutex_;
    Status status_;                  // guarded by mutex_: the first failed append
    std::vector<SegmentSpec> specs_; // guarded by mutex_: in file order
    std::vector<uint32_t> index_;    // guarded by mutex_: segment number -> position in specs_
    std::atomic<uint64_t> bytes_written_{0};
};

size_t CountColumns(const DType &dtype) {
    if (!dtype.is_struct()) {
        return 1;
    }
    size_t n = dtype.is_nullable() ? 1 : 0;
    for (const DType &field : dtype.struct_fields().dtypes) {
        n += CountColumns(field);
    }
    return n;
}

// The block compressor the options ask for: theirs, none, or ours (integer dictionaries are
// left to the dict layout, as the reference's data path does).
ChunkCompressor ChooseCompressor(const WriteOptions &options) {
    if (options.compressor || options.compression == Compression::kNone) {
        return options.compressor;
    }
    CompressorOptions compressor_options;
    compressor_options.compact = options.compression == Compression::kCompact;
    compressor_options.integer_dict = false;
    return [compressor_options](const ArrayRef &chunk) { return Compress(chunk, compressor_options); };
}

// The most bytes of values one dictionary of the default strategy gathers.
uint64_t DefaultDictValueBytes(const WriteOptions &options) {
    return std::min<uint64_t>(DictLayoutOptions{}.max_value_bytes, options.block_bytes);
}

} // namespace

LayoutStrategyRef DefaultWriteStrategy(const DType &dtype, const WriteOptions &options) {
    auto flat = std::make_shared<FlatStrategy>();
    auto buffered = std::make_shared<BufferedStrategy>(flat, options.buffer_bytes);
    auto compress = std::make_shared<CompressStrategy>(buffered);
    auto data = std::make_shared<RepartitionStrategy>(compress, options.block_bytes, options.zone_len);
    auto zones = std::make_shared<CompressStrategy>(flat);
    // Low-cardinality leaves become dictionaries: codes take the data path, each dictionary's
    // values are compressed into one flat. The values limit shrinks with the block size so a
    // column holds no more than a block's worth of dictionary while gathering it.
    DictLayoutOptions dict_options;
    dict_options.max_value_bytes = DefaultDictValueBytes(options);
    auto dict =
        std::make_shared<DictStrategy>(data, std::make_shared<CompressStrategy>(flat), data, dict_options);
    auto leaf = std::make_shared<ZonedStrategy>(dict, zones, options.zone_len);
    if (!dtype.is_struct()) {
        return leaf;
    }
    auto validity = std::make_shared<RepartitionStrategy>(std::make_shared<CompressStrategy>(flat),
                                                          options.block_bytes, options.zone_len);
    return std::make_shared<StructStrategy>(leaf, validity);
}

struct FileWriter::State {
    std::unique_ptr<WriteSink> sink;
    DType dtype;
    std::shared_ptr<const Session> session;
    WriteOptions options;
    ArrayWriteContext arrays;
    BufferedBytes buffered;
    FileSegmentSink segments;
    std::unique_ptr<WriteContext> ctx;
    std::unique_ptr<LayoutWriter> root;
    SequencePointer data;
    SequencePointer eof;
    uint64_t budget = 0;
    uint64_t rows = 0;
    // Input not yet cut into batches of batch_rows rows (0 until chosen), and its bytes.
    uint64_t batch_rows = 0;
    RowQueue pending;
    BufferedBytes::Reservation pending_held;
    Status failed;
    bool finished = false;

    State(std::unique_ptr<WriteSink> s, DType d, std::shared_ptr<const Session> sess, WriteOptions o)
        : sink(std::move(s)), dtype(std::move(d)), session(std::move(sess)), options(std::move(o)),
          arrays(ArrayWriteContext::FromSession(*session)), segments(*sink) {}

    // model: FileWriter_drop, then FileWriter_destroy (root.reset()) (tests/model/writer.pml)
    ~State() {
        // Abandoned before Finish: wake anything waiting on the segment order, then stop the
        // pipeline before the objects it uses go away.
        if (data.universe() != nullptr) {
            data.universe()->Cancel(Status::Cancelled("the file writer was dropped"));
        } else if (eof.universe() != nullptr) {
            eof.universe()->Cancel(Status::Cancelled("the file writer was dropped"));
        }
        root.reset();
    }
};

FileWriter::FileWriter(std::unique_ptr<State> state) : state_(std::move(state)) {}
FileWriter::~FileWriter() = default;

// model: FileWriter_Open; BUDGET = NC * (2R + W), + NC * DV with the default strategy
// (tests/model/writer.pml)
Result<std::unique_ptr<FileWriter>> FileWriter::Open(std::unique_ptr<WriteSink> sink,
                                                     DType dtype,
                                                     std::shared_ptr<const Session> session,
                                                     WriteOptions options) {
    VX_ENSURE(sink != nullptr && session != nullptr, InvalidArgument,
              "FileWriter::Open needs a sink and a session");
    VX_ENSURE(sink->bytes_written() == 0, InvalidArgument, "the sink must be empty");
    VX_ENSURE(options.zone_len > 0 && options.zone_len <= UINT32_MAX, InvalidArgument,
              "zone length {} out of range", options.zone_len);
    uint64_t columns = CountColumns(dtype);
    // A column holds a block being cut, a block compressing while the next is cut (the
    // compress window) and its buffered compressed chunks; with the default strategy also the
    // values of the dictionary it is gathering (DefaultWriteStrategy's limit).
    uint64_t per_column = 2 * options.block_bytes + options.buffer_bytes;
    if (options.strategy == nullptr) {
        per_column += DefaultDictValueBytes(options);
    }
    uint64_t budget = options.max_buffered_bytes;
    if (budget == 0) {
        budget = per_column * columns;
    } else if (budget < per_column * columns) {
        // Shrink the per-column holdings so that idle columns never hold more than the budget,
        // with room for blocks whose rows turn out twice as wide as the first zone's and for a
        // dictionary's values (2 * 2 + 1 + 1 shares).
        uint64_t share = std::max<uint64_t>(budget / (6 * columns), 1);
        options.block_bytes = share;
        options.buffer_bytes = share;
    }
    auto state =
        std::make_unique<State>(std::move(sink), std::move(dtype), std::move(session), std::move(options));
    state->budget = budget;
    state->options.compressor = ChooseCompressor(state->options);
    Executor &executor = state->options.executor != nullptr ? *state->options.executor : Executor::Default();
    state->ctx = std::make_unique<WriteContext>(
        WriteContext{state->segments, state->arrays, executor, state->buffered, state->options.compressor});
    LayoutStrategyRef strategy = state->options.strategy != nullptr
                                     ? state->options.strategy
                                     : DefaultWriteStrategy(state->dtype, state->options);
    VX_ASSIGN_OR_RETURN(state->root, strategy->NewWriter(state->dtype, *state->ctx));
    std::tie(state->data, state->eof) = SequenceId::Root().Split();
    VX_RETURN_NOT_OK(state->sink->Write({kFileMagic.data(), kFileMagic.size()}));
    state->segments.UpdateBytesWritten();
    return std::unique_ptr<FileWriter>(new FileWriter(std::move(state)));
}

// model: FileWriter_Write (tests/model/writer.pml)
Status FileWriter::Write(const ArrayRef &chunk) {
    State &s = *state_;
    VX_ENSURE(!s.finished, InvalidArgument, "the file writer is finished");
    VX_RETURN_NOT_OK(s.failed);
    VX_ENSURE(chunk != nullptr && chunk->dtype() == s.dtype, MismatchedTypes,
              "chunk of {} written to a file of {}",
              chunk == nullptr ? std::string("null") : chunk->dtype().ToString(), s.dtype);
    if (chunk->len() == 0) {
        return Status::OK();
    }
    uint64_t bytes = chunk->nbytes();
    // Back-pressure: wait until this chunk fits the budget (or nothing else is held).
    std::shared_ptr<SequenceUniverse> universe = s.data.universe();
    bool fits = s.buffered.WaitAtMost(s.budget > bytes ? s.budget - bytes : 0,
                                      [&] { return !universe->status().ok(); });
    if (!fits) {
        s.failed = universe->status();
        return s.failed;
    }
    s.pending_held.Merge(s.buffered.Reserve(bytes));
    s.pending.Push(chunk);
    s.rows += chunk->len();
    Status status = EmitBatches(/*flush=*/false);
    if (!status.ok()) {
        s.failed = status;
        universe->Cancel(status);
    }
    return status;
}

// The writer cuts its input into batches of a fixed number of rows, copied compact, and labels
// batch k with sequence id k: the sequence ids, zone maps, blocks and segment bytes are then a
// function of the rows alone, not of how the caller happened to chunk them.
Status FileWriter::EmitBatches(bool flush) {
    State &s = *state_;
    uint64_t probe = std::min<uint64_t>(s.options.zone_len, kBatchProbeRows);
    if (s.batch_rows == 0 && (s.pending.rows() >= probe || (flush && !s.pending.empty()))) {
        // A zone per batch, unless the budget cannot hold that many rows of this width (judged
        // once from the first rows, so the choice does not depend on the chunking either).
        VX_ASSIGN_OR_RETURN(ArrayRef first,
                            s.pending.CompactFront(std::min(probe, s.pending.rows()), s.dtype));
        uint64_t row_bytes = std::max<uint64_t>(1, first->nbytes() / first->len());
        s.batch_rows = std::clamp<uint64_t>(s.budget / 4 / row_bytes, 1, s.options.zone_len);
    }
    while (s.batch_rows > 0 && (s.pending.rows() >= s.batch_rows || (flush && !s.pending.empty()))) {
        uint64_t rows = std::min(s.batch_rows, s.pending.rows());
        VX_ASSIGN_OR_RETURN(ArrayRef batch, s.pending.CompactFront(rows, s.dtype));
        // The input's bytes leave with their rows; the batch is accounted at its compact size.
        s.pending_held.SplitShare(rows, s.pending.rows()).Release();
        VX_RETURN_NOT_OK(s.pending.Pop(rows));
        BufferedBytes::Reservation held = s.buffered.Reserve(batch->nbytes());
        VX_RETURN_NOT_OK(s.root->Write(s.data.Advance(), std::move(batch), std::move(held)));
    }
    return Status::OK();
}

// model: FileWriter_Finish (tests/model/writer.pml)
Result<WriteSummary> FileWriter::Finish() {
    State &s = *state_;
    VX_ENSURE(!s.finished, InvalidArgument, "the file writer is already finished");
    VX_RETURN_NOT_OK(s.failed);
    s.finished = true;
    {
        Status status = EmitBatches(/*flush=*/true);
        if (!status.ok()) {
            s.failed = status;
            return status;
        }
    }
    // No more data: release the data position so the EOF ids (zone tables) can be written.
    s.data = SequencePointer();
    VX_ASSIGN_OR_RETURN(LayoutRef layout, s.root->Finish(std::move(s.eof)));

    std::vector<FieldStatistics> statistics;
    if (s.options.file_statistics) {
        bool any = false;
        if (s.dtype.is_struct()) {
            const auto *fields = dynamic_cast<const FieldStatisticsSource *>(s.root.get());
            for (size_t i = 0; i < s.dtype.struct_fields().size(); ++i) {
                statistics.push_back(fields != nullptr ? fields->field_statistics(i) : FieldStatistics{});
                any = any || !statistics.back().empty();
            }
        } else if (const auto *column = dynamic_cast<const StatisticsSource *>(s.root.get())) {
            statistics.push_back(column->column_statistics());
            any = !statistics.back().empty();
        }
        if (!any) {
            statistics.clear();
        }
    }
    VX_ASSIGN_OR_RETURN(auto segments, s.segments.TakeSpecs());
    const auto &[specs, segment_index] = segments;
    uint64_t position = s.sink->bytes_written();
    VX_ASSIGN_OR_RETURN(
        std::vector<uint8_t> tail,
        SerializeFooter(position, s.dtype, *layout, specs, s.arrays.ids(), statistics, segment_index));
    VX_RETURN_NOT_OK(s.sink->Write(tail));
    VX_RETURN_NOT_OK(s.sink->Close());
    s.segments.UpdateBytesWritten();
    return WriteSummary{s.rows, s.sink->bytes_written()};
}

const DType &FileWriter::dtype() const {
    return state_->dtype;
}
uint64_t FileWriter::bytes_written() const {
    return state_->segments.bytes_written();
}
uint64_t FileWriter::buffered_bytes() const {
    return state_->buffered.current();
}
uint64_t FileWriter::peak_buffered_bytes() const {
    return state_->buffered.peak();
}
uint64_t FileWriter::buffered_bytes_budget() const {
    return state_->budget;
}

} // namespace vortex
