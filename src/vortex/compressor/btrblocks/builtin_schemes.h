// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The BtrBlocks schemes of this tree, per leaf kind in tie-break order (cheaper decoders
// first), and the transforms for decimals and timestamps. Static objects: they live as long as
// the program.
#include <span>

#include "vortex/compressor/scheme.h"

namespace vortex::compressor::btrblocks {

std::span<const Scheme *const> IntegerSchemes();
std::span<const Scheme *const> FloatSchemes();
std::span<const Scheme *const> StringSchemes();
std::span<const Scheme *const> BinarySchemes();
/// Decimals of up to 64 bits as their most significant part (decimal byte parts).
const TransformScheme &DecimalPartsScheme();
/// Timestamps as days, seconds and subseconds (datetime parts).
const TransformScheme &DateTimePartsScheme();

} // namespace vortex::compressor::btrblocks
