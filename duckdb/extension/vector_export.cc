// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/vector_export.h"

#include <algorithm>
#include <cstring>
#include <duckdb/common/vector_operations/vector_operations.hpp>
#include <span>
#include <type_traits>
#include <vector>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/integer_child.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/base/bits.h"

#include "duckdb/extension/logical_types.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

// Keeps an array's buffers alive for as long as a DuckDB vector points into them.
class ArrayHolder final : public dd::VectorBuffer {
public:
    explicit ArrayHolder(ArrayRef array)
        : dd::VectorBuffer(dd::VectorBufferType::OPAQUE_BUFFER), array_(std::move(array)) {}

private:
    ArrayRef array_;
};

// Whether a vector may point into our memory: top-level and struct-field vectors may; the
// children of lists and arrays are DuckDB-owned storage that DuckDB may grow in place.
enum class Placement : uint8_t { Reference, Copy };

Status ExportArray(const ArrayRef &array, dd::Vector &out, Placement placement);

void ExportValidity(const Array &array, dd::Vector &out) {
    const Mask mask = array.validity_mask();
    if (mask.all_true()) {
        return;
    }
    auto &validity = dd::FlatVector::Validity(out);
    if (mask.all_false()) {
        validity.SetAllInvalid(array.len());
        return;
    }
    const BitBuffer bits = mask.ToBitBuffer();
    validity.EnsureWritable();
    uint64_t *words = validity.GetData();
    for (size_t row = 0; row < bits.len(); row += 64) {
        const size_t n = std::min<size_t>(64, bits.len() - row);
        const uint64_t loaded = bits::LoadBits(bits.buffer().data(), bits.offset() + row, n);
        // Rows past the array keep DuckDB's default (valid).
        words[row / 64] = n == 64 ? loaded : (loaded | (~uint64_t{0} << n));
    }
}

void Reference(const ArrayRef &owner, const void *data, dd::Vector &out) {
    dd::FlatVector::SetData(out, const_cast<dd::data_ptr_t>(static_cast<const uint8_t *>(data)));
    out.SetAuxiliary(dd::make_buffer<ArrayHolder>(owner));
}

// Values already in DuckDB's representation: referenced, or copied into a child vector.
void ExportBytes(
    const ArrayRef &owner, const void *data, size_t width, dd::Vector &out, Placement placement) {
    if (placement == Placement::Reference) {
        Reference(owner, data, out);
    } else {
        std::memcpy(dd::FlatVector::GetData(out), data, owner->len() * width);
    }
}

template <typename From, typename To, typename Convert>
void ExportConverted(const PrimitiveArray &array, dd::Vector &out, Convert convert) {
    const std::span<const From> values = array.values_as<From>();
    To *data = dd::FlatVector::GetData<To>(out);
    for (size_t i = 0; i < values.size(); i++) {
        data[i] = convert(values[i]);
    }
}

Status ExportPrimitive(const ArrayRef &array, dd::Vector &out, Placement placement) {
    VX_ASSIGN_OR_RETURN(const auto primitive, CanonicalAs<PrimitiveArray>(array));
    if (primitive->ptype() == PType::F16) {
        ExportConverted<Half, float>(*primitive, out, [](Half h) { return h.ToFloat(); });
    } else {
        ExportBytes(array, primitive->values().data(), ByteWidth(primitive->ptype()), out, placement);
    }
    ExportValidity(*array, out);
    return Status::OK();
}

Status ExportBool(const ArrayRef &array, dd::Vector &out) {
    VX_ASSIGN_OR_RETURN(const auto bools, CanonicalAs<BoolArray>(array));
    bool *data = dd::FlatVector::GetData<bool>(out);
    const BitBuffer &bits = bools->bits();
    for (size_t i = 0; i < bits.len(); i++) {
        data[i] = bits.value(i);
    }
    ExportValidity(*array, out);
    return Status::OK();
}

