// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/write/struct_writer.h"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <variant>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/io/executor.h"
#include "vortex/layout/layouts/struct_layout.h"

namespace vortex {

namespace {

struct ChunkMessage {
    SequenceId id;
    ArrayRef chunk;
    BufferedBytes::Reservation held;
};
struct FinishMessage {
    SequencePointer eof;
};
using Message = std::variant<ChunkMessage, FinishMessage>;

// Drives one child writer. Concurrently, the child runs as a strand on the executor: its
// messages are processed one at a time, in order, each by whichever worker takes the strand's
// task, so a file of any number of columns uses only the executor's threads. A capacity-one
// slot makes Send block (the file writer's caller) while the previous message waits to be
// taken. Inline, Send processes the message on the calling thread: a struct nested in a
// column, or one written from a worker of the executor, where blocking on a strand could
// keep the worker that strand needs. Neither waits on the segment order (segments are parked,
// see SegmentSink), so driving columns one after the other cannot deadlock.
class ColumnDriver {
public:
    ColumnDriver(std::unique_ptr<LayoutWriter> writer, BufferedBytes &buffered, Executor *executor)
        : writer_(std::move(writer)), buffered_(buffered), executor_(executor) {}

    // model: FileWriter_destroy (tests/model/writer.pml)
    ~ColumnDriver() {
        std::optional<Message> left;
        {
            std::unique_lock lock(mutex_);
            closed_ = true;
            left = TakeSlot();
            changed_.notify_all();
            // The strand's task uses this object: wait until it has returned.
            changed_.wait(lock, [&] { return !scheduled_; });
        }
        if (left) {
            buffered_.EndWork();
        }
    }

    /// Blocks while the previous message waits; fails once the driver has stopped.
    // model: inline Send, the caller blocks here (tests/model/writer.pml)
    Status Send(Message message) {
        if (executor_ == nullptr) {
            if (stopped_) {
                return Join();
            }
            Process(message);
            return Join();
        }
        buffered_.BeginWork();
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !slot_.has_value() || closed_; });
        if (closed_) {
            lock.unlock();
            buffered_.EndWork();
            return Join();
        }
        slot_.emplace(std::move(message));
        if (!scheduled_) {
            scheduled_ = true;
            executor_->Spawn([this] { RunOne(); });
        }
        return Status::OK();
    }

    /// Waits until the driver has stopped (finished or failed) and returns its outcome; OK
    /// while an inline driver has not failed.
    // model: the waits stopped[i] && !sched[i] (tests/model/writer.pml)
    Status Join() {
        if (executor_ != nullptr) {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return stopped_ && !scheduled_; });
        } else if (!stopped_) {
            return Status::OK();
        }
        return status_.ok() && result_ == nullptr
                   ? Status::Internal("column writer stopped without finishing")
                   : status_;
    }
    const LayoutRef &result() const { return result_; }
    const LayoutWriter &writer() const { return *writer_; }

