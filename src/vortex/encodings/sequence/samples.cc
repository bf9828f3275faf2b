// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/sequence/samples.h"

#include <algorithm>
#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/sequence/sequence_array.h"

namespace vortex::sequence {
namespace {

// An arithmetic sequence of `ptype`, short enough to fit every width.
ArrayRef SequenceInput(PType ptype, size_t len, uint64_t seed) {
    return VisitIntPType(ptype, [&]<typename T>() -> ArrayRef {
        std::vector<T> values(std::min<size_t>(len, 100));
        for (size_t i = 0; i < values.size(); ++i) {
            values[i] = static_cast<T>(static_cast<T>(seed % 7) + static_cast<T>(i));
        }
        return PrimitiveArray::FromValues(values);
    });
}

} // namespace

void AddEncodedSamples(const ArrayRef &canonical, uint64_t seed, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (!dtype.is_primitive() || !IsInt(dtype.ptype())) {
        return;
    }
    auto sequence = SequenceEncode(SequenceInput(dtype.ptype(), canonical->len(), seed));
    if (sequence.ok() && sequence->has_value()) {
        out.emplace_back(**sequence, "sequence");
    }
}

} // namespace vortex::sequence
