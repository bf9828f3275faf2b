// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Encoding of fastlanes.rle, matching the reference writer (spec: arrays-encodings 6.4).

#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fill_forward_internal.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"

namespace vortex::fastlanes {

namespace {

// The indices' validity: the input's, padded with nulls to whole blocks.
Validity PaddedValidity(const Validity &validity, size_t len, size_t padded_len) {
    if (validity.kind() != Validity::Kind::Array || len == padded_len) {
        return validity;
    }
    BitBufferMut bits(padded_len);
    for (size_t i = 0; i < len; ++i) {
        bits.Set(i, validity.is_valid(i));
    }
    return Validity::FromBits(std::move(bits).Freeze());
}

// Works on the raw bits (U), so floats form runs by bitwise equality as in the reference.
template <typename U>
Result<ArrayRef> EncodeTyped(const PrimitiveArray &array) {
    const size_t len = array.len();
    const size_t blocks = FastLanesBlockCount(len);
    const size_t padded_len = blocks * kFastLanesBlockLen;
    std::vector<U> input = internal::FillForwardNulls<U>(array);
    if (len > 0) {
        // Repeating the last value adds no run to the padded block.
        input.resize(padded_len, input.back());
    }

    BufferMut values;
    BufferMut indices = BufferMut::Zeroed(padded_len * sizeof(uint16_t));
    BufferMut offsets = BufferMut::Zeroed(blocks * sizeof(uint64_t));
    uint16_t *indices_out = indices.data_as<uint16_t>();
    uint64_t *offsets_out = offsets.data_as<uint64_t>();
    uint64_t value_count = 0;
    for (size_t c = 0; c < blocks; ++c) {
        const U *block = input.data() + c * kFastLanesBlockLen;
        offsets_out[c] = value_count;
        uint16_t run = 0;
        values.Push(block[0]);
        ++value_count;
        for (size_t j = 0; j < kFastLanesBlockLen; ++j) {
            if (j > 0 && block[j] != block[j - 1]) {
                ++run;
                values.Push(block[j]);
                ++value_count;
            }
            indices_out[c * kFastLanesBlockLen + j] = run;
        }
    }
    auto values_array =
        PrimitiveArray::Make(array.ptype(), std::move(values).Freeze(), Validity::NonNullable());
    auto indices_array = PrimitiveArray::Make(PType::U16, std::move(indices).Freeze(),
                                              PaddedValidity(array.validity(), len, padded_len));
    auto offsets_array =
        PrimitiveArray::Make(PType::U64, std::move(offsets).Freeze(), Validity::NonNullable());
    VX_ASSIGN_OR_RETURN(auto rle, RLEArray::TryMake(std::move(values_array), std::move(indices_array),
                                                    std::move(offsets_array), 0, len));
    return ArrayRef(std::move(rle));
}

} // namespace

Result<ArrayRef> RLEEncode(const ArrayRef &canonical) {
    const auto *primitive = canonical ? As<PrimitiveArray>(*canonical) : nullptr;
    VX_ENSURE(primitive != nullptr, InvalidArgument, "RLE encodes canonical primitive arrays, got {}",
              canonical ? canonical->dtype().ToString() : std::string("null"));
    return VisitPType(primitive->ptype(),
                      [&]<typename T>() { return EncodeTyped<internal::UIntOf<T>>(*primitive); });
}

} // namespace vortex::fastlanes
