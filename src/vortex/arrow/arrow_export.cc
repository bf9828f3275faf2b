// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/arrow/arrow_export.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/take.h"
#include "vortex/arrow/arrow_metadata.h"
#include "vortex/base/bits.h"
#include "vortex/base/checked_cast.h"
#include "vortex/dtype/extension.h"

namespace vortex {

namespace {

// Arrow's decimal128 holds at most 38 digits; wider precisions need decimal256.
constexpr uint8_t kMaxDecimal128Precision = 38;

// Empty buffers point here: the spec allows null for zero-sized buffers, but non-null is
// always allowed and some consumers dereference without checking.
alignas(64) constexpr uint8_t kEmptyBytes[64] = {};

// ---------------------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------------------

// The private_data of an exported ArrowSchema: owns every string and child it points to.
struct ExportedSchema {
    std::string format;
    std::string name;
    std::string metadata;
    std::vector<ArrowSchema> children;
    std::vector<ArrowSchema *> child_pointers;
    ArrowSchema dictionary{};

    ExportedSchema() = default;
    ExportedSchema(const ExportedSchema &) = delete;
    ExportedSchema &operator=(const ExportedSchema &) = delete;
    // Spec: "release callback semantics": the consumer may have moved a child out (its
    // release is then null), so only live children are released.
    ~ExportedSchema() {
        for (ArrowSchema &child : children) {
            if (child.release != nullptr) {
                child.release(&child);
            }
        }
        if (dictionary.release != nullptr) {
            dictionary.release(&dictionary);
        }
    }
};

void ReleaseExportedSchema(ArrowSchema *schema) {
    if (schema == nullptr || schema->release == nullptr) {
        return;
    }
    std::unique_ptr<ExportedSchema> data(static_cast<ExportedSchema *>(schema->private_data));
    schema->release = nullptr;
    schema->private_data = nullptr;
}

std::string_view PrimitiveFormat(PType ptype) {
    switch (ptype) {
        case PType::U8:
            return "C";
        case PType::U16:
            return "S";
        case PType::U32:
            return "I";
        case PType::U64:
            return "L";
        case PType::I8:
            return "c";
        case PType::I16:
            return "s";
        case PType::I32:
            return "i";
        case PType::I64:
            return "l";
        case PType::F16:
            return "e";
        case PType::F32:
            return "f";
        case PType::F64:
            return "g";
    }
    return "";
}

// One letter per unit in Arrow's time and timestamp formats ("tts", "tsn:").
char TimeUnitLetter(TimeUnit unit) {
    switch (unit) {
        case TimeUnit::Seconds:
            return 's';
        case TimeUnit::Milliseconds:
            return 'm';
        case TimeUnit::Microseconds:
            return 'u';
        case TimeUnit::Nanoseconds:
            return 'n';
        case TimeUnit::Days:
            break;
    }
    return '?';
}

// Returns Arrow's native format for a valid temporal extension, or nullopt.
std::optional<std::string> TemporalFormat(const ExtDType &ext) {
    auto parsed = ParseTemporalMetadata(ext);
    if (!parsed.ok()) {
        return std::nullopt;
    }
    const TemporalMetadata &temporal = *parsed;
    switch (temporal.kind) {
        case TemporalMetadata::Kind::Date:
            // Spec: "tdD" date32 [days], "tdm" date64 [milliseconds].
            if (temporal.unit == TimeUnit::Days) {
                return std::string("tdD");
            }
            if (temporal.unit == TimeUnit::Milliseconds) {
                return std::string("tdm");
            }
            return std::nullopt;
        case TemporalMetadata::Kind::Time:
            return std::string("tt") + TimeUnitLetter(temporal.unit);
        case TemporalMetadata::Kind::Timestamp:
            // Spec: "tsu:timezone", the zone empty when there is none.
            return std::string("ts") + TimeUnitLetter(temporal.unit) + ":" + temporal.time_zone.value_or("");
    }
    return std::nullopt;
}

Status FillSchema(const DType &dtype,
                  std::string_view name,
                  ArrowSchema *out,
                  std::vector<ArrowMetadataEntry> metadata) {
    if (IsUuid(dtype)) {
        // Arrow's canonical UUID: 16-byte fixed-size binary, named, without metadata.
        VX_ENSURE(metadata.empty(), NotImplemented, "cannot export vortex.uuid nested in another extension");
        metadata.emplace_back(std::string(kArrowExtensionName), std::string(kArrowUuidName));
    } else if (dtype.is_extension()) {
        const ExtDType &ext = dtype.extension();
        if (!IsTemporal(dtype) || !TemporalFormat(ext).has_value()) {
            // Spec: Arrow columnar format, "Extension Types": the storage type carries the
            // extension's name and serialized metadata.
            VX_ENSURE(metadata.empty(), NotImplemented,
                      "cannot export extension {} nested in another extension", ext.id);
            metadata.emplace_back(std::string(kArrowExtensionName), ext.id);
            metadata.emplace_back(std::string(kArrowExtensionMetadata),
                                  std::string(ext.metadata.begin(), ext.metadata.end()));
            return FillSchema(ext.storage, name, out, std::move(metadata));
        }
    }

    auto data = std::make_unique<ExportedSchema>();
    data->name = std::string(name);
    std::vector<std::pair<const DType *, std::string>> children;
    int64_t flags = dtype.is_nullable() ? ARROW_FLAG_NULLABLE : 0;
    switch (dtype.kind()) {
        case DTypeKind::Null:
            data->format = "n";
            flags = ARROW_FLAG_NULLABLE;
            break;
        case DTypeKind::Bool:
            data->format = "b";
            break;
        case DTypeKind::Primitive:
            data->format = PrimitiveFormat(dtype.ptype());
            break;
        case DTypeKind::Decimal: {
            // Spec: "d:P,S" is decimal128, "d:P,S,256" decimal256.
            const DecimalDType decimal = dtype.decimal();
            data->format = decimal.precision <= kMaxDecimal128Precision
                               ? format("d:{},{}", decimal.precision, decimal.scale)
                               : format("d:{},{},256", decimal.precision, decimal.scale);
            break;
        }
        case DTypeKind::Utf8:
            data->format = "vu";
            break;
        case DTypeKind::Binary:
            data->format = "vz";
            break;
        case DTypeKind::Struct: {
            data->format = "+s";
            const StructFields &fields = dtype.struct_fields();
            for (size_t i = 0; i < fields.size(); ++i) {
                children.emplace_back(&fields.dtypes[i], fields.names[i]);
            }
            break;
        }
        case DTypeKind::List:
            data->format = "+L";
            children.emplace_back(&dtype.element_type(), "item");
            break;
        case DTypeKind::FixedSizeList:
            data->format = format("+w:{}", dtype.list_size());
            children.emplace_back(&dtype.element_type(), "item");
            break;
        case DTypeKind::Extension:
            data->format = IsUuid(dtype) ? format("w:{}", kUuidBytes) : *TemporalFormat(dtype.extension());
            break;
    }
    if (!metadata.empty()) {
        data->metadata = EncodeArrowMetadata(metadata);
    }

    data->children.resize(children.size());
    data->child_pointers.resize(children.size());
    for (size_t i = 0; i < children.size(); ++i) {
        VX_RETURN_NOT_OK(FillSchema(*children[i].first, children[i].second, &data->children[i], {}));
        data->child_pointers[i] = &data->children[i];
    }

    out->format = data->format.c_str();
    out->name = data->name.c_str();
    out->metadata = data->metadata.empty() ? nullptr : data->metadata.data();
    out->flags = flags;
    out->n_children = static_cast<int64_t>(children.size());
    out->children = children.empty() ? nullptr : data->child_pointers.data();
    out->dictionary = nullptr;
    out->release = &ReleaseExportedSchema;
    out->private_data = data.release();
    return Status::OK();
}

// ---------------------------------------------------------------------------------------
// Array
// ---------------------------------------------------------------------------------------

// The private_data of an exported ArrowArray: the Buffers keep our memory alive until the
// consumer releases the array; the struct also owns the pointer arrays and the children.
struct ExportedArray {
    std::vector<Buffer> owned;
    std::vector<const void *> buffers;
    std::vector<ArrowArray> children;
    std::vector<ArrowArray *> child_pointers;
    ArrowArray dictionary{};

