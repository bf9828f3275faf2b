// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/testing/encoded_samples.h"

namespace vortex::testing {

void AddIfEncoded(EncodedSamples &out, Result<ArrayRef> encoded, std::string label) {
    if (encoded.ok()) {
        out.emplace_back(*std::move(encoded), std::move(label));
    }
}

} // namespace vortex::testing