Status ExportStrings(const ArrayRef &array, dd::Vector &out) {
    VX_ASSIGN_OR_RETURN(const auto strings, CanonicalAs<VarBinViewArray>(array));
    auto *data = dd::FlatVector::GetData<dd::string_t>(out);
    const std::vector<Buffer> &buffers = strings->data_buffers();
    for (size_t i = 0; i < strings->len(); i++) {
        const BinaryView view = strings->view_at(i);
        const uint32_t size = view.size();
        const uint8_t *bytes =
            view.is_inlined() ? view.inlined_data() : buffers[view.buffer_index()].data() + view.offset();
        data[i] = dd::string_t(reinterpret_cast<const char *>(bytes), size);
    }
    dd::StringVector::AddBuffer(out, dd::make_buffer<ArrayHolder>(array));
    ExportValidity(*array, out);
    return Status::OK();
}

template <typename To>
To DuckDecimal(int128_t value) {
    if constexpr (std::is_same_v<To, dd::hugeint_t>) {
        return dd::hugeint_t(static_cast<int64_t>(value >> 64), static_cast<uint64_t>(value));
    } else {
        return static_cast<To>(value);
    }
}

// Values of a valid row fit: the precision bounds them. Null rows hold anything, so they are
// narrowed without a check.
template <typename From, typename To>
void ExportNativeDecimal(const DecimalArray &decimal, To *data) {
    const auto *values = reinterpret_cast<const From *>(decimal.values().data());
    for (size_t i = 0; i < decimal.len(); i++) {
        data[i] = DuckDecimal<To>(static_cast<int128_t>(values[i]));
    }
}

template <typename To>
void ExportDecimalAs(const DecimalArray &decimal, dd::Vector &out) {
    To *data = dd::FlatVector::GetData<To>(out);
    // A typed loop per storage width: a generic 256-bit conversion per row costs a fifth of a
    // scan that aggregates a decimal column.
    switch (decimal.values_type()) {
        case DecimalType::I8:
            return ExportNativeDecimal<int8_t>(decimal, data);
        case DecimalType::I16:
            return ExportNativeDecimal<int16_t>(decimal, data);
        case DecimalType::I32:
            return ExportNativeDecimal<int32_t>(decimal, data);
        case DecimalType::I64:
            return ExportNativeDecimal<int64_t>(decimal, data);
        case DecimalType::I128:
            return ExportNativeDecimal<int128_t>(decimal, data);
        case DecimalType::I256:
            break;
    }
    for (size_t i = 0; i < decimal.len(); i++) {
        data[i] = DuckDecimal<To>(decimal.value_at(i).ToInt128());
    }
}

Status ExportDecimal(const ArrayRef &array, dd::Vector &out, Placement placement) {
    VX_ASSIGN_OR_RETURN(const auto decimal, CanonicalAs<DecimalArray>(array));
    const dd::PhysicalType physical = out.GetType().InternalType();
    const size_t width = dd::GetTypeIdSize(physical);
    if (width == ByteWidth(decimal->values_type())) {
        ExportBytes(array, decimal->values().data(), width, out, placement);
    } else if (decimal->values_type() == DecimalType::I256) {
        // Wider than DuckDB's: check that every valid value fits before narrowing.
        for (size_t i = 0; i < decimal->len(); i++) {
            VX_ENSURE(!decimal->is_valid(i) || decimal->value_at(i).FitsIn(16), InvalidArgument,
                      "decimal value {} at row {} does not fit DuckDB's DECIMAL({}, {})",
                      decimal->value_at(i).ToString(), i, decimal->decimal_dtype().precision,
                      decimal->decimal_dtype().scale);
        }
    }
    if (width != ByteWidth(decimal->values_type())) {
        switch (physical) {
            case dd::PhysicalType::INT16:
                ExportDecimalAs<int16_t>(*decimal, out);
                break;
            case dd::PhysicalType::INT32:
                ExportDecimalAs<int32_t>(*decimal, out);
                break;
            case dd::PhysicalType::INT64:
                ExportDecimalAs<int64_t>(*decimal, out);
                break;
            case dd::PhysicalType::INT128:
                ExportDecimalAs<dd::hugeint_t>(*decimal, out);
                break;
            default:
                return Status::Internal("unexpected DuckDB decimal storage {}", dd::TypeIdToString(physical));
        }
    }
    ExportValidity(*array, out);
    return Status::OK();
}