    ExportedArray() = default;
    ExportedArray(const ExportedArray &) = delete;
    ExportedArray &operator=(const ExportedArray &) = delete;
    ~ExportedArray() {
        for (ArrowArray &child : children) {
            if (child.release != nullptr) {
                child.release(&child);
            }
        }
        if (dictionary.release != nullptr) {
            dictionary.release(&dictionary);
        }
    }

    void AddBuffer(Buffer buffer) {
        if (buffer.data() == nullptr) {
            buffers.push_back(kEmptyBytes);
            return;
        }
        buffers.push_back(buffer.data());
        owned.push_back(std::move(buffer));
    }
    void AddNullBuffer() { buffers.push_back(nullptr); }
};

void ReleaseExportedArray(ArrowArray *array) {
    if (array == nullptr || array->release == nullptr) {
        return;
    }
    std::unique_ptr<ExportedArray> data(static_cast<ExportedArray *>(array->private_data));
    array->release = nullptr;
    array->private_data = nullptr;
}

template <typename T>
Result<const T *> Downcast(const ArrayRef &array) {
    const T *typed = As<T>(*array);
    VX_ENSURE(typed != nullptr, Internal, "canonical array of {} has unexpected encoding {}", array->dtype(),
              array->encoding_id());
    return typed;
}

// Returns a bitmap whose bit (arrow_offset + i) is bits[i]: a zero-copy slice when the bit
// positions line up, else a copy.
Buffer BitmapAt(const BitBuffer &bits, size_t arrow_offset) {
    const size_t source_offset = bits.offset();
    const size_t nbytes = bits::BytesForBits(arrow_offset + bits.len());
    if (source_offset >= arrow_offset && (source_offset - arrow_offset) % 8 == 0) {
        return bits.buffer().Slice((source_offset - arrow_offset) / 8, nbytes);
    }
    BufferMut out = BufferMut::Zeroed(nbytes);
    bits::CopyBits(bits.buffer().data(), source_offset, bits.len(), out.data(), arrow_offset);
    return std::move(out).Freeze();
}

// Appends the validity bitmap (buffer 0) and returns the null count.
int64_t AddValidity(ExportedArray &data, const Validity &validity, size_t len, size_t arrow_offset) {
    switch (validity.kind()) {
        case Validity::Kind::NonNullable:
        case Validity::Kind::AllValid:
            data.AddNullBuffer();
            return 0;
        case Validity::Kind::AllInvalid:
            // Spec: the bitmap may be null only when null_count is 0.
            data.AddBuffer(std::move(BufferMut::Zeroed(bits::BytesForBits(arrow_offset + len))).Freeze());
            return static_cast<int64_t>(len);
        case Validity::Kind::Array: {
            const size_t nulls = len - validity.bits().CountSetBits();
            if (nulls == 0) {
                data.AddNullBuffer();
            } else {
                data.AddBuffer(BitmapAt(validity.bits(), arrow_offset));
            }
            return static_cast<int64_t>(nulls);
        }
    }
    return 0;
}

Status ExportInto(const ArrayRef &input, ArrowArray *out);

// Widens or narrows decimal values to the Arrow width `width` (16 or 32 bytes).
Result<Buffer> ResizeDecimals(const DecimalArray &array, size_t width) {
    BufferMut out = BufferMut::Zeroed(array.len() * width);
    for (size_t i = 0; i < array.len(); ++i) {
        const I256 value = array.value_at(i);
        VX_ENSURE(value.FitsIn(width), InvalidArgument, "decimal value {} does not fit {} bytes",
                  value.ToString(), width);
        value.ToLittleEndian(out.data() + i * width, width);
    }
    return std::move(out).Freeze();
}

// Exports a list view as an Arrow large list: i64 offsets plus elements. The elements are
// shared when the views are contiguous and in order (offset[i] + size[i] == offset[i + 1]);
// otherwise the valid lists are gathered with Take.
Status AddListView(ExportedArray &data, const ListViewArray &list, int64_t &null_count) {
    const size_t len = list.len();
    null_count = AddValidity(data, list.validity(), len, 0);
    BufferMut offsets = BufferMut::Zeroed((len + 1) * sizeof(int64_t));
    auto *out = offsets.data_as<int64_t>();
    bool contiguous = true;
    for (size_t i = 0; i + 1 < len && contiguous; ++i) {
        contiguous = list.offset_at(i) + list.size_at(i) == list.offset_at(i + 1);
    }
    ArrayRef elements = list.elements();
    if (contiguous) {
        for (size_t i = 0; i < len; ++i) {
            out[i] = CheckedCast<int64_t>(list.offset_at(i));
        }
        out[len] = len == 0 ? 0 : CheckedCast<int64_t>(list.offset_at(len - 1) + list.size_at(len - 1));
    } else {
        std::vector<uint64_t> indices;
        for (size_t i = 0; i < len; ++i) {
            out[i] = CheckedCast<int64_t>(indices.size());
            if (list.is_valid(i)) {
                const uint64_t start = list.offset_at(i);
                for (uint64_t k = start; k < start + list.size_at(i); ++k) {
                    indices.push_back(k);
                }
            }
        }
        out[len] = CheckedCast<int64_t>(indices.size());
        VX_ASSIGN_OR_RETURN(elements, Take(elements, PrimitiveArray::FromValues(indices)));
    }
    data.AddBuffer(std::move(offsets).Freeze());
    data.children.resize(1);
    return ExportInto(elements, &data.children[0]);
}

// Fills `out` from the buffers and children gathered in `data`, which it then owns.
void PublishArray(
    std::unique_ptr<ExportedArray> data, size_t len, int64_t null_count, int64_t offset, ArrowArray *out) {
    data->child_pointers.resize(data->children.size());
    for (size_t i = 0; i < data->children.size(); ++i) {
        data->child_pointers[i] = &data->children[i];
    }
    out->length = CheckedCast<int64_t>(len);
    out->null_count = null_count;
    out->offset = offset;
    out->n_buffers = static_cast<int64_t>(data->buffers.size());
    out->n_children = static_cast<int64_t>(data->children.size());
    out->buffers = data->buffers.empty() ? nullptr : data->buffers.data();
    out->children = data->children.empty() ? nullptr : data->child_pointers.data();
    out->dictionary = nullptr;
    out->release = &ReleaseExportedArray;
    out->private_data = data.release();
}

// vortex.uuid's fixed_size_list(u8)[16] storage as Arrow fixed-size binary: the validity
// and the element bytes (shared when the elements are already primitive).
Status ExportUuid(const ArrayRef &storage, ArrowArray *out) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(storage));
    VX_ASSIGN_OR_RETURN(const FixedSizeListArray *list, Downcast<FixedSizeListArray>(canonical));
    VX_ASSIGN_OR_RETURN(ArrayRef elements, Canonicalize(list->elements()));
    VX_ASSIGN_OR_RETURN(const PrimitiveArray *bytes, Downcast<PrimitiveArray>(elements));
    const size_t len = list->len();
    VX_ENSURE(bytes->len() == len * kUuidBytes, Internal, "vortex.uuid storage has {} bytes for {} rows",
              bytes->len(), len);
    auto data = std::make_unique<ExportedArray>();
    const int64_t null_count = AddValidity(*data, list->validity(), len, 0);
    data->AddBuffer(bytes->values());
    PublishArray(std::move(data), len, null_count, 0, out);
    return Status::OK();
}

