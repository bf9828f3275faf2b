// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/array.h"

#include "vortex/array/encoding.h"
#include "vortex/array/take_bytes.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Array::Array(const Encoding &encoding,
             DType dtype,
             size_t len,
             std::vector<Buffer> buffers,
             std::vector<ArrayRef> children)
    : encoding_(&encoding), dtype_(std::move(dtype)), len_(len), buffers_(std::move(buffers)),
      children_(std::move(children)), statistics_(*this) {
    for (const auto &child : children_) {
        VX_CHECK(child != nullptr);
    }
}

Array::~Array() = default;

std::string_view Array::encoding_id() const {
    return encoding_->id();
}

std::string EncodingTree(const Array &array) {
    std::string out(array.encoding_id());
    if (array.nchildren() > 0) {
        out += "(";
        for (size_t i = 0; i < array.nchildren(); ++i) {
            out += (i > 0 ? ", " : "") + EncodingTree(*array.child(i));
        }
        out += ")";
    }
    return out;
}

size_t Array::nbytes() const {
    size_t total = 0;
    for (const auto &buffer : buffers_) {
        total += buffer.size();
    }
    for (const auto &child : children_) {
        total += child->nbytes();
    }
    return total;
}

size_t Array::buffer_alignment(size_t index) const {
    VX_CHECK_LT(index, buffers_.size());
    return 1;
}

std::optional<Result<Scalar>> Array::ScalarAtImpl(size_t) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::SliceImpl(size_t, size_t) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::FilterImpl(const Mask &) const {
    return std::nullopt;
}
void Array::DeclareTakeBytes(std::span<const uint64_t>, TakeByteSink &sink) const {
    sink.WholeTree(*this);
}
std::optional<Result<ArrayRef>> Array::TakeImpl(const ArrayRef &) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::TakeFromImpl(const ArrayRef &) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::CompareScalarImpl(const Scalar &, CompareOp) const {
    return std::nullopt;
}
std::optional<Result<BitBuffer>> Array::IntRangeImpl(const IntRange &) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::CastImpl(const DType &) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::MatchStringsImpl(const StringMatch &) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::LengthImpl(LengthUnit) const {
    return std::nullopt;
}
std::optional<Result<ArrayRef>> Array::MapValuesImpl(const ValueMap &) const {
    return std::nullopt;
}
std::optional<Result<std::optional<Scalar>>> Array::ComputeStatImpl(Stat) const {
    return std::nullopt;
}

std::string_view CompareOpName(CompareOp op) {
    switch (op) {
        case CompareOp::Eq:
            return "=";
        case CompareOp::NotEq:
            return "!=";
        case CompareOp::Gt:
            return ">";
        case CompareOp::Gte:
            return ">=";
        case CompareOp::Lt:
            return "<";
        case CompareOp::Lte:
            return "<=";
    }
    return "?";
}

CompareOp SwapCompareOp(CompareOp op) {
    switch (op) {
        case CompareOp::Gt:
            return CompareOp::Lt;
        case CompareOp::Gte:
            return CompareOp::Lte;
        case CompareOp::Lt:
            return CompareOp::Gt;
        case CompareOp::Lte:
            return CompareOp::Gte;
        default:
            return op;
    }
}

} // namespace vortex
