// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/array.h"
#include "vortex/array/validity.h"
#include "vortex/base/result.h"

namespace vortex {

class SessionBuilder;

// The canonical encoding of each dtype kind (what Array::ToCanonical() returns):
//   Null -> NullArray            Bool -> BoolArray           Primitive -> PrimitiveArray
//   Decimal -> DecimalArray      Utf8/Binary -> VarBinViewArray
//   Struct -> StructArray        List -> ListViewArray (as the reference; ListArray is not
//   canonical)                   FixedSizeList -> FixedSizeListArray
//   Extension -> ExtensionArray over canonical storage.
// Canonical arrays' direct children (struct fields, list elements) need not be canonical.

/// Returns the canonical form of `array` (the array itself when already canonical), and
/// checks that the encoding kept the dtype and length.
Result<ArrayRef> Canonicalize(const ArrayRef &array);

/// Returns canonical `array` with its validity replaced by `validity` (whose nullability sets
/// the result's); for Null arrays only AllInvalid is allowed. Extension arrays apply it to
/// their storage.
Result<ArrayRef> WithValidity(const ArrayRef &canonical, const Validity &validity);

/// Returns an empty canonical array of `dtype`.
ArrayRef EmptyArray(const DType &dtype);

/// Registers every encoding of this module: vortex.null, vortex.bool, vortex.primitive,
/// vortex.decimal, vortex.varbinview, vortex.struct, vortex.list, vortex.listview,
/// vortex.fixed_size_list, vortex.ext, vortex.chunked, vortex.constant, vortex.dict,
/// vortex.masked.
Status RegisterCanonicalEncodings(SessionBuilder &builder);

} // namespace vortex