// A temporal value in DuckDB's unit: stored * multiply, or floor(stored / divide).
Status ExportTemporal(
    const ArrayRef &storage, dd::Vector &out, Placement placement, int64_t multiply, int64_t divide) {
    VX_ASSIGN_OR_RETURN(const auto primitive, CanonicalAs<PrimitiveArray>(storage));
    const size_t duck_width = dd::GetTypeIdSize(out.GetType().InternalType());
    if (multiply == 1 && divide == 1 && duck_width == ByteWidth(primitive->ptype())) {
        return ExportPrimitive(storage, out, placement);
    }
    auto scale = [&](int64_t v) -> Result<int64_t> {
        if (divide != 1) {
            return v / divide - ((v % divide) < 0 ? 1 : 0);
        }
        int64_t scaled = 0;
        if (__builtin_mul_overflow(v, multiply, &scaled)) {
            return Status::InvalidArgument("temporal value {} overflows DuckDB's unit", v);
        }
        return scaled;
    };
    for (size_t i = 0; i < primitive->len(); i++) {
        const int64_t stored = primitive->ptype() == PType::I32 ? primitive->values_as<int32_t>()[i]
                                                                : primitive->values_as<int64_t>()[i];
        if (!primitive->is_valid(i)) {
            continue;
        }
        VX_ASSIGN_OR_RETURN(const int64_t duck, scale(stored));
        if (duck_width == 4) {
            VX_ENSURE(duck >= INT32_MIN && duck <= INT32_MAX, InvalidArgument,
                      "date {} is out of DuckDB's range", duck);
            dd::FlatVector::GetData<int32_t>(out)[i] = static_cast<int32_t>(duck);
        } else {
            dd::FlatVector::GetData<int64_t>(out)[i] = duck;
        }
    }
    ExportValidity(*storage, out);
    return Status::OK();
}

// DuckDB's UUID is a hugeint of the 16 bytes read big-endian, with the top bit flipped so that
// signed order is byte order (duckdb/common/types/uuid.cpp).
Status ExportUuid(const ArrayRef &storage, dd::Vector &out) {
    VX_ASSIGN_OR_RETURN(const auto fsl, CanonicalAs<FixedSizeListArray>(storage));
    VX_ASSIGN_OR_RETURN(ArrayRef elements, Canonicalize(fsl->elements()));
    VX_ASSIGN_OR_RETURN(const auto bytes, CanonicalAs<PrimitiveArray>(elements));
    VX_ENSURE(bytes->ptype() == PType::U8 && bytes->len() >= fsl->len() * 16, Internal,
              "vortex.uuid storage is not 16 bytes a row");
    const uint8_t *data = bytes->values_as<uint8_t>().data();
    auto *uuids = dd::FlatVector::GetData<dd::hugeint_t>(out);
    for (size_t i = 0; i < fsl->len(); ++i) {
        uint64_t upper = 0;
        uint64_t lower = 0;
        for (size_t k = 0; k < 8; ++k) {
            upper = upper << 8 | data[i * 16 + k];
            lower = lower << 8 | data[i * 16 + 8 + k];
        }
        uuids[i] = dd::hugeint_t(static_cast<int64_t>(upper ^ (uint64_t{1} << 63)), lower);
    }
    ExportValidity(*storage, out);
    return Status::OK();
}

Status ExportExtension(const ArrayRef &array, dd::Vector &out, Placement placement) {
    VX_ASSIGN_OR_RETURN(const auto ext, CanonicalAs<ExtensionArray>(array));
    VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(ext->storage()));
    if (IsUuid(array->dtype())) {
        return ExportUuid(storage, out);
    }
    if (!IsTemporal(array->dtype())) {
        return ExportArray(storage, out, placement);
    }
    VX_ASSIGN_OR_RETURN(const TemporalMetadata temporal, ParseTemporalMetadata(array->dtype().extension()));
    const TemporalScale scale = DuckDBScale(temporal);
    return ExportTemporal(storage, out, placement, scale.multiply, scale.divide);
}

