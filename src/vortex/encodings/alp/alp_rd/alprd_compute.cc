// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Kernels on ALP-RD data: position selections run on both children and the patches.

#include <bit>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/take_bytes.h"
#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"
#include "vortex/encodings/alp/alp_rd/alprd_internal.h"
#include "vortex/scalar/scalar.h"

namespace vortex::alp {
namespace {

Result<ArrayRef>
Rewrap(const ALPRDArray &array, const ArrayRef &left, const ArrayRef &right, std::optional<Patches> patches) {
    const DType dtype = DType::Primitive(array.ptype(), left->dtype().nullability());
    VX_ASSIGN_OR_RETURN(auto rd,
                        ALPRDArray::TryMake(dtype, left,
                                            std::vector<uint16_t>(array.dict().begin(), array.dict().end()),
                                            right, array.right_bit_width(), std::move(patches)));
    return ArrayRef(std::move(rd));
}

} // namespace

std::optional<Result<Scalar>> ALPRDArray::ScalarAtImpl(size_t i) const {
    auto run = [&]() -> Result<Scalar> {
        if (!is_valid(i)) {
            return Scalar::Null(dtype());
        }
        uint16_t left = 0;
        const std::optional<size_t> patch = patches_ ? patches_->Find(i) : std::nullopt;
        if (patch) {
            VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(patches_->values(), *patch));
            left = value.as<uint16_t>();
        } else {
            VX_ASSIGN_OR_RETURN(Scalar code, ScalarAt(left_parts(), i));
            VX_ENSURE(code.as<uint16_t>() < dict_.size(), Serde, "{}: code {} >= dictionary size {}",
                      ALPRDEncoding::kId, code.as<uint16_t>(), dict_.size());
            left = dict_[code.as<uint16_t>()];
        }
        VX_ASSIGN_OR_RETURN(Scalar right, ScalarAt(right_parts(), i));
        return VisitALPFloat(ptype(), [&]<typename T>() {
            using U = internal::RDBits<T>;
            const U bits = static_cast<U>(static_cast<U>(left) << right_bit_width_) | right.as<U>();
            return Scalar::Primitive<T>(std::bit_cast<T>(bits), dtype().nullability());
        });
    };
    return run();
}

std::optional<Result<ArrayRef>> ALPRDArray::SliceImpl(size_t start, size_t stop) const {
    auto run = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef left, Slice(left_parts(), start, stop));
        VX_ASSIGN_OR_RETURN(ArrayRef right, Slice(right_parts(), start, stop));
        std::optional<Patches> patches;
        if (patches_) {
            VX_ASSIGN_OR_RETURN(patches, patches_->Slice(start, stop));
        }
        return Rewrap(*this, left, right, std::move(patches));
    };
    return run();
}

std::optional<Result<ArrayRef>> ALPRDArray::FilterImpl(const Mask &mask) const {
    auto run = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef left, Filter(left_parts(), mask));
        VX_ASSIGN_OR_RETURN(ArrayRef right, Filter(right_parts(), mask));
        std::optional<Patches> patches;
        if (patches_) {
            VX_ASSIGN_OR_RETURN(patches, patches_->Filter(mask));
        }
        return Rewrap(*this, left, right, std::move(patches));
    };
    return run();
}

// Build reads nothing of the left (0) and right (1) parts nor of the patch values (3); the
// patch indices (2) and chunk offsets (4) are checked whole.
std::optional<uint64_t> ALPRDEncoding::PartialChildren(std::span<const uint8_t>, size_t) const {
    return 0b1011;
}

void ALPRDArray::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    left_parts()->DeclareTakeBytes(positions, sink);
    right_parts()->DeclareTakeBytes(positions, sink);
    if (patches_) {
        patches_->DeclareTakeBytes(positions, sink);
    }
}

std::optional<Result<ArrayRef>> ALPRDArray::TakeImpl(const ArrayRef &indices) const {
    auto run = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(TakeIndices decoded, DecodeTakeIndices(indices, len()));
        // Null indices give nulls through the left parts; the right parts stay non-null, so
        // they are taken at the decoded positions (0 under a null index).
        VX_ASSIGN_OR_RETURN(ArrayRef left, Take(left_parts(), indices));
        std::vector<uint64_t> positions(decoded.positions.begin(), decoded.positions.end());
        VX_ASSIGN_OR_RETURN(ArrayRef right, Take(right_parts(), PrimitiveArray::FromValues(positions)));
        std::optional<Patches> patches;
        if (patches_) {
            VX_ASSIGN_OR_RETURN(patches, patches_->Take(decoded.positions, decoded.validity));
        }
        return Rewrap(*this, left, right, std::move(patches));
    };
    return run();
}

std::optional<Result<std::optional<Scalar>>> ALPRDArray::ComputeStatImpl(Stat stat) const {
    if (stat != Stat::NullCount) {
        return std::nullopt;
    }
    return left_parts()->statistics().Get(Stat::NullCount);
}

} // namespace vortex::alp
