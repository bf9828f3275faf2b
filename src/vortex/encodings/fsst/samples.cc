// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fsst/samples.h"

#include "vortex/encodings/fsst/fsst_array.h"

namespace vortex::fsst {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    if (!canonical->dtype().is_utf8() && !canonical->dtype().is_binary()) {
        return;
    }
    testing::AddIfEncoded(out, FsstCompress(canonical), "fsst");
}

} // namespace vortex::fsst