// The child of `projection` that selects field `f`, or nullptr when the field is not read.
const dd::ColumnIndex *ProjectedField(const dd::ColumnIndex &projection, size_t f) {
    for (const dd::ColumnIndex &child : projection.GetChildIndexes()) {
        if (child.GetPrimaryIndex() == f) {
            return &child;
        }
    }
    return nullptr;
}

// With a projection (DuckDB's struct field pushdown, `projection` lists the fields the query
// reads), the other fields are left NULL and never decoded.
Status
ExportStruct(const ArrayRef &array, dd::Vector &out, Placement placement, const dd::ColumnIndex *projection) {
    VX_ASSIGN_OR_RETURN(const auto structs, CanonicalAs<StructArray>(array));
    auto &entries = dd::StructVector::GetEntries(out);
    VX_ENSURE(entries.size() == structs->nfields(), Internal, "struct of {} fields exported into {} vectors",
              structs->nfields(), entries.size());
    const bool projected = projection != nullptr && projection->HasChildren();
    for (size_t f = 0; f < structs->nfields(); f++) {
        const dd::ColumnIndex *field_projection = projected ? ProjectedField(*projection, f) : nullptr;
        if (projected && field_projection == nullptr) {
            entries[f]->SetVectorType(dd::VectorType::CONSTANT_VECTOR);
            dd::ConstantVector::SetNull(*entries[f], true);
            continue;
        }
        const ArrayRef &field = structs->field(f);
        if (field->dtype().is_struct() && field_projection != nullptr && field_projection->HasChildren()) {
            VX_RETURN_NOT_OK(ExportStruct(field, *entries[f], placement, field_projection));
        } else {
            VX_RETURN_NOT_OK(ExportArray(field, *entries[f], placement));
        }
    }
    ExportValidity(*array, out);
    // DuckDB expects a null struct's fields to be null too.
    const Mask mask = array->validity_mask();
    if (!mask.all_true()) {
        for (size_t i = 0; i < array->len(); i++) {
            if (!mask.value(i)) {
                for (auto &entry : entries) {
                    if (entry->GetVectorType() == dd::VectorType::FLAT_VECTOR) {
                        dd::FlatVector::SetNull(*entry, i, true);
                    }
                }
            }
        }
    }
    return Status::OK();
}

// A list view's offsets or sizes (canonical integers or a constant) widened into `out`, read
// through IntegerChild: one width dispatch for the whole child.
Status ReadViewIntegers(const ArrayRef &child, std::vector<uint64_t> &out) {
    VX_ASSIGN_OR_RETURN(const IntegerChild integers, IntegerChild::Adopt(child));
    out.resize(integers.len());
    if (integers.primitive() == nullptr) {
        std::fill(out.begin(), out.end(), integers.at(0));
        return Status::OK();
    }
    integers.VisitUnsigned([&](const auto *values) { std::copy(values, values + out.size(), out.begin()); });
    return Status::OK();
}

