// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Decoding of fastlanes.delta. Spec: arrays-encodings 6.3.

#include <algorithm>
#include <array>
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
    alignas(64) U sums[kFastLanesBlockLen];
    // Where each row's lanes start in a block (the same for deltas and sums).
    std::array<uint16_t, kRows> row_start{};
    for (size_t row = 0; row < kRows; ++row) {
        row_start[row] = static_cast<uint16_t>(FastLanesIndex(row, 0));
    }
    for (size_t b = 0; b < blocks && b < whole_blocks; ++b) {
        const U *__restrict block_deltas = deltas.data() + b * kFastLanesBlockLen;
        // Each lane is a running sum over its rows; lane L's rows are the consecutive values
        // starting at transpose(L). The lanes of a row are contiguous, so the sums run row by
        // row over all lanes at once (vectorized; one running sum per lane would be a serial
        // chain), and a second pass puts each lane's rows in value order.
        alignas(64) U acc[kLaneCount];
        std::copy_n(bases.data() + b * kLaneCount, kLaneCount, acc);
        for (size_t row = 0; row < kRows; ++row) {
            const U *__restrict row_deltas = block_deltas + row_start[row];
            U *__restrict row_sums = sums + row_start[row];
            for (size_t lane = 0; lane < kLaneCount; ++lane) {
                const U sum = static_cast<U>(acc[lane] + row_deltas[lane]);
                acc[lane] = sum;
                row_sums[lane] = sum;
            }
        }
        const size_t begin = b * kFastLanesBlockLen;
        const size_t count = std::min(kFastLanesBlockLen, stop - begin);
        U *__restrict target = count == kFastLanesBlockLen ? out + begin : block.data();
        for (size_t lane = 0; lane < kLaneCount; ++lane) {
            U *__restrict lane_out = target + FastLanesTranspose(lane);
            const U *__restrict lane_sums = sums + lane;
            for (size_t row = 0; row < kRows; ++row) {
                lane_out[row] = lane_sums[row_start[row]];
            }
        }
        if (target == block.data()) {
            std::copy_n(block.data(), count, out + begin);
        }
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
        BufferMut decoded = BufferMut::Uninitialized(stop * sizeof(U)); // every value is written
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