private:
    std::optional<Message> TakeSlot() {
        std::optional<Message> out = std::move(slot_);
        slot_.reset();
        return out;
    }

    // One turn of the strand: the message in the slot, then the strand goes to the back of
    // the executor's queue if another has arrived, so columns take turns.
    // model: proctype Worker: ColumnDriver_RunOne (first lock), ColumnDriver_Process, RunOne_end
    // (last lock, after the left message's EndWork) (tests/model/writer.pml)
    void RunOne() {
        // The driver may be destroyed as soon as the last lock below is released.
        BufferedBytes &buffered = buffered_;
        std::optional<Message> message;
        {
            std::lock_guard lock(mutex_);
            if (!closed_) {
                message = TakeSlot();
            }
            changed_.notify_all();
        }
        bool stop = false;
        if (message) {
            stop = Process(*message);
            buffered.EndWork();
            message.reset(); // whatever it still holds (ids, bytes) goes outside the lock
        }
        std::optional<Message> left;
        {
            std::lock_guard lock(mutex_);
            if (stop) {
                closed_ = true;
            }
            if (closed_) {
                left = TakeSlot(); // messages left behind are never processed
            }
        }
        // Dropped while this turn still counts as scheduled: once it does not, the driver and
        // the writer's BufferedBytes may be destroyed (found by the model, tests/model).
        if (left) {
            left.reset();
            buffered.EndWork();
        }
        // model: RunOne_end (tests/model/writer.pml)
        std::lock_guard lock(mutex_);
        if (slot_.has_value()) {
            executor_->Spawn([this] { RunOne(); });
        } else {
            scheduled_ = false;
        }
        changed_.notify_all();
    }

    // Hands `message` to the writer; returns whether the driver has stopped (finished or
    // failed). A failure cancels the universe so nothing waits on this column's segments.
    // model: ColumnDriver_Process; error path Process_failed (tests/model/writer.pml)
    bool Process(Message &message) {
        if (auto *chunk = std::get_if<ChunkMessage>(&message)) {
            universe_ = chunk->id.universe();
            status_ = writer_->Write(std::move(chunk->id), std::move(chunk->chunk), std::move(chunk->held));
        } else {
            auto &finish = std::get<FinishMessage>(message);
            universe_ = finish.eof.universe();
            Result<LayoutRef> layout = writer_->Finish(std::move(finish.eof));
            if (layout.ok()) {
                result_ = std::move(*layout);
                Stop();
                return true;
            }
            status_ = layout.status();
        }
        if (status_.ok()) {
            return false;
        }
        if (universe_ != nullptr) {
            universe_->Cancel(status_);
        }
        Stop();
        return true;
    }

    void Stop() {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        changed_.notify_all();
    }

    std::unique_ptr<LayoutWriter> writer_;
    BufferedBytes &buffered_;
    Executor *executor_; // null: inline
    std::mutex mutex_;
    std::condition_variable changed_;
    std::optional<Message> slot_; // guarded by mutex_
    bool scheduled_ = false;      // guarded by mutex_: a RunOne task is queued or running
    bool closed_ = false;         // guarded by mutex_: no message is taken any more
    bool stopped_ = false;        // guarded by mutex_ (set once, before the last notify)
    // Written by the message being processed only; read after Join.
    std::shared_ptr<SequenceUniverse> universe_;
    Status status_;
    LayoutRef result_;
};

class StructWriter final : public LayoutWriter, public FieldStatisticsSource {
public:
    StructWriter(DType dtype, std::vector<std::unique_ptr<ColumnDriver>> drivers)
        : dtype_(std::move(dtype)), drivers_(std::move(drivers)) {}

    // model: FileWriter_drop (Cancel), FileWriter_destroy (drivers_.clear()) (tests/model/writer.pml)
    ~StructWriter() override {
        // An unfinished writer is being abandoned: wake whoever waits on the segment order.
        if (!finished_ && universe_ != nullptr) {
            universe_->Cancel(Status::Cancelled("the file writer was dropped"));
        }
        drivers_.clear();
    }

