// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/arrow/arrow_metadata.h"
#include "vortex/arrow/c_abi.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

// Import from the Arrow C Data Interface. Spec: Arrow C data interface ("Release callback
// semantics for consumers", "Moving an array").
//
// Supported formats: every format ExportSchema() produces, plus "u"/"z" (utf8/binary, i32
// offsets), "U"/"Z" (i64 offsets), "w:N" (fixed-size binary, as Binary), "d:P,S,32" and
// "d:P,S,64", "+l"/"+L" lists, "+vl"/"+vL" list views, "+m" maps (as a list of
// struct<key, value>) and dictionary-encoded arrays (as DictArray). Others (durations,
// intervals, unions, run-end encoded) are NotImplemented; malformed input is
// InvalidArgument. "ARROW:extension:name" metadata: arrow.uuid over "w:16" becomes
// vortex.uuid, a vortex.* name becomes that Extension dtype (validated), other names are
// dropped and the storage imported (as the reference does).
//
// Ownership: an imported ArrowArray is moved into a shared owner (the source struct is
// marked released); every imported Buffer wraps the foreign memory and holds that owner, so
// the producer's release callback runs exactly once, when the last Buffer is gone (or
// before returning, when nothing was kept or the import failed). Layouts that differ from
// ours are converted by copying only the part that differs: views are built for offset
// strings (the character data is shared), sizes for offset lists (the elements are shared).
// Buffers are trusted to be as long as the Arrow layout says (the C interface carries no
// sizes); every offset, view and index inside them is checked.

/// A parsed, self-owned copy of one ArrowSchema node with the DType it imports as.
struct ImportedSchema {
    /// How the node's buffers are laid out, derived from its format string.
    enum class Layout : uint8_t {
        Null,
        Bool,
        Primitive,
        Decimal,
        Binary32,
        Binary64,
        BinaryView,
        FixedSizeBinary,
        List32,
        List64,
        ListView32,
        ListView64,
        FixedSizeList,
        Struct,
    };

    std::string format;
    std::string name;
    int64_t flags = 0;
    std::vector<ArrowMetadataEntry> metadata;
    std::vector<ImportedSchema> children;
    /// The value schema of a dictionary-encoded node (then the node itself is the index).
    std::shared_ptr<const ImportedSchema> dictionary;

    Layout layout = Layout::Null;
    /// The dtype of the buffers as laid out (no extension; the index type when dictionary-
    /// encoded).
    DType physical;
    /// The logical dtype the node imports as.
    DType dtype;
    /// The N of "w:N" and "+w:N".
    uint32_t fixed_size = 0;
};

/// Parses `schema` into an ImportedSchema. Consumes `schema`: it is released, even on error.
Result<ImportedSchema> ParseArrowSchema(ArrowSchema *schema);

/// Imports an Arrow schema as a DType. Consumes `schema`: it is released, even on error.
Result<DType> ImportSchema(ArrowSchema *schema);

/// Imports an array described by `schema`. Consumes `array` (see the ownership note above),
/// even on error.
Result<ArrayRef> ImportArray(ArrowArray *array, const ImportedSchema &schema);

/// Imports an array laid out as ExportSchema(dtype) describes it (e.g. Utf8 as "vu", List as
/// "+L"). Consumes `array`, even on error.
Result<ArrayRef> ImportArray(ArrowArray *array, const DType &dtype);

/// Imports an array and its schema; consumes both, even on error.
Result<ArrayRef> ImportArray(ArrowArray *array, ArrowSchema *schema);

} // namespace vortex
