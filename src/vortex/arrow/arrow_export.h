// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string_view>

#include "vortex/array/array.h"
#include "vortex/arrow/c_abi.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

// Export to the Arrow C Data Interface. Spec: Arrow C data interface ("ArrowSchema",
// "ArrowArray", "Release callback semantics for producers").
//
// Type mapping (the layout ExportArray() produces is always the one ExportSchema() of the
// array's dtype describes):
//   Null "n" (no buffers)        Bool "b"                     U8..I64 "C S I L c s i l"
//   F16/F32/F64 "e f g"          Utf8 "vu", Binary "vz" (string/binary view)
//   Decimal "d:P,S" when precision <= 38, else "d:P,S,256"
//   Struct "+s"                  List "+L" (large list, i64 offsets: never truncates)
//   FixedSizeList "+w:N"         vortex.date "tdD"/"tdm", vortex.time "tts ttm ttu ttn",
//   vortex.timestamp "tss:TZ tsm:TZ tsu:TZ tsn:TZ" (TZ empty when the type has no zone)
//   vortex.uuid "w:16" with ARROW:extension:name = arrow.uuid (Arrow's canonical UUID)
//   other extensions: their storage, with ARROW:extension:name = id and
//   ARROW:extension:metadata = the metadata bytes in the schema's metadata.
// Nullable dtypes set ARROW_FLAG_NULLABLE (the Null dtype always does).
//
// Ownership: the exported structs own references to our Buffers (zero-copy), so they stay
// valid after every ArrayRef is dropped, until the consumer calls `release`. Copies happen
// only where the layouts differ: decimals whose storage width is not the Arrow width, list
// offsets (rebuilt as i64; the elements are copied only when the list views are not laid
// out contiguously), validity bitmaps whose bit offset cannot be expressed (the Arrow offset
// is shared by all buffers), the variadic buffer-sizes buffer of views, and non-canonical
// arrays, which are canonicalized first.

/// Exports `dtype` as an Arrow schema named `name`. On error `out` is left untouched.
Status ExportSchema(const DType &dtype, ArrowSchema *out, std::string_view name = "");

/// Exports `array` (canonicalized first) as an Arrow array. On error `out` is left untouched.
Status ExportArray(const ArrayRef &array, ArrowArray *out);

/// Exports an array together with its schema. When `array` is a DictArray whose codes are a
/// non-nullable integer array, it is exported as an Arrow dictionary-encoded array (codes as
/// the indices, the values as `dictionary`) instead of being canonicalized. On error neither
/// output is touched.
Status ExportArrayWithSchema(const ArrayRef &array,
                             ArrowArray *out_array,
                             ArrowSchema *out_schema,
                             std::string_view name = "");

} // namespace vortex
