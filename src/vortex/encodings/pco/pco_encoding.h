// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/encoding_base.h"
#include "vortex/encodings/pco/pco_format.h"

namespace vortex::pco {

/// The pco number type of a ptype, as the reference's number_type_from_ptype maps them; 8-bit
/// integers, bools and others have none in vortex.pco.
std::optional<NumberType> NumberTypeOf(PType ptype);

/// `vortex.pco`: metadata PcoMetadata{1: header bytes, 2: chunks [PcoChunkInfo{1: pages
/// [PcoPageInfo{1: n_values}]}]}; buffers [one chunk meta per chunk, then every page of every
/// chunk]; children [validity?]. Spec: arrays-encodings 7.12.
///
/// The chunk metas and pages are in pco's wrapped format (pco_format.h, pco_decoder.h); the
/// pages hold only the valid values. Build() checks the node's structure like the reference's
/// deserialize and builds a PcoArray (pco_array.h). See docs/compatibility.md.
class PcoEncoding final : public EncodingBase<PcoEncoding> {
public:
    static constexpr std::string_view kId = "vortex.pco";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

} // namespace vortex::pco
