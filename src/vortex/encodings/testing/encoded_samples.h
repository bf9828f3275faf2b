// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex::testing {

/// Valid encoded arrays, each labelled with the encoder that made it: what an encoding family
/// supplies for the bad-input harness (tests/bad_input) and the fuzz seeds to corrupt.
using EncodedSamples = std::vector<std::pair<ArrayRef, std::string>>;

/// A family's sample maker (declared in its samples.h, named by vortex_add_encoding's SAMPLES):
/// appends `canonical` encoded by each of the family's encoders that accept its dtype. `seed`
/// varies per input, for encoders that need inputs of their own.
using AddEncodedSamplesFn = void (*)(const ArrayRef &canonical, uint64_t seed, EncodedSamples &out);

/// Appends `encoded` under `label` when the encoder accepted its input; encoders refuse dtypes
/// and shapes they do not handle, which is not a failure here. `T` is `Array` or the concrete
/// array an encoder returns (FsstCompress, ZstdCompress, PcoCompress).
template <typename T>
void AddIfEncoded(EncodedSamples &out, Result<std::shared_ptr<const T>> encoded, std::string label) {
    if (encoded.ok()) {
        out.emplace_back(ArrayRef(*std::move(encoded)), std::move(label));
    }
}

/// The stored parts of one array node, as Encoding::Build() receives them.
struct NodeParts {
    DType dtype{};
    size_t len = 0;
    std::vector<uint8_t> metadata{};
    std::vector<Buffer> buffers{};
    std::vector<ArrayRef> children{};
};

/// A valid node of an encoding that decodes on load (vortex.patched, vortex.zstd_buffers): it has
/// no in-memory array to encode into, so its samples are stored parts, which the harness builds.
struct NodeSample {
    std::string id;
    NodeParts parts;
    std::string label;
};

/// The valid samples the harness holds for an encoding id.
using SamplesOfId = std::function<EncodedSamples(std::string_view id)>;

/// A family's maker of such nodes (named by vortex_add_encoding's NODE_SAMPLES, declared in its
/// samples.h), made over the samples of other encodings.
using AddNodeSamplesFn = void (*)(const SamplesOfId &samples_of, std::vector<NodeSample> &out);

} // namespace vortex::testing
