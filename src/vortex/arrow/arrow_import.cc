// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/arrow/arrow_import.h"

#include <bit>
#include <charconv>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/arrow/arrow_export.h"
#include "vortex/base/bits.h"
#include "vortex/base/checked_cast.h"
#include "vortex/dtype/extension.h"

namespace vortex {

namespace {

using Layout = ImportedSchema::Layout;

// Deeper trees are rejected rather than risking the stack (or a pointer cycle).
constexpr int kMaxDepth = 64;
// offset + length is capped so that every byte size computed below fits in 64 bits.
constexpr int64_t kMaxElements = int64_t{1} << 56;

// ---------------------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------------------

// Releases a consumed ArrowSchema on scope exit.
struct SchemaReleaser {
    ArrowSchema *schema;
    ~SchemaReleaser() {
        if (schema != nullptr && schema->release != nullptr) {
            schema->release(schema);
        }
    }
};

Result<uint64_t> ParseNumber(std::string_view text, std::string_view format) {
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    VX_ENSURE(!text.empty() && error == std::errc() && end == text.data() + text.size(), InvalidArgument,
              "malformed number in Arrow format '{}'", format);
    return value;
}

std::optional<PType> PrimitiveFromFormat(std::string_view format) {
    if (format.size() != 1) {
        return std::nullopt;
    }
    switch (format[0]) {
        case 'c':
            return PType::I8;
        case 'C':
            return PType::U8;
        case 's':
            return PType::I16;
        case 'S':
            return PType::U16;
        case 'i':
            return PType::I32;
        case 'I':
            return PType::U32;
        case 'l':
            return PType::I64;
        case 'L':
            return PType::U64;
        case 'e':
            return PType::F16;
        case 'f':
            return PType::F32;
        case 'g':
            return PType::F64;
        default:
            return std::nullopt;
    }
}

std::optional<TimeUnit> TimeUnitFromLetter(char letter) {
    switch (letter) {
        case 's':
            return TimeUnit::Seconds;
        case 'm':
            return TimeUnit::Milliseconds;
        case 'u':
            return TimeUnit::Microseconds;
        case 'n':
            return TimeUnit::Nanoseconds;
        default:
            return std::nullopt;
    }
}

// Spec: "d:P,S" (decimal128) or "d:P,S,W" with W in {32, 64, 128, 256}.
Status ParseDecimalFormat(std::string_view format, Nullability n, ImportedSchema &out) {
    std::string_view rest = format.substr(2);
    std::vector<std::string_view> parts;
    while (true) {
        const size_t comma = rest.find(',');
        parts.push_back(rest.substr(0, comma));
        if (comma == std::string_view::npos) {
            break;
        }
        rest = rest.substr(comma + 1);
    }
    VX_ENSURE(parts.size() == 2 || parts.size() == 3, InvalidArgument, "malformed decimal format '{}'",
              format);
    VX_ASSIGN_OR_RETURN(uint64_t precision, ParseNumber(parts[0], format));
    // The scale may be negative.
    const bool negative = !parts[1].empty() && parts[1][0] == '-';
    VX_ASSIGN_OR_RETURN(uint64_t scale_magnitude, ParseNumber(parts[1].substr(negative ? 1 : 0), format));
    uint64_t bits = 128;
    if (parts.size() == 3) {
        VX_ASSIGN_OR_RETURN(bits, ParseNumber(parts[2], format));
    }
    VX_ENSURE(precision <= 255 && scale_magnitude <= 128, InvalidArgument, "decimal format '{}' out of range",
              format);
    const int scale = negative ? -static_cast<int>(scale_magnitude) : static_cast<int>(scale_magnitude);
    VX_ENSURE(scale >= std::numeric_limits<int8_t>::min() && scale <= std::numeric_limits<int8_t>::max(),
              InvalidArgument, "decimal scale out of range in '{}'", format);
    DecimalType values_type;
    switch (bits) {
        case 32:
            values_type = DecimalType::I32;
            break;
        case 64:
            values_type = DecimalType::I64;
            break;
        case 128:
            values_type = DecimalType::I128;
            break;
        case 256:
            values_type = DecimalType::I256;
            break;
        default:
            return Status::InvalidArgument("unsupported decimal bit width in '{}'", format);
    }
    // A width narrower than the precision needs cannot hold its values (Arrow: 9, 18, 38, 76 digits).
    VX_ENSURE(values_type >= MinDecimalTypeForPrecision(static_cast<uint8_t>(precision)), InvalidArgument,
              "decimal format '{}': precision {} does not fit {} bits", format, precision, bits);
    VX_ASSIGN_OR_RETURN(out.physical,
                        DType::TryDecimal(static_cast<uint8_t>(precision), static_cast<int8_t>(scale), n));
    out.layout = Layout::Decimal;
    // Reuse fixed_size for the byte width of the values.
    out.fixed_size = static_cast<uint32_t>(ByteWidth(values_type));
    return Status::OK();
}

Status ExpectChildren(const ImportedSchema &node, size_t count) {
    VX_ENSURE(node.children.size() == count, InvalidArgument, "Arrow format '{}' needs {} children, got {}",
              node.format, count, node.children.size());
    return Status::OK();
}

// Sets layout, physical and (for temporal types) dtype from the format string; the
// children are already parsed.
Status InterpretFormat(ImportedSchema &node) {
    const std::string_view format = node.format;
    const Nullability n = NullabilityOf((node.flags & ARROW_FLAG_NULLABLE) != 0);
    if (const auto ptype = PrimitiveFromFormat(format)) {
        VX_RETURN_NOT_OK(ExpectChildren(node, 0));
        node.layout = Layout::Primitive;
        node.physical = DType::Primitive(*ptype, n);
        node.dtype = node.physical;
        return Status::OK();
    }
    if (format == "n" || format == "b" || format == "u" || format == "z" || format == "U" || format == "Z" ||
        format == "vu" || format == "vz") {
        VX_RETURN_NOT_OK(ExpectChildren(node, 0));
        if (format == "n") {
            node.layout = Layout::Null;
            node.physical = DType::Null();
        } else if (format == "b") {
            node.layout = Layout::Bool;
            node.physical = DType::Bool(n);
        } else {
            const bool utf8 = format == "u" || format == "U" || format == "vu";
            node.layout = format.size() == 2                 ? Layout::BinaryView
                          : (format == "u" || format == "z") ? Layout::Binary32
                                                             : Layout::Binary64;
            node.physical = utf8 ? DType::Utf8(n) : DType::Binary(n);
        }
        node.dtype = node.physical;
        return Status::OK();
    }
    if (format.starts_with("d:")) {
        VX_RETURN_NOT_OK(ExpectChildren(node, 0));
        VX_RETURN_NOT_OK(ParseDecimalFormat(format, n, node));
        node.dtype = node.physical;
        return Status::OK();
    }
    if (format.starts_with("w:") || format.starts_with("+w:")) {
        const bool list = format[0] == '+';
        VX_ASSIGN_OR_RETURN(uint64_t size, ParseNumber(format.substr(list ? 3 : 2), format));
        VX_ENSURE(size <= std::numeric_limits<int32_t>::max(), InvalidArgument,
                  "fixed size too large in '{}'", format);
        node.fixed_size = static_cast<uint32_t>(size);
        VX_RETURN_NOT_OK(ExpectChildren(node, list ? 1 : 0));
        if (list) {
            node.layout = Layout::FixedSizeList;
            node.physical = DType::FixedSizeList(node.children[0].dtype, node.fixed_size, n);
        } else {
            node.layout = Layout::FixedSizeBinary;
            node.physical = DType::Binary(n);
        }
        node.dtype = node.physical;
        return Status::OK();
    }
    if (format == "+l" || format == "+L" || format == "+vl" || format == "+vL" || format == "+m") {
        VX_RETURN_NOT_OK(ExpectChildren(node, 1));
        node.layout = format == "+l" || format == "+m" ? Layout::List32
                      : format == "+L"                 ? Layout::List64
                      : format == "+vl"                ? Layout::ListView32
                                                       : Layout::ListView64;
        if (format == "+m") {
            VX_ENSURE(node.children[0].dtype.is_struct() &&
                          node.children[0].dtype.struct_fields().size() == 2,
                      InvalidArgument, "map entries must be a struct of two fields");
        }
        node.physical = DType::List(node.children[0].dtype, n);
        node.dtype = node.physical;
        return Status::OK();
    }
    if (format == "+s") {
        node.layout = Layout::Struct;
        std::vector<std::string> names;
        std::vector<DType> dtypes;
        for (const ImportedSchema &child : node.children) {
            names.push_back(child.name);
            dtypes.push_back(child.dtype);
        }
        node.physical = DType::Struct(std::move(names), std::move(dtypes), n);
        node.dtype = node.physical;
        return Status::OK();
    }
    if (format.size() >= 3 && format[0] == 't' &&
        (format[1] == 'd' || format[1] == 't' || format[1] == 's')) {
        VX_RETURN_NOT_OK(ExpectChildren(node, 0));
        Result<DType> temporal = Status::InvalidArgument("unknown Arrow temporal format '{}'", format);
        if (format == "tdD") {
            temporal = DateDType(TimeUnit::Days, n);
        } else if (format == "tdm") {
            temporal = DateDType(TimeUnit::Milliseconds, n);
        } else if (format[1] == 't' && format.size() == 3) {
            if (const auto unit = TimeUnitFromLetter(format[2])) {
                temporal = TimeDType(*unit, n);
            }
        } else if (format[1] == 's' && format.size() >= 4 && format[3] == ':') {
            if (const auto unit = TimeUnitFromLetter(format[2])) {
                const std::string_view zone = format.substr(4);
                temporal = TimestampDType(
                    *unit, zone.empty() ? std::nullopt : std::optional<std::string>(std::string(zone)), n);
            }
        }
        VX_ASSIGN_OR_RETURN(node.dtype, std::move(temporal));
        node.layout = Layout::Primitive;
        node.physical = node.dtype.extension().storage;
        return Status::OK();
    }
    // Durations, intervals, unions and run-end encoded arrays.
    if (format.starts_with("tD") || format.starts_with("ti") || format.starts_with("+u") ||
        format.starts_with("+r")) {
        return Status::NotImplemented("Arrow format '{}' is not supported", format);
    }
    return Status::InvalidArgument("unknown Arrow format '{}'", format);
}

// Applies the node's "ARROW:extension:name", as the reference's Arrow session does: the
// canonical arrow.uuid over 16-byte fixed-size binary becomes vortex.uuid (its storage a
// fixed_size_list(u8)[16]); a vortex.* id (what ExportSchema writes for extensions Arrow
// has no type for) becomes that extension, validated; any other name is dropped and the
// storage imported, since a file carrying an id no reader registers cannot be opened.
Status InterpretExtension(ImportedSchema &node) {
    std::optional<std::string_view> name;
    std::string_view ext_metadata;
    for (const auto &[key, value] : node.metadata) {
        if (key == kArrowExtensionName) {
            name = value;
        } else if (key == kArrowExtensionMetadata) {
            ext_metadata = value;
        }
    }
    if (!name.has_value()) {
        return Status::OK();
    }
    if (*name == kArrowUuidName) {
        if (node.layout == Layout::FixedSizeBinary && node.fixed_size == kUuidBytes) {
            node.dtype = UuidDType(node.dtype.nullability());
            node.physical = node.dtype.extension().storage;
        }
        return Status::OK();
    }
    if (!name->starts_with("vortex.")) {
        return Status::OK();
    }
    DType ext = DType::Extension(std::string(*name), node.dtype,
                                 std::vector<uint8_t>(ext_metadata.begin(), ext_metadata.end()));
    VX_RETURN_NOT_OK(ValidateExtension(ext.extension()));
    node.dtype = std::move(ext);
    return Status::OK();
}

Result<ImportedSchema> ParseNode(const ArrowSchema *schema, int depth) {
    VX_ENSURE(depth <= kMaxDepth, InvalidArgument, "Arrow schema nested deeper than {}", kMaxDepth);
    VX_ENSURE(schema != nullptr, InvalidArgument, "null ArrowSchema");
    VX_ENSURE(schema->release != nullptr, InvalidArgument, "ArrowSchema is released");
    VX_ENSURE(schema->format != nullptr, InvalidArgument, "ArrowSchema without a format");
    VX_ENSURE(schema->n_children >= 0 && (schema->n_children == 0 || schema->children != nullptr),
              InvalidArgument, "ArrowSchema has {} children but no children array", schema->n_children);
    ImportedSchema node;
    node.format = schema->format;
    node.name = schema->name == nullptr ? "" : schema->name;
    node.flags = schema->flags;
    VX_ASSIGN_OR_RETURN(node.metadata, DecodeArrowMetadata(schema->metadata));
    for (int64_t i = 0; i < schema->n_children; ++i) {
        VX_ASSIGN_OR_RETURN(ImportedSchema child, ParseNode(schema->children[i], depth + 1));
        node.children.push_back(std::move(child));
    }
    VX_RETURN_NOT_OK(InterpretFormat(node));

    if (schema->dictionary != nullptr) {
        // Spec: a dictionary-encoded field's format is the index type; the values' schema is
        // `dictionary`.
        VX_ENSURE(node.layout == Layout::Primitive && node.physical.is_primitive() &&
                      IsInt(node.physical.ptype()) && !node.dtype.is_extension(),
                  InvalidArgument, "dictionary index format '{}' is not an integer type", node.format);
        VX_ASSIGN_OR_RETURN(ImportedSchema values, ParseNode(schema->dictionary, depth + 1));
        const bool nullable = node.physical.is_nullable() || values.dtype.is_nullable();
        node.dtype = values.dtype.WithNullability(NullabilityOf(nullable));
        node.dictionary = std::make_shared<const ImportedSchema>(std::move(values));
        return node;
    }

    VX_RETURN_NOT_OK(InterpretExtension(node));
    return node;
}

// ---------------------------------------------------------------------------------------
// Array
// ---------------------------------------------------------------------------------------

// Owns a moved ArrowArray and calls the producer's release when the last Buffer wrapping its
// memory is destroyed.
struct ImportedArrayOwner {
    ArrowArray array{};
    ImportedArrayOwner() = default;
    ImportedArrayOwner(const ImportedArrayOwner &) = delete;
    ImportedArrayOwner &operator=(const ImportedArrayOwner &) = delete;
    ~ImportedArrayOwner() {
        if (array.release != nullptr) {
            array.release(&array);
        }
    }
};
using Owner = std::shared_ptr<const ImportedArrayOwner>;

// One node being imported, its structure already checked.
struct Node {
    const ImportedSchema &schema;
    const ArrowArray &array;
    const Owner &owner;
    size_t offset;
    size_t len;
    int depth;

