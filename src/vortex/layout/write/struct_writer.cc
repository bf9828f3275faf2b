// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/write/struct_writer.h"

#include <thread>
#include <variant>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/layout/write/mailbox.h"

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

// Runs one child writer on its own thread, fed through a capacity-one mailbox.
class ColumnDriver {
public:
    ColumnDriver(std::unique_ptr<LayoutWriter> writer, BufferedBytes &buffered)
        : writer_(std::move(writer)), buffered_(buffered) {
        thread_ = std::thread([this] { Run(); });
    }
    ~ColumnDriver() {
        mailbox_.Close();
        if (thread_.joinable()) {
            thread_.join();
        }
    }

    /// Blocks while the previous message waits; fails once the driver has stopped.
    Status Send(Message message) {
        buffered_.BeginWork();
        if (!mailbox_.Send(message)) {
            buffered_.EndWork();
            return Join();
        }
        return Status::OK();
    }

    /// Waits for the thread to end and returns its outcome.
    Status Join() {
        if (thread_.joinable()) {
            thread_.join();
        }
        return status_.ok() && result_ == nullptr
                   ? Status::Internal("column writer stopped without finishing")
                   : status_;
    }
    const LayoutRef &result() const { return result_; }
    const LayoutWriter &writer() const { return *writer_; }

private:
    // model: proctype Driver, ColumnDriver_Run; exits Run_failed/Run_closed (tests/model/writer.pml)
    void Run() {
        while (std::optional<Message> message = mailbox_.Receive()) {
            if (auto *chunk = std::get_if<ChunkMessage>(&*message)) {
                universe_ = chunk->id.universe();
                status_ =
                    writer_->Write(std::move(chunk->id), std::move(chunk->chunk), std::move(chunk->held));
                buffered_.EndWork();
            } else {
                auto &finish = std::get<FinishMessage>(*message);
                universe_ = finish.eof.universe();
                Result<LayoutRef> layout = writer_->Finish(std::move(finish.eof));
                if (layout.ok()) {
                    result_ = std::move(*layout);
                } else {
                    status_ = layout.status();
                }
                buffered_.EndWork();
                mailbox_.Close();
                if (status_.ok()) {
                    return;
                }
                break;
            }
            if (!status_.ok()) {
                break;
            }
        }
        if (status_.ok()) {
            status_ = Status::Cancelled("the column writer was closed before it finished");
        }
        // Wake every column waiting on the segment order, and stop accepting input.
        if (universe_ != nullptr) {
            universe_->Cancel(status_);
        }
        mailbox_.Close();
        // Messages left behind are never processed.
        while (std::optional<Message> left = mailbox_.Receive()) {
            buffered_.EndWork();
        }
    }

    std::unique_ptr<LayoutWriter> writer_;
    BufferedBytes &buffered_;
    Mailbox<Message> mailbox_;
    std::shared_ptr<SequenceUniverse> universe_;
    Status status_;
    LayoutRef result_;
    std::thread thread_;
};

class StructWriter final : public LayoutWriter, public FieldStatisticsSource {
public:
    StructWriter(DType dtype, std::vector<std::unique_ptr<ColumnDriver>> drivers)
        : dtype_(std::move(dtype)), drivers_(std::move(drivers)) {}

    // model: FileWriter_drop (tests/model/writer.pml)
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

Result<std::unique_ptr<LayoutWriter>> StructStrategy::NewWriter(const DType &dtype,
                                                                const WriteContext &ctx) const {
    VX_ENSURE(dtype.is_struct(), InvalidArgument, "struct strategy for dtype {}", dtype);
    std::vector<std::unique_ptr<ColumnDriver>> drivers;
    if (dtype.is_nullable()) {
        VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> writer,
                            validity_->NewWriter(DType::Bool(Nullability::NonNullable), ctx));
        drivers.push_back(std::make_unique<ColumnDriver>(std::move(writer), ctx.buffered));
    }
    for (const DType &field : dtype.struct_fields().dtypes) {
        std::unique_ptr<LayoutWriter> writer;
        if (field.is_struct()) {
            VX_ASSIGN_OR_RETURN(writer, NewWriter(field, ctx));
        } else {
            VX_ASSIGN_OR_RETURN(writer, leaf_->NewWriter(field, ctx));
        }
        drivers.push_back(std::make_unique<ColumnDriver>(std::move(writer), ctx.buffered));
    }
    return std::unique_ptr<LayoutWriter>(new StructWriter(dtype, std::move(drivers)));
}

} // namespace vortex
