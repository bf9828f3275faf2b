// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Decoding of fastlanes.rle. Spec: arrays-encodings 6.4.

#include <algorithm>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/encodings/fastlanes/fill_forward_internal.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex::fastlanes {

namespace {

Result<std::shared_ptr<const PrimitiveArray>> CanonicalPrimitive(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    auto primitive = As<PrimitiveArray>(canonical);
    VX_ENSURE(primitive != nullptr, Internal, "RLE child did not canonicalize to a primitive array");
    return primitive;
}

// Decodes one block of 1024 positions from its values [0, count) (count >= 2).
template <typename V, typename I>
Status DecodeBlock(const V *block_values,
                   size_t count,
                   const I *block_indices,
                   const PrimitiveArray &indices,
                   size_t block_begin,
                   V *out) {
    for (size_t j = 0; j < kFastLanesBlockLen; ++j) {
        size_t index = block_indices[j];
        if (index >= count) [[unlikely]] {
            // Null positions may hold garbage once the indices are compressed further.
            VX_ENSURE(!indices.is_valid(block_begin + j), Serde,
                      "fastlanes.rle: index {} at {} exceeds the block's {} values", index, block_begin + j,
                      count);
            index = count - 1;
        }
        out[j] = block_values[index];
    }
    return Status::OK();
}

} // namespace

Result<ArrayRef> RLEArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(auto values_array, CanonicalPrimitive(values()));
    VX_ASSIGN_OR_RETURN(auto indices_array, CanonicalPrimitive(indices()));
    const PType ptype = dtype().ptype();
    const size_t blocks = FastLanesBlockCount(offset_ + len());
    VX_ASSIGN_OR_RETURN(
        Buffer decoded, VisitPType(ptype, [&]<typename T>() -> Result<Buffer> {
            using V = internal::UIntOf<T>;
            const auto value_span = values_array->values().span<V>();
            BufferMut out = BufferMut::Zeroed(blocks * kFastLanesBlockLen * sizeof(V));
            V *out_values = out.data_as<V>();
            for (size_t c = 0; c < blocks; ++c) {
                const size_t start = BlockStart(c);
                const size_t count = BlockEnd(c) - start;
                V *block_out = out_values + c * kFastLanesBlockLen;
                if (count == 1) {
                    std::fill_n(block_out, kFastLanesBlockLen, value_span[start]);
                    continue;
                }
                const size_t begin = c * kFastLanesBlockLen;
                Status status =
                    indices_array->ptype() == PType::U8
                        ? DecodeBlock<V, uint8_t>(value_span.data() + start, count,
                                                  indices_array->values().data_as<uint8_t>() + begin,
                                                  *indices_array, begin, block_out)
                        : DecodeBlock<V, uint16_t>(value_span.data() + start, count,
                                                   indices_array->values().data_as<uint16_t>() + begin,
                                                   *indices_array, begin, block_out);
                VX_RETURN_NOT_OK(status);
            }
            return std::move(out).Freeze().Slice(offset_ * sizeof(V), len() * sizeof(V));
        }));
    const Validity validity =
        dtype().is_nullable() ? Validity::FromMask(validity_mask()) : Validity::NonNullable();
    return ArrayRef(PrimitiveArray::Make(ptype, std::move(decoded), validity));
}

// One index lookup and one value lookup.
std::optional<Result<Scalar>> RLEArray::ScalarAtImpl(size_t i) const {
    const size_t position = offset_ + i;
    if (!indices()->is_valid(position)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    auto lookup = [&]() -> Result<Scalar> {
        const size_t block = position / kFastLanesBlockLen;
        const size_t start = BlockStart(block);
        const size_t count = BlockEnd(block) - start;
        size_t index = 0;
        if (count > 1) {
            VX_ASSIGN_OR_RETURN(Scalar index_scalar, ScalarAt(indices(), position));
            index = indices()->dtype().ptype() == PType::U8 ? index_scalar.as<uint8_t>()
                                                            : index_scalar.as<uint16_t>();
            VX_ENSURE(index < count, Serde, "fastlanes.rle: index {} at {} exceeds the block's {} values",
                      index, position, count);
        }
        return ScalarAtAs(values(), start + index, dtype());
    };
    return lookup();
}

} // namespace vortex::fastlanes
