// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Kernels on FSST-encoded data: they move or compare code bytes and decode only what a
// result needs.

#include <cstring>
#include <limits>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/length.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/string_match.h"
#include "vortex/array/compute/take.h"
#include "vortex/encodings/fsst/fsst_array.h"
#include "vortex/scalar/scalar.h"
#include "vortex/serde/utf8_validation.h"

namespace vortex::fsst {

namespace {

template <typename T>
ArrayRef ToPrimitive(const std::vector<uint64_t> &values) {
    std::vector<T> narrow(values.begin(), values.end());
    return PrimitiveArray::FromValues(narrow);
}

ArrayRef NarrowestSigned(const std::vector<uint64_t> &values, uint64_t max) {
    return max <= static_cast<uint64_t>(std::numeric_limits<int32_t>::max()) ? ToPrimitive<int32_t>(values)
                                                                             : ToPrimitive<int64_t>(values);
}

std::string_view ScalarBytes(const Scalar &scalar) {
    if (scalar.dtype().is_utf8()) {
        return scalar.as_string_view();
    }
    const auto bytes = scalar.as_bytes();
    return {reinterpret_cast<const char *>(bytes.data()), bytes.size()};
}

} // namespace

std::optional<Result<Scalar>> FsstArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    auto value = DecompressValue(i);
    if (!value.ok()) {
        return Result<Scalar>(value.status());
    }
    if (dtype().is_utf8()) {
        if (!serde::IsValidUtf8(*value)) {
            return Result<Scalar>(Status::InvalidArgument("fsst value {}: invalid UTF-8", i));
        }
        return Result<Scalar>(Scalar::Utf8(std::move(value).ValueOrDie(), dtype().nullability()));
    }
    return Result<Scalar>(
        Scalar::Binary(std::vector<uint8_t>(value->begin(), value->end()), dtype().nullability()));
}

std::optional<Result<ArrayRef>> FsstArray::SliceImpl(size_t start, size_t stop) const {
    auto sliced = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef offsets, Slice(offsets_.array(), start, stop + 1));
        VX_ASSIGN_OR_RETURN(ArrayRef lengths, Slice(lengths_.array(), start, stop));
        VX_ASSIGN_OR_RETURN(IntegerChild offsets_child, IntegerChild::Adopt(std::move(offsets)));
        VX_ASSIGN_OR_RETURN(IntegerChild lengths_child, IntegerChild::Adopt(std::move(lengths)));
        return ArrayRef(std::make_shared<const FsstArray>(Token{}, dtype(), table_, codes_,
                                                          std::move(offsets_child), std::move(lengths_child),
                                                          validity_.Slice(start, stop), canonical_codes_));
    };
    return sliced();
}

Result<ArrayRef> FsstArray::Gather(std::span<const size_t> positions, Validity validity) const {
    uint64_t total_codes = 0;
    for (size_t k = 0; k < positions.size(); ++k) {
        if (validity.is_valid(k)) {
            total_codes += codes_at(positions[k]).size();
        }
    }
    BufferMut codes = BufferMut::WithCapacity(total_codes);
    std::vector<uint64_t> offsets(positions.size() + 1, 0);
    std::vector<uint64_t> lengths(positions.size(), 0);
    uint64_t longest = 0;
    for (size_t k = 0; k < positions.size(); ++k) {
        if (validity.is_valid(k)) {
            const auto value_codes = codes_at(positions[k]);
            codes.Append(value_codes.data(), value_codes.size());
            lengths[k] = lengths_.at(positions[k]);
            longest = std::max(longest, lengths[k]);
        }
        offsets[k + 1] = codes.size();
    }
    VX_ASSIGN_OR_RETURN(IntegerChild offsets_child,
                        IntegerChild::Adopt(NarrowestSigned(offsets, offsets.back())));
    VX_ASSIGN_OR_RETURN(IntegerChild lengths_child, IntegerChild::Adopt(NarrowestSigned(lengths, longest)));
    DType dtype_out = dtype().WithNullability(validity.nullability());
    return ArrayRef(std::make_shared<const FsstArray>(
        Token{}, std::move(dtype_out), table_, std::move(codes).Freeze(), std::move(offsets_child),
        std::move(lengths_child), std::move(validity), canonical_codes_));
}

