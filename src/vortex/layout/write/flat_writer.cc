// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/write/flat_writer.h"

#include <deque>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/canonical.h"
#include "vortex/io/executor.h"
#include "vortex/layout/layouts/chunked_layout.h"
#include "vortex/layout/layouts/flat_layout.h"
#include "vortex/layout/write/row_queue.h"
#include "vortex/scalar/scalar.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex {

namespace {

// Encodings we read but the reference's default session opens only behind a feature or
// environment switch: an array read from such a file is written in another form.
bool ReadOnlyEncoding(std::string_view id) {
    return id == "vortex.patched";
}

// A constant whose value the reference cannot decode (a struct or fixed-size list; see
// ScalarValueReadableByReference), or a read-only encoding, anywhere in the tree.
bool HoldsWhatTheReferenceCannotOpen(const Array &array) {
    if ((array.encoding_id() == ConstantEncoding::kId && !ScalarValueReadableByReference(array.dtype())) ||
        ReadOnlyEncoding(array.encoding_id())) {
        return true;
    }
    for (const auto &child : array.children()) {
        if (HoldsWhatTheReferenceCannotOpen(*child)) {
            return true;
        }
    }
    return false;
}

class FlatWriter final : public LayoutWriter {
public:
    FlatWriter(DType dtype, const WriteContext &ctx) : dtype_(std::move(dtype)), ctx_(ctx) {}

    // model: FLAT WR (Park in FileSegmentSink::Write) (tests/model/writer.pml)
    Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) override {
        if (HoldsWhatTheReferenceCannotOpen(*chunk)) {
            // Written as its canonical form, whose constants (if any) are leaves.
            VX_ASSIGN_OR_RETURN(chunk, Canonicalize(chunk));
        }
        VX_ASSIGN_OR_RETURN(SerializedArray segment, SerializeArray(chunk, ctx_.arrays));
        VX_ASSIGN_OR_RETURN(uint32_t segment_id,
                            ctx_.segments.Write(std::move(id), std::move(segment), std::move(held)));
        flats_.push_back(FlatLayout::Make(dtype_, chunk->len(), segment_id));
        return Status::OK();
    }

    Result<LayoutRef> Finish(SequencePointer eof) override {
        (void)eof;
        if (flats_.size() == 1) {
            return flats_[0];
        }
        return ChunkedLayout::Make(dtype_, std::move(flats_));
    }

private:
    DType dtype_;
    const WriteContext &ctx_;
    std::vector<LayoutRef> flats_;
};

// The statistics the reference computes on every uncompressed chunk before compressing it;
// they travel into the chunk's ArrayStats. Unsupported ones (e.g. min of a list) are skipped.
void ComputeChunkStatistics(const ArrayRef &chunk) {
    for (Stat stat : {Stat::Min, Stat::Max, Stat::Sum, Stat::NullCount, Stat::NanCount, Stat::IsConstant,
                      Stat::IsSorted, Stat::IsStrictSorted}) {
        (void)chunk->statistics().Get(stat);
    }
}

// Up to this many chunks of one column compress at once. With one, the column's driver waits
// for each compression before it can compute the next chunk's zone statistics or dictionary
// codes, and the columns advance in lockstep behind the slowest one; with two, that work
// overlaps the previous chunk's compression.
constexpr size_t kCompressWindow = 2;

class CompressWriter final : public LayoutWriter {
public:
    CompressWriter(std::unique_ptr<LayoutWriter> child, const WriteContext &ctx)
        : child_(std::move(child)), ctx_(ctx) {}

    // model: COMPRESS ENTRY, LOOP (tests/model/writer.pml)
    Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) override {
        // The executor bounds CPU use across columns. A chunk in flight keeps its bytes held
        // but no id (LayoutWriter's rule): the oldest is written under ids descended from the
        // newest input, or from the EOF pointer at Finish. Which id labels which chunk is fixed
        // by the order of the inputs alone, so the file does not depend on timing.
        in_flight_.push_back(InFlight{Submit(std::move(chunk)), std::move(held)});
        SequencePointer ptr = std::move(id).Descend();
        while (in_flight_.size() > kCompressWindow - 1) {
            VX_RETURN_NOT_OK(WriteOldest(ptr));
        }
        return Status::OK();
    }

    Result<LayoutRef> Finish(SequencePointer eof) override {
        while (!in_flight_.empty()) {
            VX_RETURN_NOT_OK(WriteOldest(eof));
        }
        return child_->Finish(std::move(eof));
    }

