// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zstd/samples.h"

#include "vortex/encodings/zstd/zstd_array.h"

namespace vortex::zstd {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (!dtype.is_primitive() && !dtype.is_utf8() && !dtype.is_binary()) {
        return;
    }
    auto compressed = ZstdCompress(canonical, ZstdOptions{.values_per_frame = 512});
    if (compressed.ok()) {
        out.emplace_back(ArrayRef(*std::move(compressed)), "zstd");
    }
}

} // namespace vortex::zstd