Status ExportList(const ArrayRef &array, dd::Vector &out) {
    VX_ASSIGN_OR_RETURN(const auto lists, CanonicalAs<ListViewArray>(array));
    const size_t len = lists->len();
    std::vector<uint64_t> offsets, sizes;
    VX_RETURN_NOT_OK(ReadViewIntegers(lists->offsets(), offsets));
    VX_RETURN_NOT_OK(ReadViewIntegers(lists->sizes(), sizes));
    const Mask mask = array->validity_mask();
    if (!mask.all_true()) {
        for (size_t i = 0; i < len; i++) {
            sizes[i] = mask.value(i) ? sizes[i] : 0; // a null list's view is never read
        }
    }
    uint64_t lo = UINT64_MAX;
    uint64_t hi = 0;
    for (size_t i = 0; i < len; i++) {
        if (sizes[i] > 0) {
            lo = std::min(lo, offsets[i]);
            hi = std::max(hi, offsets[i] + sizes[i]);
        }
    }
    if (lo > hi) {
        lo = hi = 0;
    }
    VX_ENSURE(hi <= lists->elements()->len(), InvalidArgument, "list ends at {} past its {} elements", hi,
              lists->elements()->len());
    auto *entries = dd::FlatVector::GetData<dd::list_entry_t>(out);
    for (size_t i = 0; i < len; i++) {
        entries[i] = sizes[i] > 0 ? dd::list_entry_t(offsets[i] - lo, sizes[i]) : dd::list_entry_t(0, 0);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef elements, Slice(lists->elements(), lo, hi));
    dd::ListVector::Reserve(out, hi - lo);
    VX_RETURN_NOT_OK(ExportArray(elements, dd::ListVector::GetEntry(out), Placement::Copy));
    dd::ListVector::SetListSize(out, hi - lo);
    ExportValidity(*array, out);
    return Status::OK();
}

Status ExportFixedSizeList(const ArrayRef &array, dd::Vector &out) {
    VX_ASSIGN_OR_RETURN(const auto lists, CanonicalAs<FixedSizeListArray>(array));
    VX_RETURN_NOT_OK(ExportArray(lists->elements(), dd::ArrayVector::GetEntry(out), Placement::Copy));
    ExportValidity(*array, out);
    return Status::OK();
}

Status ExportArray(const ArrayRef &any, dd::Vector &out, Placement placement) {
    VX_ASSIGN_OR_RETURN(ArrayRef array, Canonicalize(any));
    switch (array->dtype().kind()) {
        case DTypeKind::Null:
            dd::FlatVector::Validity(out).SetAllInvalid(array->len());
            return Status::OK();
        case DTypeKind::Bool:
            return ExportBool(array, out);
        case DTypeKind::Primitive:
            return ExportPrimitive(array, out, placement);
        case DTypeKind::Decimal:
            return ExportDecimal(array, out, placement);
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return ExportStrings(array, out);
        case DTypeKind::Struct:
            return ExportStruct(array, out, placement, nullptr);
        case DTypeKind::List:
            return ExportList(array, out);
        case DTypeKind::FixedSizeList:
            return ExportFixedSizeList(array, out);
        case DTypeKind::Extension:
            return ExportExtension(array, out, placement);
    }
    return Status::NotImplemented("cannot export {} to DuckDB", array->dtype().ToString());
}

} // namespace

Status ExportVector(const ArrayRef &array, dd::Vector &out) {
    const DTypeKind kind = array->dtype().kind();
    const bool nested =
        kind == DTypeKind::Struct || kind == DTypeKind::List || kind == DTypeKind::FixedSizeList;
    if (const auto *constant = As<ConstantArray>(*array);
        constant != nullptr && array->len() > 0 && !nested) {
        // One row written flat, then marked constant: the same conversions serve both.
        VX_RETURN_NOT_OK(ExportArray(ConstantArray::Make(constant->scalar(), 1), out, Placement::Copy));
        out.SetVectorType(dd::VectorType::CONSTANT_VECTOR);
        return Status::OK();
    }
    return ExportArray(array, out, Placement::Reference);
}

Status ExportVector(const ArrayRef &array, dd::Vector &out, const dd::ColumnIndex &projection) {
    if (!projection.HasChildren() || !array->dtype().is_struct() || As<ConstantArray>(*array) != nullptr) {
        return ExportVector(array, out);
    }
    return ExportStruct(array, out, Placement::Reference, &projection);
}

