// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/runend/samples.h"

#include "vortex/encodings/runend/runend_array.h"

namespace vortex::runend {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    if (canonical->dtype().is_primitive() || canonical->dtype().is_bool()) {
        testing::AddIfEncoded(out, RunEndEncode(canonical), "runend");
    }
}

} // namespace vortex::runend
