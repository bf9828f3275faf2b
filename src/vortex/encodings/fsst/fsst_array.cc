// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fsst/fsst_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/varbin/varbin_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/encodings/fsst/fsst_metadata.pb.h"

namespace vortex::fsst {

namespace {

std::vector<Buffer> FsstBuffers(const SymbolTable &table, const Buffer &codes) {
    return {table.symbols_buffer(), table.symbol_lengths_buffer(), codes};
}

std::vector<ArrayRef>
FsstChildren(const ArrayRef &lengths, const ArrayRef &offsets, const Validity &validity, size_t len) {
    std::vector<ArrayRef> children{lengths, offsets};
    internal::AppendValidityChild(validity, len, children);
    return children;
}

// Each code decodes to at most 8 bytes: a claimed size above that is corrupt, and checking it
// first keeps a hostile length from sizing an allocation.
Status CheckDecodedSize(uint64_t size, size_t ncodes) {
    VX_ENSURE(size / kMaxSymbolLength <= ncodes, InvalidArgument,
              "fsst: {} code bytes cannot decode to {} bytes", ncodes, size);
    return Status::OK();
}

// Offsets non-decreasing and within the codes; no value longer than its codes can decode to
// (every value's length is bounded by its codes, so the total cannot overflow either). One
// branch-free pass over canonical children; the checks below locate a failure.
template <typename O, typename L>
bool ValueCodesFit(const O *offsets, const L *lengths, size_t len, size_t ncodes) {
    bool bad = offsets[len] > ncodes;
    for (size_t i = 0; i < len; ++i) {
        const uint64_t start = offsets[i];
        const uint64_t end = offsets[i + 1];
        bad |= start > end;
        bad |= uint64_t{lengths[i]} / kMaxSymbolLength > end - start;
    }
    return !bad;
}

Result<ArrayRef> BuildCurrent(const DType &dtype,
                              size_t len,
                              const vortex::encodings::FSSTMetadata &proto,
                              std::shared_ptr<const SymbolTable> table,
                              Buffer codes,
                              const ArrayChildren &children) {
    constexpr std::string_view kId = FsstEncoding::kId;
    VX_ASSIGN_OR_RETURN(PType lengths_ptype, internal::PTypeFromTag(kId, proto.uncompressed_lengths_ptype()));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(kId, "uncompressed lengths", lengths_ptype));
    VX_ASSIGN_OR_RETURN(PType offsets_ptype, internal::PTypeFromTag(kId, proto.codes_offsets_ptype()));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(kId, "codes offsets", offsets_ptype));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 2, 3));
    VX_ASSIGN_OR_RETURN(ArrayRef lengths,
                        children.Get(0, DType::Primitive(lengths_ptype, Nullability::NonNullable), len));
    VX_ASSIGN_OR_RETURN(ArrayRef offsets,
                        children.Get(1, DType::Primitive(offsets_ptype, Nullability::NonNullable), len + 1));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 2, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        FsstArray::TryMake(dtype, std::move(table), std::move(codes), std::move(offsets),
                                           std::move(lengths), std::move(validity)));
    return ArrayRef(std::move(array));
}

// The legacy form keeps the codes as a varbin child, which is decomposed here.
Result<ArrayRef> BuildLegacy(const DType &dtype,
                             size_t len,
                             const vortex::encodings::FSSTMetadata &proto,
                             std::shared_ptr<const SymbolTable> table,
                             const ArrayChildren &children) {
    constexpr std::string_view kId = FsstEncoding::kId;
    VX_ASSIGN_OR_RETURN(PType lengths_ptype, internal::PTypeFromTag(kId, proto.uncompressed_lengths_ptype()));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(kId, "uncompressed lengths", lengths_ptype));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 2, 2));
    VX_ASSIGN_OR_RETURN(ArrayRef codes, children.Get(0, DType::Binary(dtype.nullability()), len));
    const auto varbin = As<VarBinArray>(codes);
    VX_ENSURE(varbin != nullptr, Serde, "{}: legacy codes must be vortex.varbin, got {}", kId,
              codes->encoding_id());
    VX_ASSIGN_OR_RETURN(ArrayRef lengths,
                        children.Get(1, DType::Primitive(lengths_ptype, Nullability::NonNullable), len));
    VX_ASSIGN_OR_RETURN(auto array,
                        FsstArray::TryMake(dtype, std::move(table), varbin->bytes(), varbin->offsets(),
                                           std::move(lengths), varbin->validity()));
    return ArrayRef(std::move(array));
}

} // namespace

