// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/write/dict_writer.h"

#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/dict/dict_encode.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/slice.h"
#include "vortex/layout/layouts/chunked_layout.h"
#include "vortex/layout/layouts/dict_layout.h"

namespace vortex {

namespace {

// Whether dictionary encoding pays for `chunk`: it fits the limits and has at most half as
// many distinct non-null values as non-null rows (the reference's dict schemes' gate).
Result<bool> DictPays(const ArrayRef &chunk, const DictEncodeOptions &options) {
    const size_t valid_rows = chunk->len() - NullCount(chunk);
    if (valid_rows == 0) {
        return false;
    }
    VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> encoded, DictEncode(chunk, options));
    if (!encoded) {
        return false;
    }
    const ArrayRef &values = As<DictArray>(**encoded)->values();
    const size_t distinct = values->len() - NullCount(values);
    return distinct <= valid_rows / 2;
}

// A reservation of `bytes`, taken out of `held` (the input's) as far as it goes: what an input
// is turned into replaces it, so counting both would overstate what the writer holds.
// model: TakeHeld (tests/model/writer.pml)
BufferedBytes::Reservation
TakeHeld(BufferedBytes::Reservation &held, BufferedBytes &buffered, uint64_t bytes) {
    BufferedBytes::Reservation out = held.Split(bytes);
    if (out.bytes() < bytes) {
        out.Merge(buffered.Reserve(bytes - out.bytes()));
    }
    return out;
}

class DictWriter final : public LayoutWriter {
public:
    DictWriter(DType dtype,
               const WriteContext &ctx,
               LayoutStrategyRef codes,
               LayoutStrategyRef values,
               LayoutStrategyRef fallback,
               DictEncodeOptions options)
        : dtype_(std::move(dtype)), ctx_(ctx), codes_(std::move(codes)), values_(std::move(values)),
          fallback_(std::move(fallback)), options_(options) {}

    Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) override {
        if (fallback_writer_ == nullptr && builder_ == nullptr) {
            VX_ASSIGN_OR_RETURN(bool pays, DictPays(chunk, options_));
            if (pays) {
                VX_ASSIGN_OR_RETURN(builder_, DictBuilder::Make(dtype_, options_));
            } else {
                VX_ASSIGN_OR_RETURN(fallback_writer_, fallback_->NewWriter(dtype_, ctx_));
            }
        }
        if (fallback_writer_ != nullptr) {
            return fallback_writer_->Write(std::move(id), std::move(chunk), std::move(held));
        }
        // Everything this input causes is labelled from its id; nothing keeps an id after.
        SequencePointer ptr = std::move(id).Descend();
        // model: DICT LOOP; what is left of `held` lives until DICT_RETURN (tests/model/writer.pml)
        ArrayRef rest = std::move(chunk);
        while (true) {
            if (codes_writer_ == nullptr) {
                VX_ASSIGN_OR_RETURN(codes_writer_, codes_->NewWriter(builder_->codes_dtype(), ctx_));
            }
            VX_ASSIGN_OR_RETURN(ArrayRef codes, builder_->Append(rest));
            VX_ENSURE(codes->len() > 0 || builder_->values_len() > 0, Internal,
                      "dict writer: an empty dictionary admitted no row");
            // The values gathered so far stay with this writer until the dictionary closes.
            if (builder_->values_bytes() > values_held_.bytes()) {
                values_held_.Merge(
                    TakeHeld(held, ctx_.buffered, builder_->values_bytes() - values_held_.bytes()));
            }
            if (codes->len() > 0) {
                run_rows_ += codes->len();
                BufferedBytes::Reservation out = TakeHeld(held, ctx_.buffered, codes->nbytes());
                VX_RETURN_NOT_OK(codes_writer_->Write(ptr.Advance(), codes, std::move(out)));
            }
            if (codes->len() == rest->len()) {
                return Status::OK();
            }
            VX_RETURN_NOT_OK(CloseDictionary(ptr));
            VX_ASSIGN_OR_RETURN(rest, Slice(rest, codes->len(), rest->len()));
        }
    }

    Result<LayoutRef> Finish(SequencePointer eof) override {
        if (builder_ == nullptr) {
            if (fallback_writer_ == nullptr) {
                // No rows at all: the fallback decides what an empty column looks like.
                VX_ASSIGN_OR_RETURN(fallback_writer_, fallback_->NewWriter(dtype_, ctx_));
            }
            return fallback_writer_->Finish(std::move(eof));
        }
        if (run_rows_ > 0) {
            SequencePointer ptr = eof.SplitOff();
            VX_RETURN_NOT_OK(CloseDictionary(ptr));
        }
        if (dicts_.size() == 1) {
            return dicts_[0];
        }
        return ChunkedLayout::Make(dtype_, std::move(dicts_));
    }

private:
    // Writes the current dictionary's remaining codes and its values with ids from `ptr`, and
    // starts a new dictionary.
    // model: CLOSE_DICT, CLOSE_DICT_VALUES, CLOSE_DICT_NEXT (tests/model/writer.pml)
    Status CloseDictionary(SequencePointer &ptr) {
        VX_ASSIGN_OR_RETURN(LayoutRef codes, codes_writer_->Finish(ptr.SplitOff()));
        codes_writer_.reset();
        ArrayRef values = builder_->Finish();
        VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> values_writer, values_->NewWriter(dtype_, ctx_));
        VX_RETURN_NOT_OK(values_writer->Write(ptr.Advance(), std::move(values), std::move(values_held_)));
        values_held_ = BufferedBytes::Reservation();
        VX_ASSIGN_OR_RETURN(LayoutRef values_layout, values_writer->Finish(ptr.SplitOff()));
        // Every value was taken from some row, so every one is referenced.
        VX_ASSIGN_OR_RETURN(LayoutRef dict,
                            DictLayout::Make(std::move(values_layout), std::move(codes), true));
        dicts_.push_back(std::move(dict));
        run_rows_ = 0;
        return Status::OK();
    }

    DType dtype_;
    const WriteContext &ctx_;
    LayoutStrategyRef codes_;
    LayoutStrategyRef values_;
    LayoutStrategyRef fallback_;
    DictEncodeOptions options_;
    std::unique_ptr<LayoutWriter> fallback_writer_;
    std::unique_ptr<DictBuilder> builder_;
    std::unique_ptr<LayoutWriter> codes_writer_;
    BufferedBytes::Reservation values_held_;
    uint64_t run_rows_ = 0;
    std::vector<LayoutRef> dicts_;
};

} // namespace

Result<std::unique_ptr<LayoutWriter>> DictStrategy::NewWriter(const DType &dtype,
                                                              const WriteContext &ctx) const {
    if (!DictEncodable(dtype)) {
        return fallback_->NewWriter(dtype, ctx);
    }
    VX_ENSURE(options_.max_values > 0, InvalidArgument, "dict strategy: max_values must be positive");
    DictEncodeOptions options{.max_values = options_.max_values,
                              .max_value_bytes = options_.max_value_bytes,
                              .nulls = DictNulls::kInValues};
    return std::unique_ptr<LayoutWriter>(new DictWriter(dtype, ctx, codes_, values_, fallback_, options));
}

} // namespace vortex