Status ExportInto(const ArrayRef &input, ArrowArray *out) {
    VX_ASSIGN_OR_RETURN(ArrayRef array, Canonicalize(input));
    const DType &dtype = array->dtype();
    if (dtype.is_extension()) {
        // The schema maps the extension to its storage layout (temporal types included).
        VX_ASSIGN_OR_RETURN(const ExtensionArray *ext, Downcast<ExtensionArray>(array));
        if (IsUuid(dtype)) {
            return ExportUuid(ext->storage(), out);
        }
        return ExportInto(ext->storage(), out);
    }

    auto data = std::make_unique<ExportedArray>();
    const size_t len = array->len();
    int64_t null_count = 0;
    int64_t offset = 0;
    switch (dtype.kind()) {
        case DTypeKind::Null:
            // Spec: the Null layout has no buffers.
            null_count = static_cast<int64_t>(len);
            break;
        case DTypeKind::Bool: {
            VX_ASSIGN_OR_RETURN(const BoolArray *typed, Downcast<BoolArray>(array));
            // The bit offset within the first byte becomes the Arrow offset, so the values are
            // never shifted.
            const BitBuffer &bits = typed->bits();
            offset = static_cast<int64_t>(bits.offset() % 8);
            null_count = AddValidity(*data, typed->validity(), len, bits.offset() % 8);
            data->AddBuffer(BitmapAt(bits, bits.offset() % 8));
            break;
        }
        case DTypeKind::Primitive: {
            VX_ASSIGN_OR_RETURN(const PrimitiveArray *typed, Downcast<PrimitiveArray>(array));
            null_count = AddValidity(*data, typed->validity(), len, 0);
            data->AddBuffer(typed->values());
            break;
        }
        case DTypeKind::Decimal: {
            VX_ASSIGN_OR_RETURN(const DecimalArray *typed, Downcast<DecimalArray>(array));
            null_count = AddValidity(*data, typed->validity(), len, 0);
            const bool wide = dtype.decimal().precision > kMaxDecimal128Precision;
            const DecimalType arrow_type = wide ? DecimalType::I256 : DecimalType::I128;
            if (typed->values_type() == arrow_type) {
                data->AddBuffer(typed->values());
            } else {
                // Other storage widths have no Arrow layout: the values are copied.
                VX_ASSIGN_OR_RETURN(Buffer values, ResizeDecimals(*typed, ByteWidth(arrow_type)));
                data->AddBuffer(std::move(values));
            }
            break;
        }
        case DTypeKind::Utf8:
        case DTypeKind::Binary: {
            // Spec: "Binary view / string view": validity, views, the variadic data buffers,
            // then an int64 buffer holding each data buffer's size.
            VX_ASSIGN_OR_RETURN(const VarBinViewArray *typed, Downcast<VarBinViewArray>(array));
            null_count = AddValidity(*data, typed->validity(), len, 0);
            data->AddBuffer(typed->views());
            BufferMut sizes(alignof(int64_t));
            for (const Buffer &buffer : typed->data_buffers()) {
                data->AddBuffer(buffer);
                sizes.Push<int64_t>(CheckedCast<int64_t>(buffer.size()));
            }
            data->AddBuffer(std::move(sizes).Freeze());
            break;
        }
        case DTypeKind::Struct: {
            VX_ASSIGN_OR_RETURN(const StructArray *typed, Downcast<StructArray>(array));
            null_count = AddValidity(*data, typed->validity(), len, 0);
            data->children.resize(typed->nfields());
            for (size_t i = 0; i < typed->nfields(); ++i) {
                VX_RETURN_NOT_OK(ExportInto(typed->field(i), &data->children[i]));
            }
            break;
        }
        case DTypeKind::List: {
            VX_ASSIGN_OR_RETURN(const ListViewArray *typed, Downcast<ListViewArray>(array));
            VX_RETURN_NOT_OK(AddListView(*data, *typed, null_count));
            break;
        }
        case DTypeKind::FixedSizeList: {
            VX_ASSIGN_OR_RETURN(const FixedSizeListArray *typed, Downcast<FixedSizeListArray>(array));
            null_count = AddValidity(*data, typed->validity(), len, 0);
            data->children.resize(1);
            VX_RETURN_NOT_OK(ExportInto(typed->elements(), &data->children[0]));
            break;
        }
        case DTypeKind::Extension:
            break;
    }

    PublishArray(std::move(data), len, null_count, offset, out);
    return Status::OK();
}