// Spec: arrays-encodings 7.7 (both forms; see the class comment).
Result<ArrayRef> FsstEncoding::Build(const DType &dtype,
                                     size_t len,
                                     std::span<const uint8_t> metadata,
                                     std::vector<Buffer> buffers,
                                     const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_utf8() || dtype.is_binary(), Serde, "{}: dtype must be utf8 or binary, got {}", kId,
              dtype);
    VX_ENSURE(len < SIZE_MAX, Serde, "{}: length too large", kId);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::encodings::FSSTMetadata>(kId, metadata));
    VX_ENSURE(buffers.size() == 2 || buffers.size() == 3, Serde, "{}: expected 2 or 3 buffers, got {}", kId,
              buffers.size());
    auto table = SymbolTable::FromBuffers(buffers[0], buffers[1]);
    if (!table.ok()) {
        return Status::Serde("{}: {}", kId, table.status().message());
    }
    auto shared_table = std::make_shared<const SymbolTable>(std::move(table).ValueOrDie());
    Result<ArrayRef> array =
        buffers.size() == 3 ? BuildCurrent(dtype, len, proto, std::move(shared_table), buffers[2], children)
                            : BuildLegacy(dtype, len, proto, std::move(shared_table), children);
    if (!array.ok() && array.status().code() == StatusCode::InvalidArgument) {
        return Status::Serde("{}: {}", kId, array.status().message());
    }
    return array;
}

FsstArray::FsstArray(Token,
                     DType dtype,
                     std::shared_ptr<const SymbolTable> table,
                     Buffer codes,
                     IntegerChild codes_offsets,
                     IntegerChild uncompressed_lengths,
                     Validity validity,
                     bool canonical_codes)
    : Array(FsstEncoding::Instance(),
            std::move(dtype),
            uncompressed_lengths.len(),
            FsstBuffers(*table, codes),
            FsstChildren(
                uncompressed_lengths.stored(), codes_offsets.stored(), validity, uncompressed_lengths.len())),
      table_(std::move(table)), codes_(std::move(codes)), offsets_(std::move(codes_offsets)),
      lengths_(std::move(uncompressed_lengths)), validity_(std::move(validity)),
      canonical_codes_(canonical_codes) {}

Result<std::shared_ptr<const FsstArray>> FsstArray::TryMake(DType dtype,
                                                            std::shared_ptr<const SymbolTable> table,
                                                            Buffer codes,
                                                            ArrayRef codes_offsets,
                                                            ArrayRef uncompressed_lengths,
                                                            Validity validity,
                                                            bool canonical_codes) {
    VX_ENSURE(dtype.is_utf8() || dtype.is_binary(), InvalidArgument,
              "fsst dtype must be utf8 or binary, got {}", dtype);
    VX_ENSURE(table && codes_offsets && uncompressed_lengths, InvalidArgument, "fsst parts must not be null");
    VX_ASSIGN_OR_RETURN(IntegerChild lengths, IntegerChild::Make(std::move(uncompressed_lengths),
                                                                 "fsst uncompressed lengths", false));
    VX_ASSIGN_OR_RETURN(IntegerChild offsets,
                        IntegerChild::Make(std::move(codes_offsets), "fsst codes offsets", false));
    const size_t len = lengths.len();
    VX_ENSURE(offsets.len() == len + 1, InvalidArgument, "fsst: {} codes offsets for {} values",
              offsets.len(), len);
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, dtype.nullability(), len));
    // One type dispatch for the loop over every value instead of one per access.
    const bool fit = offsets.primitive() != nullptr && lengths.primitive() != nullptr &&
                     offsets.VisitUnsigned([&](const auto *offset) {
                         return lengths.VisitUnsigned([&](const auto *length) {
                             return ValueCodesFit(offset, length, len, codes.size());
                         });
                     });
    if (!fit) { // constant children, or a failure to locate
        for (size_t i = 0; i + 1 < offsets.positions_to_check(); ++i) {
            VX_ENSURE(offsets.at(i) <= offsets.at(i + 1), InvalidArgument,
                      "fsst codes offsets decrease at {}: {} > {}", i, offsets.at(i), offsets.at(i + 1));
        }
        VX_ENSURE(offsets.at(len) <= codes.size(), InvalidArgument,
                  "fsst: last codes offset {} exceeds {} code bytes", offsets.at(len), codes.size());
        // A constant offsets child means no codes at all: then the lengths' distinct values suffice.
        const size_t to_check = offsets.primitive() != nullptr ? len : lengths.positions_to_check();
        for (size_t i = 0; i < to_check; ++i) {
            VX_RETURN_NOT_OK(CheckDecodedSize(lengths.at(i), offsets.at(i + 1) - offsets.at(i)));
        }
    }
    return std::make_shared<const FsstArray>(Token{}, std::move(dtype), std::move(table), std::move(codes),
                                             std::move(offsets), std::move(lengths), std::move(validity),
                                             canonical_codes);
}

