// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/sparse/samples.h"

#include "vortex/array/compute/scalar_at.h"
#include "vortex/encodings/sparse/sparse_array.h"

namespace vortex::sparse {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    if (canonical->dtype().is_null() || canonical->len() == 0) {
        return;
    }
    auto fill = ScalarAt(canonical, 0);
    if (fill.ok()) {
        testing::AddIfEncoded(out, SparseEncode(canonical, *fill), "sparse");
    }
}

} // namespace vortex::sparse
