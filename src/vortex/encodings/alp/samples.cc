// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/alp/samples.h"

#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"

namespace vortex::alp {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (dtype.is_primitive() && (dtype.ptype() == PType::F32 || dtype.ptype() == PType::F64)) {
        testing::AddIfEncoded(out, ALPEncode(canonical), "alp");
        testing::AddIfEncoded(out, ALPRDEncode(canonical), "alprd");
    }
}

} // namespace vortex::alp
