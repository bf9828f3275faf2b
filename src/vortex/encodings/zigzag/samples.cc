// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zigzag/samples.h"

#include "vortex/encodings/zigzag/zigzag_array.h"

namespace vortex::zigzag {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (dtype.is_primitive() && IsSignedInt(dtype.ptype())) {
        testing::AddIfEncoded(out, ZigZagEncode(canonical), "zigzag");
    }
}

} // namespace vortex::zigzag
