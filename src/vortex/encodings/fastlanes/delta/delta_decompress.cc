// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Decoding of fastlanes.delta. Spec: arrays-encodings 6.3.

#include <algorithm>
#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fill_forward_internal.h"
#include "vortex/scalar/scalar.h"

namespace vortex::fastlanes {

namespace {

Result<std::shared_ptr<const PrimitiveArray>> CanonicalPrimitive(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    auto primitive = As<PrimitiveArray>(canonical);
    VX_ENSURE(primitive != nullptr, Internal, "delta child did not canonicalize to a primitive array");
    return primitive;
}

// Decodes the blocks covering physical positions [0, stop) into `out` (stop values).
template <typename U>
void DecodeBlocks(std::span<const U> bases, std::span<const U> deltas, size_t stop, U *out) {
    constexpr size_t kRows = 8 * sizeof(U);
    constexpr size_t kLaneCount = kLanes<U>;
    const size_t whole_blocks = deltas.size() / kFastLanesBlockLen;
    const size_t blocks = FastLanesBlockCount(stop);
    std::vector<U> block(kFastLanesBlockLen);
    for (size_t b = 0; b < blocks && b < whole_blocks; ++b) {
        const U *block_deltas = deltas.data() + b * kFastLanesBlockLen;
        // Each lane is a running sum over its rows; lane L's rows are the consecutive values
        // starting at transpose(L).
        for (size_t lane = 0; lane < kLaneCount; ++lane) {
            U acc = bases[b * kLaneCount + lane];
            U *lane_out = block.data() + FastLanesTranspose(lane);
            for (size_t row = 0; row < kRows; ++row) {
                acc = static_cast<U>(acc + block_deltas[FastLanesIndex(row, lane)]);
                lane_out[row] = acc;
            }
        }
        const size_t begin = b * kFastLanesBlockLen;
        const size_t count = std::min(kFastLanesBlockLen, stop - begin);
        std::copy_n(block.data(), count, out + begin);
    }
    if (blocks > whole_blocks) {
        // Legacy trailing partial block: a plain running sum from one extra base.
        U acc = bases[whole_blocks * kLaneCount];
        for (size_t i = whole_blocks * kFastLanesBlockLen; i < stop; ++i) {
            acc = static_cast<U>(acc + deltas[i]);
            out[i] = acc;
        }
    }
}

} // namespace

Result<ArrayRef> DeltaArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(auto bases_array, CanonicalPrimitive(bases()));
    VX_ASSIGN_OR_RETURN(auto deltas_array, CanonicalPrimitive(deltas()));
    const PType ptype = dtype().ptype();
    const size_t stop = offset_ + len();
    Buffer values = VisitIntPType(ptype, [&]<typename T>() {
        using U = internal::UIntOf<T>;
        BufferMut decoded = BufferMut::Zeroed(stop * sizeof(U));
        DecodeBlocks<U>(bases_array->values().span<U>(), deltas_array->values().span<U>(), stop,
                        decoded.data_as<U>());
        return std::move(decoded).Freeze().Slice(offset_ * sizeof(U), len() * sizeof(U));
    });
    const Validity validity =
        dtype().is_nullable() ? Validity::FromMask(validity_mask()) : Validity::NonNullable();
    return ArrayRef(PrimitiveArray::Make(ptype, std::move(values), validity));
}

// Decodes only the block holding element i (through a one-element slice).
std::optional<Result<Scalar>> DeltaArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    ArrayRef one = ToRef();
    if (len() > 1) {
        auto sliced = SliceImpl(i, i + 1);
        if (sliced.has_value()) {
            if (!sliced->ok()) {
                return Result<Scalar>(sliced->status());
            }
            one = **sliced;
            i = 0;
        }
    }
    auto canonical = one->ToCanonical();
    if (!canonical.ok()) {
        return Result<Scalar>(canonical.status());
    }
    return ScalarAt(*canonical, i);
}

} // namespace vortex::fastlanes
