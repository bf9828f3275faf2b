// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/session/session.h"

namespace vortex::testing {

/// Adds an encoding family's encodings to a session (a family's Register*Encodings).
using RegisterEncodingsFn = Status (*)(SessionBuilder &builder);

/// Writes `array` as one serialized segment and reads it back, as a file's flat layout does:
/// the session holds the canonical encodings plus those `register_fn` adds, the encoding
/// dictionary goes through its id strings, and the segment is copied to a fresh buffer.
Result<ArrayRef> SerdeRoundTrip(const ArrayRef &array, RegisterEncodingsFn register_fn);

} // namespace vortex::testing
