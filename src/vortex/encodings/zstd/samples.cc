// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zstd/samples.h"

#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/encodings/zstd/zstd_buffers.h"

namespace vortex::zstd {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (!dtype.is_primitive() && !dtype.is_utf8() && !dtype.is_binary()) {
        return;
    }
    testing::AddIfEncoded(out, ZstdCompress(canonical, ZstdOptions{.values_per_frame = 512}), "zstd");
}

void AddNodeSamples(const testing::SamplesOfId &samples_of, std::vector<testing::NodeSample> &out) {
    for (const std::string_view inner_id :
         {"vortex.primitive", "vortex.varbinview", "vortex.dict", "fastlanes.bitpacked", "vortex.struct"}) {
        const testing::EncodedSamples inners = samples_of(inner_id);
        for (size_t i = 0; i < inners.size() && i < 3; ++i) {
            ZstdBuffersParts compressed = CompressBuffersOf(inners[i].first, 3).ValueOrDie();
            out.push_back({std::string(ZstdBuffersEncoding::kId),
                           testing::NodeParts{.dtype = inners[i].first->dtype(),
                                              .len = inners[i].first->len(),
                                              .metadata = std::move(compressed.metadata),
                                              .buffers = std::move(compressed.buffers),
                                              .children = std::move(compressed.children)},
                           inners[i].second + ".zstd_buffers"});
        }
    }
}

} // namespace vortex::zstd
