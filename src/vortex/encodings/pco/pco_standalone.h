// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// pco's standalone format (a magic header, the wrapped header, then chunks that each carry
// their number type, count, metadata and one page): what the pco crate's own files and test
// assets use. Vortex stores the wrapped components separately (see pco_encoding.h); this
// reader exists so the decoder can be checked against files the pco crate wrote.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/encodings/pco/pco_format.h"

namespace vortex::pco {

struct StandaloneNumbers {
    /// The chunks' number type (nullopt for a file without chunks and without a uniform type).
    std::optional<NumberType> number_type;
    /// The numbers' bits, native layout, back to back.
    std::vector<uint8_t> bytes;
    size_t count = 0;
};

/// Decodes a whole standalone file; every chunk must have the same number type.
Result<StandaloneNumbers> DecodeStandalone(std::span<const uint8_t> file);

} // namespace vortex::pco
