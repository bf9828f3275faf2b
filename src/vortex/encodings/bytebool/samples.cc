// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/bytebool/samples.h"

#include "vortex/encodings/bytebool/bytebool_array.h"

namespace vortex::bytebool {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    if (canonical->dtype().is_bool()) {
        testing::AddIfEncoded(out, ByteBoolEncode(canonical), "bytebool");
    }
}

} // namespace vortex::bytebool