std::optional<Result<ArrayRef>> FsstArray::FilterImpl(const Mask &mask) const {
    const std::vector<size_t> positions = mask.Indices();
    return Gather(positions, validity_.Filter(mask));
}

std::optional<Result<ArrayRef>> FsstArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    return Gather(decoded->positions, TakeValidity(validity_, *decoded, indices->dtype().is_nullable()));
}

std::optional<Result<ArrayRef>> FsstArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    if ((op != CompareOp::Eq && op != CompareOp::NotEq) || scalar.is_null()) {
        return std::nullopt;
    }
    auto compare = [&]() -> Result<ArrayRef> {
        const std::string_view needle = ScalarBytes(scalar);
        const bool want_equal = op == CompareOp::Eq;
        BitBufferMut out(len());
        if (canonical_codes_) {
            // Deterministic codes: equal values <=> equal code bytes.
            std::vector<uint8_t> needle_codes(Compressor::MaxCompressedSize(needle.size()));
            needle_codes.resize(Compressor(*table_).Compress(needle, needle_codes.data()));
            for (size_t i = 0; i < len(); ++i) {
                const auto codes = codes_at(i);
                const bool equal =
                    codes.size() == needle_codes.size() &&
                    (codes.empty() || std::memcmp(codes.data(), needle_codes.data(), codes.size()) == 0);
                out.Set(i, equal == want_equal);
            }
        } else {
            // Foreign codes (another compressor may pick other symbols): decode the values
            // whose length matches.
            std::string scratch(needle.size(), '\0');
            for (size_t i = 0; i < len(); ++i) {
                bool equal = false;
                if (is_valid(i) && lengths_.at(i) == needle.size()) {
                    VX_RETURN_NOT_OK(table_->Decompress(
                        codes_at(i), reinterpret_cast<uint8_t *>(scratch.data()), scratch.size()));
                    equal = scratch == needle;
                }
                out.Set(i, equal == want_equal);
            }
        }
        return MakeCompareResult(std::move(out).Freeze(), validity_,
                                 dtype().is_nullable() || scalar.dtype().is_nullable());
    };
    return compare();
}

std::optional<Result<ArrayRef>> FsstArray::MatchStringsImpl(const StringMatch &match) const {
    const auto matches = [&]() -> Result<ArrayRef> {
        const std::string_view pattern = match.pattern;
        BitBufferMut out(len());
        std::vector<uint8_t> scratch(pattern.size() + kMaxSymbolLength);
        for (size_t i = 0; i < len(); ++i) {
            const uint64_t length = lengths_.at(i);
            if (!is_valid(i) || length < pattern.size()) {
                continue;
            }
            if (match.kind == StringMatchKind::Prefix) {
                VX_ASSIGN_OR_RETURN(size_t decoded,
                                    table_->DecompressPrefix(codes_at(i), scratch.data(), pattern.size()));
                out.Set(i, decoded >= pattern.size() &&
                               (pattern.empty() ||
                                std::memcmp(scratch.data(), pattern.data(), pattern.size()) == 0));
                continue;
            }
            if (scratch.size() < length + SymbolTable::kDecompressSlack) {
                scratch.resize(length + SymbolTable::kDecompressSlack);
            }
            VX_RETURN_NOT_OK(table_->DecompressWithSlack(codes_at(i), scratch.data(), length));
            out.Set(i, match.Matches({reinterpret_cast<const char *>(scratch.data()), length}));
        }
        return MakeCompareResult(std::move(out).Freeze(), validity_, dtype().is_nullable());
    };
    return matches();
}

std::optional<Result<ArrayRef>> FsstArray::LengthImpl(LengthUnit unit) const {
    if (unit != LengthUnit::Bytes) {
        return std::nullopt; // code points need the bytes
    }
    const auto lengths = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef wide,
                            Cast(lengths_.array(), DType::Primitive(PType::I64, Nullability::NonNullable)));
        VX_ASSIGN_OR_RETURN(wide, Canonicalize(wide));
        const auto *primitive = As<PrimitiveArray>(*wide);
        VX_ENSURE(primitive != nullptr, Internal, "FSST lengths did not canonicalize to vortex.primitive");
        return ArrayRef(PrimitiveArray::Make(PType::I64, primitive->values(), validity_));
    };
    return lengths();
}

} // namespace vortex::fsst