std::span<const uint8_t> FsstArray::codes_at(size_t i) const {
    const uint64_t start = offsets_.at(i);
    return codes_.bytes().subspan(start, offsets_.at(i + 1) - start);
}

Result<std::string> FsstArray::DecompressValue(size_t i) const {
    std::string out(lengths_.at(i), '\0');
    VX_RETURN_NOT_OK(table_->Decompress(codes_at(i), reinterpret_cast<uint8_t *>(out.data()), out.size()));
    return out;
}

Result<std::vector<uint8_t>> FsstArray::SerializeMetadata() const {
    vortex::encodings::FSSTMetadata proto;
    proto.set_uncompressed_lengths_ptype(
        static_cast<vortex::dtype::PType>(uncompressed_lengths()->dtype().ptype()));
    proto.set_codes_offsets_ptype(static_cast<vortex::dtype::PType>(codes_offsets()->dtype().ptype()));
    return internal::SerializeProtoMetadata(proto);
}

Result<ArrayRef> FsstArray::ToCanonical() const {
    // Written whole by the prefix sum (no zeroing pass first).
    const std::unique_ptr<uint64_t[]> offsets_storage(new uint64_t[len() + 1]);
    const std::span<uint64_t> offsets(offsets_storage.get(), len() + 1);
    offsets[0] = 0;
    const auto prefix_sum = [&](const auto &length_at) {
        for (size_t i = 0; i < len(); ++i) {
            offsets[i + 1] = offsets[i] + length_at(i);
        }
    };
    if (lengths_.primitive() != nullptr) {
        lengths_.VisitUnsigned(
            [&](const auto *lengths) { prefix_sum([&](size_t i) { return lengths[i]; }); });
    } else {
        prefix_sum([&](size_t i) { return lengths_.at(i); });
    }
    const uint64_t first = len() == 0 ? 0 : offsets_.at(0);
    const uint64_t last = len() == 0 ? 0 : offsets_.at(len());
    VX_RETURN_NOT_OK(CheckDecodedSize(offsets.back(), last - first));
    // One pass over all codes: values are contiguous in the codes and in the output.
    // With slack the decoder stores whole 8-byte words up to the end; then the slack is cut.
    // The decoder writes every byte (it fails otherwise), so no zeroing first.
    BufferMut bytes = BufferMut::Uninitialized(offsets.back() + SymbolTable::kDecompressSlack);
    VX_RETURN_NOT_OK(table_->DecompressWithSlack(codes_.bytes().subspan(first, last - first), bytes.data(),
                                                 offsets.back()));
    bytes.Resize(offsets.back());
    const Buffer data = std::move(bytes).Freeze();
    if (dtype().is_utf8()) { // the codes were never checked
        VX_RETURN_NOT_OK(CheckUtf8Values(data, offsets, validity_));
    }
    std::vector<Buffer> data_buffers;
    Buffer views = BuildViewsOverBytes(data, offsets, data_buffers);
    // The views are built from checked offsets over the decoded bytes: nothing to re-check.
    return ArrayRef(std::make_shared<const VarBinViewArray>(
        VarBinViewArray::Token{}, dtype(), std::move(views), std::move(data_buffers), validity_));
}

} // namespace vortex::fsst