    const void *buffer(size_t i) const { return array.buffers[i]; }

    // Wraps bytes [byte_offset, byte_offset + size) of buffer `i`.
    Result<Buffer> Wrap(size_t i, size_t byte_offset, size_t size) const {
        if (size == 0) {
            return Buffer();
        }
        VX_ENSURE(buffer(i) != nullptr, InvalidArgument, "Arrow '{}' array: buffer {} is null", schema.format,
                  i);
        return Buffer::Wrap(static_cast<const uint8_t *>(buffer(i)) + byte_offset, size, owner);
    }
};

size_t ExpectedBuffers(Layout layout) {
    switch (layout) {
        case Layout::Null:
            return 0;
        case Layout::Struct:
        case Layout::FixedSizeList:
            return 1;
        case Layout::Bool:
        case Layout::Primitive:
        case Layout::Decimal:
        case Layout::FixedSizeBinary:
        case Layout::List32:
        case Layout::List64:
            return 2;
        case Layout::Binary32:
        case Layout::Binary64:
        case Layout::ListView32:
        case Layout::ListView64:
        case Layout::BinaryView:
            return 3;
    }
    return 0;
}

Result<ArrayRef>
ImportNode(const ImportedSchema &schema, const ArrowArray *array, const Owner &owner, int depth);

Result<Validity> ImportValidity(const Node &node) {
    const Nullability n = node.schema.physical.nullability();
    const void *bitmap = node.buffer(0);
    if (node.array.null_count == 0 || bitmap == nullptr) {
        // Spec: the bitmap may be null only when null_count is 0 (or unknown, -1, with no nulls).
        VX_ENSURE(node.array.null_count <= 0, InvalidArgument,
                  "Arrow array has null_count {} but no validity bitmap", node.array.null_count);
        return Validity::From(n);
    }
    BitBuffer bits(Buffer::Wrap(bitmap, bits::BytesForBits(node.offset + node.len), node.owner), node.offset,
                   node.len);
    if (n == Nullability::NonNullable) {
        VX_ENSURE(bits.CountSetBits() == node.len, InvalidArgument, "non-nullable Arrow field '{}' has nulls",
                  node.schema.name);
        return Validity::NonNullable();
    }
    return Validity::FromBits(std::move(bits));
}

// Reads `count` integers of type T from buffer `i` starting at element `first`.
template <typename T>
Result<Buffer> WrapIntegers(const Node &node, size_t i, size_t first, size_t count) {
    VX_ASSIGN_OR_RETURN(Buffer buffer, node.Wrap(i, first * sizeof(T), count * sizeof(T)));
    return buffer.EnsureAligned(alignof(T));
}

// Builds 16-byte views over `data` (a foreign data buffer of `data_len` bytes) for values
// [start, start + size) given by `range(i)`; nulls get empty views. Long values reference
// data buffers that are zero-copy windows of `data`, a new window starting whenever an
// offset would not fit the view's u32.
template <typename RangeFn>
Result<ArrayRef>
BuildViews(const Node &node, size_t data_index, uint64_t data_len, Validity validity, RangeFn &&range) {
    BufferMut views = BufferMut::Zeroed(node.len * BinaryView::kSize);
    std::vector<Buffer> data_buffers;
    const auto *base = static_cast<const uint8_t *>(node.buffer(data_index));
    VX_ENSURE(data_len == 0 || base != nullptr, InvalidArgument, "Arrow '{}' array: data buffer is null",
              node.schema.format);
    uint64_t window = 0;
    for (size_t i = 0; i < node.len; ++i) {
        if (!validity.is_valid(i)) {
            continue;
        }
        const auto [start, size] = range(i);
        VX_ENSURE(size <= std::numeric_limits<uint32_t>::max(), InvalidArgument,
                  "Arrow value {} of {} bytes is too long for a view", i, size);
        const std::string_view value(reinterpret_cast<const char *>(base) + start, size);
        uint8_t *out = views.data() + i * BinaryView::kSize;
        if (size <= BinaryView::kMaxInlined) {
            BinaryView::Write(out, value, 0, 0);
            continue;
        }
        if (data_buffers.empty() || start + size - window > std::numeric_limits<uint32_t>::max()) {
            window = data_buffers.empty() && start + size <= std::numeric_limits<uint32_t>::max() ? 0 : start;
            data_buffers.push_back(Buffer::Wrap(base + window, data_len - window, node.owner));
        }
        BinaryView::Write(out, value, CheckedCast<uint32_t>(data_buffers.size() - 1),
                          CheckedCast<uint32_t>(start - window));
    }
    VX_ASSIGN_OR_RETURN(auto result, VarBinViewArray::TryMake(node.schema.physical, std::move(views).Freeze(),
                                                              std::move(data_buffers), std::move(validity)));
    return ArrayRef(std::move(result));
}

template <typename T>
Result<ArrayRef> ImportOffsetBinary(const Node &node, Validity validity) {
    VX_ASSIGN_OR_RETURN(Buffer offsets_buffer, WrapIntegers<T>(node, 1, node.offset, node.len + 1));
    VX_ENSURE(!offsets_buffer.empty(), InvalidArgument, "Arrow '{}' array: missing offsets",
              node.schema.format);
    const std::span<const T> offsets = offsets_buffer.span<T>();
    VX_ENSURE(offsets[0] >= 0, InvalidArgument, "Arrow '{}' array: negative offset", node.schema.format);
    for (size_t i = 0; i < node.len; ++i) {
        VX_ENSURE(offsets[i] <= offsets[i + 1], InvalidArgument, "Arrow '{}' array: offsets decrease at {}",
                  node.schema.format, i);
    }
    const auto data_len = static_cast<uint64_t>(offsets[node.len]);
    return BuildViews(node, 2, data_len, std::move(validity), [&](size_t i) {
        return std::pair<uint64_t, uint64_t>(static_cast<uint64_t>(offsets[i]),
                                             static_cast<uint64_t>(offsets[i + 1] - offsets[i]));
    });
}

// A null slot's view is not required to be meaningful; it is kept only when it would pass
// the same checks as a valid view.
bool NullViewIsSafe(BinaryView view, const std::vector<Buffer> &data_buffers) {
    if (view.is_inlined()) {
        return true;
    }
    if (view.buffer_index() >= data_buffers.size()) {
        return false;
    }
    const Buffer &data = data_buffers[view.buffer_index()];
    return uint64_t{view.offset()} + view.size() <= data.size() &&
           std::memcmp(data.data() + view.offset(), view.raw + 4, 4) == 0;
}

Result<ArrayRef> ImportBinaryView(const Node &node, Validity validity) {
    // Spec: "Binary view": validity, views, N data buffers, then int64 sizes of the N buffers.
    const auto nbuffers = static_cast<size_t>(node.array.n_buffers);
    const size_t ndata = nbuffers - 3;
    std::vector<Buffer> data_buffers;
    if (ndata > 0) {
        const void *sizes = node.buffer(nbuffers - 1);
        VX_ENSURE(sizes != nullptr, InvalidArgument, "Arrow view array: null variadic sizes buffer");
        for (size_t k = 0; k < ndata; ++k) {
            int64_t size;
            std::memcpy(&size, static_cast<const uint8_t *>(sizes) + k * sizeof(int64_t), sizeof size);
            VX_ENSURE(size >= 0, InvalidArgument, "Arrow view array: data buffer {} has size {}", k, size);
            VX_ASSIGN_OR_RETURN(Buffer data, node.Wrap(2 + k, 0, static_cast<size_t>(size)));
            data_buffers.push_back(std::move(data));
        }
    }
    VX_ASSIGN_OR_RETURN(Buffer views,
                        node.Wrap(1, node.offset * BinaryView::kSize, node.len * BinaryView::kSize));
    views = views.EnsureAligned(alignof(uint32_t));
    if (!validity.trivially_all_valid()) {
        bool safe = true;
        for (size_t i = 0; i < node.len && safe; ++i) {
            safe = validity.is_valid(i) ||
                   NullViewIsSafe(BinaryView{views.data() + i * BinaryView::kSize}, data_buffers);
        }
        if (!safe) {
            BufferMut copy = BufferMut::Zeroed(views.size());
            for (size_t i = 0; i < node.len; ++i) {
                if (validity.is_valid(i)) {
                    std::memcpy(copy.data() + i * BinaryView::kSize, views.data() + i * BinaryView::kSize,
                                BinaryView::kSize);
                }
            }
            views = std::move(copy).Freeze();
        }
    }
    VX_ASSIGN_OR_RETURN(auto result, VarBinViewArray::TryMake(node.schema.physical, std::move(views),
                                                              std::move(data_buffers), std::move(validity)));
    return ArrayRef(std::move(result));
}

// Imports the single child of a list node in full (list offsets index into it).
Result<ArrayRef> ImportOnlyChild(const Node &node) {
    return ImportNode(node.schema.children[0], node.array.children[0], node.owner, node.depth + 1);
}

template <typename T>
Result<ArrayRef> ImportList(const Node &node, const Validity &validity) {
    VX_ASSIGN_OR_RETURN(ArrayRef elements, ImportOnlyChild(node));
    VX_ASSIGN_OR_RETURN(Buffer offsets_buffer, WrapIntegers<T>(node, 1, node.offset, node.len + 1));
    VX_ENSURE(!offsets_buffer.empty(), InvalidArgument, "Arrow list array: missing offsets");
    const std::span<const T> offsets = offsets_buffer.span<T>();
    VX_ENSURE(offsets[0] >= 0, InvalidArgument, "Arrow list array: negative offset");
    VX_ENSURE(static_cast<uint64_t>(offsets[node.len]) <= elements->len(), InvalidArgument,
              "Arrow list array: offset {} beyond {} elements", offsets[node.len], elements->len());
    BufferMut sizes(alignof(T));
    sizes.Reserve(node.len * sizeof(T));
    for (size_t i = 0; i < node.len; ++i) {
        VX_ENSURE(offsets[i] <= offsets[i + 1], InvalidArgument, "Arrow list array: offsets decrease at {}",
                  i);
        sizes.Push<T>(static_cast<T>(offsets[i + 1] - offsets[i]));
    }
    // The first len offsets are shared; only the sizes are new.
    auto offsets_array = PrimitiveArray::Make(kPTypeOf<T>, offsets_buffer.Slice(0, node.len * sizeof(T)),
                                              Validity::NonNullable());
    auto sizes_array = PrimitiveArray::Make(kPTypeOf<T>, std::move(sizes).Freeze(), Validity::NonNullable());
    VX_ASSIGN_OR_RETURN(auto result,
                        ListViewArray::TryMake(std::move(elements), offsets_array, sizes_array, validity));
    return ArrayRef(std::move(result));
}

template <typename T>
Result<ArrayRef> ImportListView(const Node &node, const Validity &validity) {
    VX_ASSIGN_OR_RETURN(ArrayRef elements, ImportOnlyChild(node));
    VX_ASSIGN_OR_RETURN(Buffer offsets, WrapIntegers<T>(node, 1, node.offset, node.len));
    VX_ASSIGN_OR_RETURN(Buffer sizes, WrapIntegers<T>(node, 2, node.offset, node.len));
    for (size_t i = 0; i < node.len; ++i) {
        VX_ENSURE(offsets.span<T>()[i] >= 0 && sizes.span<T>()[i] >= 0, InvalidArgument,
                  "Arrow list view array: negative offset or size at {}", i);
    }
    VX_ASSIGN_OR_RETURN(
        auto result,
        ListViewArray::TryMake(std::move(elements),
                               PrimitiveArray::Make(kPTypeOf<T>, offsets, Validity::NonNullable()),
                               PrimitiveArray::Make(kPTypeOf<T>, sizes, Validity::NonNullable()), validity));
    return ArrayRef(std::move(result));
}

Result<ArrayRef> ImportStruct(const Node &node, Validity validity) {
    std::vector<ArrayRef> fields;
    for (size_t i = 0; i < node.schema.children.size(); ++i) {
        VX_ASSIGN_OR_RETURN(ArrayRef child, ImportNode(node.schema.children[i], node.array.children[i],
                                                       node.owner, node.depth + 1));
        // Spec: the parent's offset applies to the children on top of their own.
        VX_ENSURE(child->len() >= node.offset + node.len, InvalidArgument,
                  "Arrow struct child {} has {} elements, the parent needs {}", i, child->len(),
                  node.offset + node.len);
        if (node.offset != 0 || child->len() != node.len) {
            VX_ASSIGN_OR_RETURN(child, Slice(child, node.offset, node.offset + node.len));
        }
        fields.push_back(std::move(child));
    }
    VX_ASSIGN_OR_RETURN(auto result, StructArray::TryMake(node.schema.physical, std::move(fields), node.len,
                                                          std::move(validity)));
    return ArrayRef(std::move(result));
}

Result<ArrayRef> ImportLayout(const Node &node) {
    const ImportedSchema &schema = node.schema;
    if (schema.layout == Layout::Null) {
        return ArrayRef(NullArray::Make(node.len));
    }
    VX_ASSIGN_OR_RETURN(Validity validity, ImportValidity(node));
    switch (schema.layout) {
        case Layout::Null:
            break;
        case Layout::Bool: {
            VX_ASSIGN_OR_RETURN(Buffer bytes, node.Wrap(1, 0, bits::BytesForBits(node.offset + node.len)));
            VX_ASSIGN_OR_RETURN(
                auto result,
                BoolArray::TryMake(BitBuffer(std::move(bytes), node.offset, node.len), validity));
            return ArrayRef(std::move(result));
        }
        case Layout::Primitive: {
            const size_t width = ByteWidth(schema.physical.ptype());
            VX_ASSIGN_OR_RETURN(Buffer values, node.Wrap(1, node.offset * width, node.len * width));
            VX_ASSIGN_OR_RETURN(auto result, PrimitiveArray::TryMake(schema.physical.ptype(),
                                                                     values.EnsureAligned(width), validity));
            return ArrayRef(std::move(result));
        }
        case Layout::Decimal: {
            const size_t width = schema.fixed_size;
            VX_ASSIGN_OR_RETURN(Buffer values, node.Wrap(1, node.offset * width, node.len * width));
            const auto values_type = static_cast<DecimalType>(std::countr_zero(width));
            VX_ASSIGN_OR_RETURN(auto result,
                                DecimalArray::TryMake(schema.physical.decimal(), values_type,
                                                      values.EnsureAligned(std::min<size_t>(width, 16)),
                                                      validity));
            return ArrayRef(std::move(result));
        }
        case Layout::Binary32:
            return ImportOffsetBinary<int32_t>(node, std::move(validity));
        case Layout::Binary64:
            return ImportOffsetBinary<int64_t>(node, std::move(validity));
        case Layout::BinaryView:
            return ImportBinaryView(node, std::move(validity));
        case Layout::FixedSizeBinary: {
            const uint64_t width = schema.fixed_size;
            if (schema.physical.is_fixed_size_list()) {
                // arrow.uuid: the bytes are the elements of a fixed_size_list(u8).
                VX_ASSIGN_OR_RETURN(Buffer bytes, node.Wrap(1, node.offset * width, node.len * width));
                VX_ASSIGN_OR_RETURN(auto elements, PrimitiveArray::TryMake(PType::U8, std::move(bytes),
                                                                           Validity::NonNullable()));
                VX_ASSIGN_OR_RETURN(auto result, FixedSizeListArray::TryMake(ArrayRef(std::move(elements)),
                                                                             schema.fixed_size, node.len,
                                                                             std::move(validity)));
                return ArrayRef(std::move(result));
            }
            return BuildViews(node, 1, (node.offset + node.len) * width, std::move(validity), [&](size_t i) {
                return std::pair<uint64_t, uint64_t>((node.offset + i) * width, width);
            });
        }
        case Layout::List32:
            return ImportList<int32_t>(node, validity);
        case Layout::List64:
            return ImportList<int64_t>(node, validity);
        case Layout::ListView32:
            return ImportListView<int32_t>(node, validity);
        case Layout::ListView64:
            return ImportListView<int64_t>(node, validity);
        case Layout::FixedSizeList: {
            VX_ASSIGN_OR_RETURN(ArrayRef elements, ImportOnlyChild(node));
            const uint64_t size = schema.fixed_size;
            VX_ENSURE(elements->len() >= (node.offset + node.len) * size, InvalidArgument,
                      "Arrow fixed-size list child has {} elements, needs {}", elements->len(),
                      (node.offset + node.len) * size);
            VX_ASSIGN_OR_RETURN(elements,
                                Slice(elements, node.offset * size, (node.offset + node.len) * size));
            VX_ASSIGN_OR_RETURN(auto result, FixedSizeListArray::TryMake(
                                                 std::move(elements), schema.fixed_size, node.len, validity));
            return ArrayRef(std::move(result));
        }
        case Layout::Struct:
            return ImportStruct(node, std::move(validity));
    }
    return Status::Internal("unhandled Arrow layout");
}

// Wraps `storage` in the extension dtypes of `dtype`, innermost first.
Result<ArrayRef> WrapExtensions(const DType &dtype, ArrayRef storage) {
    if (!dtype.is_extension()) {
        return storage;
    }
    VX_ASSIGN_OR_RETURN(storage, WrapExtensions(dtype.extension().storage, std::move(storage)));
    VX_ASSIGN_OR_RETURN(auto result, ExtensionArray::TryMake(dtype, std::move(storage)));
    return ArrayRef(std::move(result));
}

Result<ArrayRef>
ImportNode(const ImportedSchema &schema, const ArrowArray *array, const Owner &owner, int depth) {
    VX_ENSURE(depth <= kMaxDepth, InvalidArgument, "Arrow array nested deeper than {}", kMaxDepth);
    VX_ENSURE(array != nullptr, InvalidArgument, "null ArrowArray for field '{}'", schema.name);
    VX_ENSURE(array->release != nullptr, InvalidArgument, "ArrowArray for field '{}' is released",
              schema.name);
    VX_ENSURE(array->length >= 0 && array->offset >= 0 && array->length <= kMaxElements &&
                  array->offset <= kMaxElements - array->length,
              InvalidArgument, "Arrow array '{}': invalid length {} / offset {}", schema.format,
              array->length, array->offset);
    VX_ENSURE(array->null_count >= -1 && array->null_count <= array->length, InvalidArgument,
              "Arrow array '{}': invalid null_count {}", schema.format, array->null_count);
    const size_t expected_buffers = ExpectedBuffers(schema.layout);
    if (schema.layout == Layout::BinaryView) {
        VX_ENSURE(array->n_buffers >= 3, InvalidArgument, "Arrow view array has {} buffers, needs at least 3",
                  array->n_buffers);
    } else {
        VX_ENSURE(array->n_buffers == static_cast<int64_t>(expected_buffers), InvalidArgument,
                  "Arrow '{}' array has {} buffers, expected {}", schema.format, array->n_buffers,
                  expected_buffers);
    }
    VX_ENSURE(array->n_buffers == 0 || array->buffers != nullptr, InvalidArgument,
              "Arrow '{}' array: null buffers array", schema.format);
    VX_ENSURE(array->n_children == static_cast<int64_t>(schema.children.size()), InvalidArgument,
              "Arrow '{}' array has {} children, the schema {}", schema.format, array->n_children,
              schema.children.size());
    VX_ENSURE(array->n_children == 0 || array->children != nullptr, InvalidArgument,
              "Arrow '{}' array: null children array", schema.format);

    const Node node{
        schema, *array, owner, static_cast<size_t>(array->offset), static_cast<size_t>(array->length), depth};
    VX_ASSIGN_OR_RETURN(ArrayRef result, ImportLayout(node));
    if (schema.dictionary != nullptr) {
        VX_ENSURE(array->dictionary != nullptr, InvalidArgument,
                  "dictionary-encoded Arrow array without dictionary");
        VX_ASSIGN_OR_RETURN(ArrayRef values,
                            ImportNode(*schema.dictionary, array->dictionary, owner, depth + 1));
        VX_ASSIGN_OR_RETURN(auto dict, DictArray::TryMake(std::move(result), std::move(values)));
        result = std::move(dict);
    } else {
        VX_ASSIGN_OR_RETURN(result, WrapExtensions(schema.dtype, std::move(result)));
    }
    VX_ENSURE(result->dtype() == schema.dtype, Internal, "Arrow import of '{}' produced {}, expected {}",
              schema.format, result->dtype(), schema.dtype);
    return result;
}

} // namespace

Result<ImportedSchema> ParseArrowSchema(ArrowSchema *schema) {
    VX_ENSURE(schema != nullptr, InvalidArgument, "null ArrowSchema");
    SchemaReleaser releaser{schema};
    return ParseNode(schema, 0);
}

Result<DType> ImportSchema(ArrowSchema *schema) {
    VX_ASSIGN_OR_RETURN(ImportedSchema parsed, ParseArrowSchema(schema));
    return parsed.dtype;
}

Result<ArrayRef> ImportArray(ArrowArray *array, const ImportedSchema &schema) {
    VX_ENSURE(array != nullptr, InvalidArgument, "null ArrowArray");
    VX_ENSURE(array->release != nullptr, InvalidArgument, "ArrowArray is released");
    // Spec: "Moving an array": copy the struct, then mark the source released.
    auto owner = std::make_shared<ImportedArrayOwner>();
    owner->array = *array;
    array->release = nullptr;
    const Owner shared_owner = owner;
    owner.reset();
    return ImportNode(schema, &shared_owner->array, shared_owner, 0);
}

Result<ArrayRef> ImportArray(ArrowArray *array, const DType &dtype) {
    ArrowSchema schema{};
    if (Status status = ExportSchema(dtype, &schema); !status.ok()) {
        if (array != nullptr && array->release != nullptr) {
            array->release(array);
        }
        return status;
    }
    auto parsed = ParseArrowSchema(&schema);
    if (!parsed.ok()) {
        if (array != nullptr && array->release != nullptr) {
            array->release(array);
        }
        return parsed.status();
    }
    return ImportArray(array, *parsed);
}

Result<ArrayRef> ImportArray(ArrowArray *array, ArrowSchema *schema) {
    auto parsed = ParseArrowSchema(schema);
    if (!parsed.ok()) {
        if (array != nullptr && array->release != nullptr) {
            array->release(array);
        }
        return parsed.status();
    }
    return ImportArray(array, *parsed);
}

} // namespace vortex