private:
    struct InFlight {
        TaskHandle<Result<ArrayRef>> compressed;
        BufferedBytes::Reservation held;
    };

    TaskHandle<Result<ArrayRef>> Submit(ArrayRef chunk) {
        // Columns run as tasks of the same executor and wait for these: a compression no worker
        // has started yet runs on the waiting column's thread.
        return ctx_.executor.SubmitRunnableByWaiter(
            [chunk = std::move(chunk), compressor = ctx_.compressor]() -> Result<ArrayRef> {
                ComputeChunkStatistics(chunk);
                if (!compressor) {
                    return chunk;
                }
                VX_ASSIGN_OR_RETURN(ArrayRef compressed, compressor(chunk));
                VX_ENSURE(compressed->dtype() == chunk->dtype() && compressed->len() == chunk->len(),
                          Internal, "the compressor changed the chunk's dtype or length");
                for (size_t s = 0; s < kNumStats; ++s) {
                    if (auto value = chunk->statistics().GetIfComputed(static_cast<Stat>(s))) {
                        compressed->statistics().Set(static_cast<Stat>(s), *value);
                    }
                }
                return compressed;
            });
    }

    // model: COMPRESS WRITE_OLDEST, the column waits in Wait or runs the task (tests/model/writer.pml)
    Status WriteOldest(SequencePointer &ptr) {
        InFlight oldest = std::move(in_flight_.front());
        in_flight_.pop_front();
        VX_ASSIGN_OR_RETURN(ArrayRef compressed, oldest.compressed.Wait());
        oldest.held.Release();
        BufferedBytes::Reservation out = ctx_.buffered.Reserve(compressed->nbytes());
        return child_->Write(ptr.Advance(), std::move(compressed), std::move(out));
    }

    std::unique_ptr<LayoutWriter> child_;
    const WriteContext &ctx_;
    std::deque<InFlight> in_flight_;
};

class BufferedWriter final : public LayoutWriter {
public:
    BufferedWriter(std::unique_ptr<LayoutWriter> child, uint64_t window)
        : child_(std::move(child)), window_(window) {}

    // model: BUFFERED ENTRY (MUTANT_KEEP_OLD_ID keeps `id` here) (tests/model/writer.pml)
    Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) override {
        bytes_ += held.bytes();
        chunks_.push_back({std::move(chunk), std::move(held)});
        if (bytes_ >= window_) {
            // Everything held goes out under ids minted from this input's id; no id is kept
            // once Write returns (see LayoutWriter).
            return Flush(std::move(id).Descend());
        }
        return Status::OK();
    }

    Result<LayoutRef> Finish(SequencePointer eof) override {
        if (!chunks_.empty()) {
            VX_RETURN_NOT_OK(Flush(eof.SplitOff()));
        }
        return child_->Finish(std::move(eof));
    }

private:
    // model: BUFFERED FLUSH (tests/model/writer.pml)
    Status Flush(SequencePointer ptr) {
        while (!chunks_.empty()) {
            auto [chunk, held] = std::move(chunks_.front());
            chunks_.pop_front();
            bytes_ -= held.bytes();
            VX_RETURN_NOT_OK(child_->Write(ptr.Advance(), std::move(chunk), std::move(held)));
        }
        return Status::OK();
    }

    struct Held {
        ArrayRef chunk;
        BufferedBytes::Reservation held;
    };
    std::unique_ptr<LayoutWriter> child_;
    uint64_t window_;
    std::deque<Held> chunks_;
    uint64_t bytes_ = 0;
};

class RepartitionWriter final : public LayoutWriter {
public:
    RepartitionWriter(DType dtype,
                      std::unique_ptr<LayoutWriter> child,
                      uint64_t block_bytes,
                      uint64_t row_multiple)
        : dtype_(std::move(dtype)), child_(std::move(child)), block_bytes_(block_bytes),
          row_multiple_(row_multiple) {}