namespace {

// Dictionaries up to this many values are converted up front; larger ones are rare (the
// compressor dictionary-encodes low cardinalities) and are exported row by row instead.
constexpr size_t kMaxDictionaryValues = size_t{1} << 20;
// DuckDB's aggregates reuse their per-entry work across vectors only for dictionaries below
// this size (MAX_DICTIONARY_SIZE_THRESHOLD in its aggregate hash table). A larger dictionary
// shared by a whole column is cut down to the entries one split uses.
constexpr size_t kDuckDBDictionaryLimit = 20000;

// The DictArray leaves encoded codes unchecked until they are decoded: this is where. (A bool
// and a separate error, not a Result per code: these run once per row.)
template <typename Code>
bool CodeInRange(Code code, size_t values_len) {
    if constexpr (std::is_signed_v<Code>) {
        if (code < 0) {
            return false;
        }
    }
    return static_cast<uint64_t>(code) < values_len;
}

template <typename Code>
Status CodeOutOfRange(Code code, size_t row, size_t values_len) {
    return Status::InvalidArgument("dictionary code {} at row {} is outside its {} values",
                                   static_cast<int64_t>(code), row, values_len);
}

template <typename Code>
Status
SelectCodes(const PrimitiveArray &codes, size_t offset, size_t count, size_t values_len, dd::sel_t *sel) {
    const std::span<const Code> values = codes.values_as<Code>().subspan(offset, count);
    const Validity &validity = codes.validity();
    for (size_t i = 0; i < count; i++) {
        if (!validity.is_valid(offset + i)) {
            sel[i] = static_cast<dd::sel_t>(values_len); // the null entry
            continue;
        }
        if (!CodeInRange(values[i], values_len)) {
            return CodeOutOfRange(values[i], offset + i, values_len);
        }
        // CodeInRange checked 0 <= code < values_len, so a signed code converts exactly.
        sel[i] = static_cast<dd::sel_t>(values[i]); // NOLINT(bugprone-signed-char-misuse)
    }
    return Status::OK();
}

} // namespace

Result<std::optional<DictionaryExport>> DictionaryExport::Make(const ArrayRef &array,
                                                               const DictionaryExport *previous,
                                                               const std::function<std::string()> &new_id) {
    const auto *dict = As<DictArray>(*array);
    if (dict == nullptr) {
        return std::optional<DictionaryExport>();
    }
    DictionaryExport out;
    if (previous != nullptr && previous->source_values_ != nullptr &&
        previous->source_values_ == dict->values()) {
        VX_ASSIGN_OR_RETURN(out.codes_, Canonicalize(dict->codes()));
        out.values_ = previous->values_;
        out.values_len_ = previous->values_len_;
        out.source_values_ = previous->source_values_;
        out.id_ = previous->id_;
        return std::optional<DictionaryExport>(std::move(out));
    }
    const DTypeKind kind = dict->values()->dtype().kind();
    if (kind == DTypeKind::Struct || kind == DTypeKind::List || kind == DTypeKind::FixedSizeList ||
        dict->values()->len() > kMaxDictionaryValues) {
        return std::optional<DictionaryExport>();
    }
    VX_ASSIGN_OR_RETURN(dd::LogicalType type, ToLogicalType(array->dtype()));
    ArrayRef values = dict->values();
    const bool is_bytes = kind == DTypeKind::Utf8 || kind == DTypeKind::Binary;
    const bool large = values->len() + 1 >= kDuckDBDictionaryLimit;
    if (large && (!is_bytes || values->len() > array->len())) {
        // Too large for one DuckDB dictionary, so each split would renumber its codes (a remap
        // the size of the values, a random access per row). Fixed-width values gain nothing
        // from it (DuckDB compares and hashes them as fast flat), nor do values outnumbering
        // the rows (each used about once): decoding is cheaper.
        return std::optional<DictionaryExport>();
    }
    if (large) {
        // Converted whole once (and reused while the next splits share it); each split then
        // gets a dictionary of the entries it uses, copied out of the converted one.
        if (previous != nullptr && previous->full_source_values_ == values) {
            out.full_values_ = previous->full_values_;
            out.full_id_ = previous->full_id_;
        } else {
            // Copied, not referenced: the trailing null entry must lie inside the vector's data.
            out.full_values_ = std::make_shared<dd::Vector>(type, values->len() + 1);
            VX_RETURN_NOT_OK(ExportArray(values, *out.full_values_, Placement::Copy));
            dd::FlatVector::SetNull(*out.full_values_, values->len(), true);
            out.full_id_ = new_id();
        }
        out.full_source_values_ = values;
        VX_ASSIGN_OR_RETURN(DictArray::RenumberedCodes renumbered,
                            dict->RenumberCodes(kDuckDBDictionaryLimit - 1));
        if (renumbered.exceeded) {
            // No small dictionary is possible: select from the whole one, nothing copied.
            VX_ASSIGN_OR_RETURN(out.codes_, Canonicalize(dict->codes()));
            out.values_ = out.full_values_;
            out.values_len_ = values->len();
            out.id_ = out.full_id_;
            return std::optional<DictionaryExport>(std::move(out));
        }
        out.codes_ = std::move(renumbered.codes);
        std::vector<uint32_t> &used = renumbered.used;
        out.values_len_ = used.size();
        out.values_ = std::make_shared<dd::Vector>(type, out.values_len_ + 1);
        static_assert(sizeof(dd::sel_t) == sizeof(uint32_t));
        dd::SelectionVector select(reinterpret_cast<dd::sel_t *>(used.data()));
        dd::VectorOperations::Copy(*out.full_values_, *out.values_, select, out.values_len_, 0, 0);
        dd::FlatVector::SetNull(*out.values_, out.values_len_, true);
        out.id_ = new_id();
        return std::optional<DictionaryExport>(std::move(out));
    } else {
        VX_ASSIGN_OR_RETURN(out.codes_, Canonicalize(dict->codes()));
        // Only an uncut dictionary can be shared with the next split.
        out.source_values_ = values;
    }
    out.values_len_ = values->len();
    out.values_ = std::make_shared<dd::Vector>(type, out.values_len_ + 1);
    // Copied, not referenced: the trailing null entry must lie inside the vector's own data.
    VX_RETURN_NOT_OK(ExportArray(values, *out.values_, Placement::Copy));
    dd::FlatVector::SetNull(*out.values_, out.values_len_, true);
    out.id_ = new_id();
    return std::optional<DictionaryExport>(std::move(out));
}

