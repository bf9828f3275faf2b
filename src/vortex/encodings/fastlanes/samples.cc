// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fastlanes/samples.h"

#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/for/for_array.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"

namespace vortex::fastlanes {

void AddEncodedSamples(const ArrayRef &canonical, uint64_t /*seed*/, testing::EncodedSamples &out) {
    const DType &dtype = canonical->dtype();
    if (!dtype.is_primitive()) {
        return;
    }
    testing::AddIfEncoded(out, RLEEncode(canonical), "rle");
    if (!IsInt(dtype.ptype())) {
        return;
    }
    auto width = BestBitWidth(canonical);
    if (width.ok()) {
        testing::AddIfEncoded(out, BitPackEncode(canonical, *width), "bitpacked");
        if (*width > 0) {
            testing::AddIfEncoded(out, BitPackEncode(canonical, static_cast<uint8_t>(*width - 1)),
                                  "bitpacked-patched");
        }
    }
    testing::AddIfEncoded(out, FoREncode(canonical), "for");
    testing::AddIfEncoded(out, DeltaEncode(canonical), "delta");
}

} // namespace vortex::fastlanes
