// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/decimal_byte_parts/samples.h"

#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"

namespace vortex::decimal_byte_parts {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    if (canonical->dtype().is_decimal()) {
        testing::AddIfEncoded(out, DecimalBytePartsEncode(canonical), "decimal_byte_parts");
    }
}

} // namespace vortex::decimal_byte_parts
