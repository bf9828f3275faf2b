// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/patched/samples.h"

#include <string>
#include <utility>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/patched/patched_encoding.h"
#include "vortex/encodings/patched/patched_metadata.pb.h"

namespace vortex::patched {
namespace {

// A vortex.patched node over `inner` (primitive): a patch on every fifth row, and with an
// offset one before the array's first row too (Build() must ignore it).
testing::NodeParts PatchedParts(const ArrayRef &inner, uint32_t offset) {
    constexpr uint32_t kLanes = 16;
    const uint64_t n_chunks = (offset + inner->len() + 1023) / 1024;
    std::vector<std::vector<std::pair<uint16_t, uint64_t>>> slots(n_chunks * kLanes);
    // Patch values are never null (the reference builds them from valid values only).
    std::vector<uint64_t> valid_rows;
    for (size_t i = 0; i < inner->len(); ++i) {
        if (inner->is_valid(i)) {
            valid_rows.push_back(i);
        }
    }
    for (uint64_t r = offset == 0 ? 0 : offset - 1; !valid_rows.empty() && r < offset + inner->len();
         r += 5) {
        const uint64_t source = valid_rows[(r * 7) % valid_rows.size()];
        slots[(r / 1024) * kLanes + r % kLanes].emplace_back(static_cast<uint16_t>(r % 1024), source);
    }
    std::vector<uint32_t> lane_offsets = {0};
    std::vector<uint16_t> indices;
    std::vector<uint64_t> sources;
    for (const auto &slot : slots) {
        for (const auto &[index, source] : slot) {
            indices.push_back(index);
            sources.push_back(source);
        }
        lane_offsets.push_back(static_cast<uint32_t>(indices.size()));
    }
    vortex::encodings::PatchedMetadata proto;
    proto.set_n_patches(static_cast<uint32_t>(indices.size()));
    proto.set_n_lanes(kLanes);
    proto.set_offset(offset);
    const std::string metadata = proto.SerializeAsString();
    ArrayRef values = Take(inner, PrimitiveArray::FromValues(sources)).ValueOrDie();
    return testing::NodeParts{.dtype = inner->dtype(),
                              .len = inner->len(),
                              .metadata = std::vector<uint8_t>(metadata.begin(), metadata.end()),
                              .children = {inner, PrimitiveArray::FromValues(lane_offsets),
                                           PrimitiveArray::FromValues(indices), std::move(values)}};
}

} // namespace

void AddNodeSamples(const testing::SamplesOfId &samples_of, std::vector<testing::NodeSample> &out) {
    uint32_t offset = 0;
    for (const auto &[array, label] : samples_of("vortex.primitive")) {
        if (!array->empty()) {
            out.push_back(
                {std::string(PatchedEncoding::kId), PatchedParts(array, offset), label + ".patched"});
            offset = offset == 0 ? 3 : 0;
        }
    }
}

} // namespace vortex::patched