// Exports a DictArray with non-nullable integer codes as an Arrow dictionary-encoded array.
// Returns false (and touches nothing) when the array does not qualify.
Result<bool> ExportDictionary(const ArrayRef &array,
                              ArrowArray *out_array,
                              ArrowSchema *out_schema,
                              std::string_view name) {
    const auto *dict = As<DictArray>(*array);
    if (dict == nullptr || !dict->codes()->dtype().is_primitive() || dict->codes()->dtype().is_nullable() ||
        !IsInt(dict->codes()->dtype().ptype())) {
        return false;
    }
    ArrowArray codes{};
    VX_RETURN_NOT_OK(ExportInto(dict->codes(), &codes));
    auto *codes_data = static_cast<ExportedArray *>(codes.private_data);
    if (Status status = ExportInto(dict->values(), &codes_data->dictionary); !status.ok()) {
        codes.release(&codes);
        return status;
    }
    codes.dictionary = &codes_data->dictionary;

    // The indices field is nullable exactly when the logical array is.
    const DType index_dtype = DType::Primitive(dict->codes()->dtype().ptype(), array->dtype().nullability());
    ArrowSchema schema{};
    if (Status status = FillSchema(index_dtype, name, &schema, {}); !status.ok()) {
        codes.release(&codes);
        return status;
    }
    auto *schema_data = static_cast<ExportedSchema *>(schema.private_data);
    if (Status status = FillSchema(dict->values()->dtype(), "", &schema_data->dictionary, {}); !status.ok()) {
        codes.release(&codes);
        schema.release(&schema);
        return status;
    }
    schema.dictionary = &schema_data->dictionary;
    *out_array = codes;
    *out_schema = schema;
    return true;
}

} // namespace

