// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <span>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex {

/// Parses UUIDs in their text form (32 hex digits, dashes anywhere, as DuckDB and Arrow's
/// string exports write them) into a vortex.uuid array of the 16 bytes in text order. Nulls
/// stay null; text that is not a UUID is an InvalidArgument error.
Result<ArrayRef> UuidFromText(const ArrayRef &text);

/// The reverse: a vortex.uuid array as utf8 in the canonical 8-4-4-4-12 lowercase form.
Result<ArrayRef> UuidToText(const ArrayRef &uuid);

/// `dtype` (a struct) with the listed fields made vortex.uuid (of the same nullability).
DType WithUuidFields(const DType &dtype, std::span<const size_t> fields);

/// Converts the listed fields of a struct batch with UuidFromText; the result has dtype
/// WithUuidFields(batch dtype, fields). No fields: the batch as it is.
Result<ArrayRef> UuidFieldsFromText(const ArrayRef &batch, std::span<const size_t> fields);

} // namespace vortex
