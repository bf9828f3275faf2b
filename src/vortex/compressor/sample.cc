// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/compressor/sample.h"

#include <cstdint>

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/slice.h"

namespace vortex::compressor {
namespace {

// splitmix64: a tiny, well-mixed generator whose sequence is fixed by the seed, so samples
// are the same on every platform and run.
uint64_t NextRandom(uint64_t &state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr uint64_t kSeed = 1234567890;

} // namespace

std::vector<std::pair<size_t, size_t>> SampleRuns(size_t len) {
    size_t runs = (len / 100) / kSampleRunLength;
    runs = std::max(kMinSampleRuns, (runs + 15) / 16 * 16);
    if (runs * kSampleRunLength * 2 >= len) {
        return {{0, len}};
    }
    std::vector<std::pair<size_t, size_t>> out;
    out.reserve(runs);
    uint64_t state = kSeed;
    for (size_t r = 0; r < runs; ++r) {
        const size_t part_begin = len * r / runs;
        const size_t part_end = len * (r + 1) / runs;
        const size_t room = part_end - part_begin - kSampleRunLength;
        const size_t start = part_begin + static_cast<size_t>(NextRandom(state) % (room + 1));
        out.emplace_back(start, start + kSampleRunLength);
    }
    return out;
}

Result<ArrayRef> Sample(const ArrayRef &canonical) {
    const auto runs = SampleRuns(canonical->len());
    if (runs.size() == 1) {
        return canonical;
    }
    // Copying builders: a sample that referenced the input's string buffers would count all of
    // their bytes, not the sample's.
    BuilderOptions options;
    options.share_buffers = false;
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(canonical->dtype(), options));
    for (const auto &[begin, end] : runs) {
        VX_ASSIGN_OR_RETURN(auto part, Slice(canonical, begin, end));
        VX_RETURN_NOT_OK(builder->AppendArray(part));
    }
    return builder->Finish();
}

} // namespace vortex::compressor