    // model: REPART ENTRY, LOOP (tests/model/writer.pml)
    Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) override {
        // Blocks cut now are labelled from this input's id; the rest waits without any id
        // (see LayoutWriter), to be labelled by a later input or by the EOF pointer.
        SequencePointer ptr = std::move(id).Descend();
        queue_.Push(std::move(chunk));
        held_.Merge(std::move(held));
        if (block_rows_ == 0 && queue_.rows() >= row_multiple_) {
            VX_RETURN_NOT_OK(ChooseBlockRows());
        }
        while (block_rows_ > 0 && queue_.rows() >= block_rows_) {
            VX_RETURN_NOT_OK(Emit(ptr, block_rows_));
        }
        return Status::OK();
    }

    Result<LayoutRef> Finish(SequencePointer eof) override {
        if (!queue_.empty()) {
            SequencePointer ptr = eof.SplitOff();
            VX_RETURN_NOT_OK(Emit(ptr, queue_.rows()));
        }
        return child_->Finish(std::move(eof));
    }

private:
    // Blocks are a fixed number of rows, chosen once from the width of the first zone's rows
    // (compacted, so it depends only on the values): about block_bytes each, a multiple of
    // the zone length when that is at least one zone. Cutting by rows, never by how many
    // bytes the input happened to arrive in, keeps the file independent of the input's chunks.
    Status ChooseBlockRows() {
        VX_ASSIGN_OR_RETURN(ArrayRef first, queue_.CompactFront(row_multiple_, dtype_));
        uint64_t row_bytes = std::max<uint64_t>(1, first->nbytes() / row_multiple_);
        uint64_t rows = std::max<uint64_t>(1, block_bytes_ / row_bytes);
        block_rows_ = rows >= row_multiple_ ? rows / row_multiple_ * row_multiple_ : rows;
        return Status::OK();
    }

    // Sends the first `rows` buffered rows on as one compact block.
    Status Emit(SequencePointer &ptr, uint64_t rows) {
        VX_ASSIGN_OR_RETURN(ArrayRef block, queue_.CompactFront(rows, dtype_));
        // The block takes its rows' share of the held bytes; what stays keeps the rest.
        BufferedBytes::Reservation out = held_.SplitShare(rows, queue_.rows());
        VX_RETURN_NOT_OK(queue_.Pop(rows));
        return child_->Write(ptr.Advance(), std::move(block), std::move(out));
    }

    DType dtype_;
    std::unique_ptr<LayoutWriter> child_;
    uint64_t block_bytes_;
    uint64_t row_multiple_;
    uint64_t block_rows_ = 0;
    RowQueue queue_;
    BufferedBytes::Reservation held_;
};

} // namespace

Result<std::unique_ptr<LayoutWriter>> FlatStrategy::NewWriter(const DType &dtype,
                                                              const WriteContext &ctx) const {
    return std::unique_ptr<LayoutWriter>(new FlatWriter(dtype, ctx));
}

Result<std::unique_ptr<LayoutWriter>> CompressStrategy::NewWriter(const DType &dtype,
                                                                  const WriteContext &ctx) const {
    VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> child, child_->NewWriter(dtype, ctx));
    return std::unique_ptr<LayoutWriter>(new CompressWriter(std::move(child), ctx));
}

Result<std::unique_ptr<LayoutWriter>> BufferedStrategy::NewWriter(const DType &dtype,
                                                                  const WriteContext &ctx) const {
    VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> child, child_->NewWriter(dtype, ctx));
    return std::unique_ptr<LayoutWriter>(new BufferedWriter(std::move(child), window_bytes_));
}

Result<std::unique_ptr<LayoutWriter>> RepartitionStrategy::NewWriter(const DType &dtype,
                                                                     const WriteContext &ctx) const {
    VX_ENSURE(row_multiple_ > 0, InvalidArgument, "repartition: row multiple must be positive");
    VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> child, child_->NewWriter(dtype, ctx));
    return std::unique_ptr<LayoutWriter>(
        new RepartitionWriter(dtype, std::move(child), block_bytes_, row_multiple_));
}

} // namespace vortex
