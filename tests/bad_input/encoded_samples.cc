// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "encoded_samples.h"

#include <optional>

#include "vortex/array/arrays/varbin/varbin_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/encodings/encoding_family_samples.h"

namespace vortex::bad_input {

std::vector<std::pair<ArrayRef, std::string>> EncodedForms(const ArrayRef &canonical, uint64_t seed) {
    testing::EncodedSamples out;
    // The families' encoders (each family's samples.cc, gathered by vortex_add_encoding).
    testing::AddEncodingFamilySamples(canonical, seed, out);
    // vortex.varbin belongs to the array layer, which no form of RandomArray produces.
    if (const auto *views = As<VarBinViewArray>(*canonical)) {
        std::vector<std::optional<std::string>> values;
        values.reserve(views->len());
        for (size_t i = 0; i < views->len(); ++i) {
            values.push_back(views->is_valid(i) ? std::optional<std::string>(views->bytes_at(i))
                                                : std::nullopt);
        }
        out.emplace_back(VarBinArray::FromStrings(values, canonical->dtype()), "varbin");
    }
    return out;
}

} // namespace vortex::bad_input