    // model: StructWriter_Write (tests/model/writer.pml)
    Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) override {
        universe_ = id.universe();
        VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(chunk));
        auto structure = As<StructArray>(canonical);
        VX_ENSURE(structure != nullptr, Internal, "struct writer got a {} chunk", canonical->encoding_id());
        rows_ += chunk->len();
        std::vector<ArrayRef> columns;
        if (dtype_.is_nullable()) {
            columns.push_back(
                BoolArray::Make(structure->validity_mask().ToBitBuffer(), Validity::NonNullable()));
        }
        for (const ArrayRef &field : structure->fields()) {
            columns.push_back(field);
        }
        SequencePointer ptr = std::move(id).Descend();
        for (size_t i = 0; i < columns.size(); ++i) {
            uint64_t bytes = std::min<uint64_t>(columns[i]->nbytes(), held.bytes());
            BufferedBytes::Reservation part = held.Split(i + 1 == columns.size() ? held.bytes() : bytes);
            VX_RETURN_NOT_OK(
                drivers_[i]->Send(ChunkMessage{ptr.Advance(), std::move(columns[i]), std::move(part)}));
        }
        return Status::OK();
    }

    // model: StructWriter_Finish (tests/model/writer.pml)
    Result<LayoutRef> Finish(SequencePointer eof) override {
        finished_ = true;
        Status first;
        for (auto &driver : drivers_) {
            Status sent = driver->Send(FinishMessage{eof.SplitOff()});
            if (first.ok() && !sent.ok()) {
                first = sent;
            }
        }
        // Release our own EOF position so the children's EOF ids can be written.
        eof = SequencePointer();
        for (auto &driver : drivers_) {
            Status joined = driver->Join();
            if (first.ok() && !joined.ok()) {
                first = joined;
            }
        }
        VX_RETURN_NOT_OK(first);
        size_t offset = dtype_.is_nullable() ? 1 : 0;
        LayoutRef validity = offset == 1 ? drivers_[0]->result() : nullptr;
        std::vector<LayoutRef> fields;
        for (size_t i = offset; i < drivers_.size(); ++i) {
            fields.push_back(drivers_[i]->result());
        }
        return StructLayout::Make(dtype_, rows_, std::move(validity), std::move(fields));
    }

    ColumnStatistics field_statistics(size_t field) const override {
        size_t index = field + (dtype_.is_nullable() ? 1 : 0);
        if (index >= drivers_.size()) {
            return {};
        }
        const auto *source = dynamic_cast<const StatisticsSource *>(&drivers_[index]->writer());
        return source != nullptr ? source->column_statistics() : ColumnStatistics{};
    }

private:
    DType dtype_;
    std::vector<std::unique_ptr<ColumnDriver>> drivers_;
    std::shared_ptr<SequenceUniverse> universe_;
    uint64_t rows_ = 0;
    bool finished_ = false;
};

} // namespace

Result<std::unique_ptr<LayoutWriter>>
StructStrategy::NewWriter(const DType &dtype, const WriteContext &ctx, bool concurrent) const {
    VX_ENSURE(dtype.is_struct(), InvalidArgument, "struct strategy for dtype {}", dtype);
    Executor *executor = concurrent ? &ctx.executor : nullptr;
    std::vector<std::unique_ptr<ColumnDriver>> drivers;
    if (dtype.is_nullable()) {
        VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> writer,
                            validity_->NewWriter(DType::Bool(Nullability::NonNullable), ctx));
        drivers.push_back(std::make_unique<ColumnDriver>(std::move(writer), ctx.buffered, executor));
    }
    for (const DType &field : dtype.struct_fields().dtypes) {
        std::unique_ptr<LayoutWriter> writer;
        if (field.is_struct()) {
            // Its fields run inside this column's turn, one after the other.
            VX_ASSIGN_OR_RETURN(writer, NewWriter(field, ctx, /*concurrent=*/false));
        } else {
            VX_ASSIGN_OR_RETURN(writer, leaf_->NewWriter(field, ctx));
        }
        drivers.push_back(std::make_unique<ColumnDriver>(std::move(writer), ctx.buffered, executor));
    }
    return std::unique_ptr<LayoutWriter>(new StructWriter(dtype, std::move(drivers)));
}

Result<std::unique_ptr<LayoutWriter>> StructStrategy::NewWriter(const DType &dtype,
                                                                const WriteContext &ctx) const {
    // A worker of the executor that blocked on a column's slot could hold the very worker
    // that column needs, so a struct written from one drives its columns inline.
    return NewWriter(dtype, ctx, /*concurrent=*/!ctx.executor.InWorkerThread());
}

} // namespace vortex