Status DictionaryExport::Export(size_t offset, size_t count, dd::Vector &out) const {
    VX_ASSIGN_OR_RETURN(const auto codes, CanonicalAs<PrimitiveArray>(codes_));
    VX_ENSURE(offset + count <= codes->len(), OutOfBounds, "rows {}..{} past {} codes", offset,
              offset + count, codes->len());
    dd::SelectionVector sel(count);
    dd::sel_t *data = sel.data();
    Status status = Status::OK();
    switch (codes->ptype()) {
        case PType::U8:
            status = SelectCodes<uint8_t>(*codes, offset, count, values_len_, data);
            break;
        case PType::U16:
            status = SelectCodes<uint16_t>(*codes, offset, count, values_len_, data);
            break;
        case PType::U32:
            status = SelectCodes<uint32_t>(*codes, offset, count, values_len_, data);
            break;
        case PType::U64:
            status = SelectCodes<uint64_t>(*codes, offset, count, values_len_, data);
            break;
        case PType::I8:
            status = SelectCodes<int8_t>(*codes, offset, count, values_len_, data);
            break;
        case PType::I16:
            status = SelectCodes<int16_t>(*codes, offset, count, values_len_, data);
            break;
        case PType::I32:
            status = SelectCodes<int32_t>(*codes, offset, count, values_len_, data);
            break;
        case PType::I64:
            status = SelectCodes<int64_t>(*codes, offset, count, values_len_, data);
            break;
        default:
            return Status::InvalidArgument("dictionary codes of type {}", PTypeName(codes->ptype()));
    }
    VX_RETURN_NOT_OK(status);
    out.Dictionary(*values_, values_len_ + 1, sel, count);
    dd::DictionaryVector::SetDictionaryId(out, id_);
    return Status::OK();
}

} // namespace vortex::duckdb_ext