Status ExportSchema(const DType &dtype, ArrowSchema *out, std::string_view name) {
    VX_ENSURE(out != nullptr, InvalidArgument, "ExportSchema: null output");
    ArrowSchema schema{};
    VX_RETURN_NOT_OK(FillSchema(dtype, name, &schema, {}));
    *out = schema;
    return Status::OK();
}

Status ExportArray(const ArrayRef &array, ArrowArray *out) {
    VX_ENSURE(out != nullptr && array != nullptr, InvalidArgument, "ExportArray: null argument");
    ArrowArray exported{};
    VX_RETURN_NOT_OK(ExportInto(array, &exported));
    *out = exported;
    return Status::OK();
}

Status ExportArrayWithSchema(const ArrayRef &array,
                             ArrowArray *out_array,
                             ArrowSchema *out_schema,
                             std::string_view name) {
    VX_ENSURE(array != nullptr && out_array != nullptr && out_schema != nullptr, InvalidArgument,
              "ExportArrayWithSchema: null argument");
    VX_ASSIGN_OR_RETURN(bool as_dictionary, ExportDictionary(array, out_array, out_schema, name));
    if (as_dictionary) {
        return Status::OK();
    }
    ArrowSchema schema{};
    VX_RETURN_NOT_OK(ExportSchema(array->dtype(), &schema, name));
    ArrowArray exported{};
    if (Status status = ExportArray(array, &exported); !status.ok()) {
        schema.release(&schema);
        return status;
    }
    *out_array = exported;
    *out_schema = schema;
    return Status::OK();
}

} // namespace vortex
