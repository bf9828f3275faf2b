// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/datetime_parts/samples.h"

#include "vortex/dtype/extension.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"

namespace vortex::datetime_parts {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (dtype.is_extension() && dtype.extension().id == kTimestampId) {
        testing::AddIfEncoded(out, DateTimePartsEncode(canonical), "datetimeparts");
    }
}

} // namespace vortex::datetime_parts
