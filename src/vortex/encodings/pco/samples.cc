// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/samples.h"

#include "vortex/encodings/pco/pco_array.h"
#include "vortex/encodings/pco/pco_encoding.h"

namespace vortex::pco {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (!dtype.is_primitive() || !NumberTypeOf(dtype.ptype()).has_value()) {
        return;
    }
    testing::AddIfEncoded(out, PcoCompress(canonical, EncodeOptions{.values_per_page = 300}), "pco");
}

} // namespace vortex::pco
