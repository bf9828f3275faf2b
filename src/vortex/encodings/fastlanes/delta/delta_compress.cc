// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Encoding of fastlanes.delta, matching the reference writer (spec: arrays-encodings 6.3).

#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fill_forward_internal.h"

namespace vortex::fastlanes {

namespace {

// Stores the validity of the padded blocks bit-transposed: stored bit transpose(j) of a
// block = logical bit j; padding positions are null.
Validity TransposeValidity(const Validity &validity, size_t len, size_t padded_len) {
    if (validity.kind() != Validity::Kind::Array) {
        return validity;
    }
    BitBufferMut bits(padded_len);
    for (size_t i = 0; i < len; ++i) {
        if (validity.is_valid(i)) {
            const size_t block_start = i - i % kFastLanesBlockLen;
            bits.Set(block_start + FastLanesTranspose(i % kFastLanesBlockLen), true);
        }
    }
    return Validity::FromBits(std::move(bits).Freeze());
}

template <typename U>
Result<ArrayRef> EncodeTyped(const PrimitiveArray &array) {
    constexpr size_t kRows = 8 * sizeof(U);
    constexpr size_t kLaneCount = kLanes<U>;
    const size_t len = array.len();
    const size_t blocks = FastLanesBlockCount(len);
    const size_t padded_len = blocks * kFastLanesBlockLen;
    std::vector<U> values = internal::FillForwardNulls<U>(array);
    // The padding repeats the last value (the reference pads with zeros; readers never look
    // at it): deltas of zero keep the last block's bit width.
    values.resize(padded_len, len > 0 ? values[len - 1] : U{0});

    BufferMut bases = BufferMut::Zeroed(blocks * kLaneCount * sizeof(U));
    BufferMut deltas = BufferMut::Zeroed(padded_len * sizeof(U));
    U *bases_out = bases.data_as<U>();
    U *deltas_out = deltas.data_as<U>();
    for (size_t b = 0; b < blocks; ++b) {
        const U *block = values.data() + b * kFastLanesBlockLen;
        U *block_deltas = deltas_out + b * kFastLanesBlockLen;
        for (size_t lane = 0; lane < kLaneCount; ++lane) {
            // The lane's rows are the consecutive values from transpose(lane); its base is
            // the first of them, so its first delta is 0.
            const U *lane_values = block + FastLanesTranspose(lane);
            U previous = lane_values[0];
            bases_out[b * kLaneCount + lane] = previous;
            for (size_t row = 0; row < kRows; ++row) {
                block_deltas[FastLanesIndex(row, lane)] = static_cast<U>(lane_values[row] - previous);
                previous = lane_values[row];
            }
        }
    }
    const Nullability nullability = array.dtype().nullability();
    auto bases_array =
        PrimitiveArray::Make(array.ptype(), std::move(bases).Freeze(), Validity::From(nullability));
    auto deltas_array = PrimitiveArray::Make(array.ptype(), std::move(deltas).Freeze(),
                                             TransposeValidity(array.validity(), len, padded_len));
    VX_ASSIGN_OR_RETURN(auto delta,
                        DeltaArray::TryMake(std::move(bases_array), std::move(deltas_array), 0, len));
    return ArrayRef(std::move(delta));
}

} // namespace

Result<ArrayRef> DeltaEncode(const ArrayRef &canonical) {
    const auto *primitive = canonical ? As<PrimitiveArray>(*canonical) : nullptr;
    VX_ENSURE(primitive != nullptr && IsInt(primitive->ptype()), InvalidArgument,
              "delta encodes canonical integer arrays, got {}",
              canonical ? canonical->dtype().ToString() : std::string("null"));
    return VisitIntPType(primitive->ptype(),
                         [&]<typename T>() { return EncodeTyped<internal::UIntOf<T>>(*primitive); });
}

} // namespace vortex::fastlanes
