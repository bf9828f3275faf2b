// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "encoded_samples.h"

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbin/varbin_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/dtype/extension.h"
#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"
#include "vortex/encodings/bytebool/bytebool_array.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/for/for_array.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"
#include "vortex/encodings/fsst/fsst_array.h"
#include "vortex/encodings/pco/pco_array.h"
#include "vortex/encodings/pco/pco_encoding.h"
#include "vortex/encodings/runend/runend_array.h"
#include "vortex/encodings/sequence/sequence_array.h"
#include "vortex/encodings/sparse/sparse_array.h"
#include "vortex/encodings/zigzag/zigzag_array.h"
#include "vortex/encodings/zstd/zstd_array.h"

namespace vortex::bad_input {
namespace {

bool IsTimestamp(const DType &dtype) {
    return dtype.is_extension() && dtype.extension().id == kTimestampId;
}

// An arithmetic sequence of the array's integer ptype, short enough to fit every width.
ArrayRef SequenceInput(const DType &dtype, size_t len, uint64_t seed) {
    return VisitIntPType(dtype.ptype(), [&]<typename T>() -> ArrayRef {
        std::vector<T> values(std::min<size_t>(len, 100));
        for (size_t i = 0; i < values.size(); ++i) {
            values[i] = static_cast<T>(static_cast<T>(seed % 7) + static_cast<T>(i));
        }
        return PrimitiveArray::FromValues(values);
    });
}

} // namespace

std::vector<std::pair<ArrayRef, std::string>> EncodedForms(const ArrayRef &canonical, uint64_t seed) {
    std::vector<std::pair<ArrayRef, std::string>> out;
    auto add = [&](Result<ArrayRef> encoded, const char *label) {
        if (encoded.ok()) {
            out.emplace_back(*std::move(encoded), label);
        }
    };
    const DType &dtype = canonical->dtype();
    if (dtype.is_primitive() || dtype.is_bool()) {
        add(runend::RunEndEncode(canonical), "runend");
    }
    if (dtype.is_primitive()) {
        add(fastlanes::RLEEncode(canonical), "rle");
    }
    if (dtype.is_primitive() && IsInt(dtype.ptype())) {
        // Bit-packed at the best width (with patches when skewed) and one bit narrower, so
        // that samples with patches exist for every input.
        auto width = fastlanes::BestBitWidth(canonical);
        if (width.ok()) {
            add(fastlanes::BitPackEncode(canonical, *width), "bitpacked");
            if (*width > 0) {
                add(fastlanes::BitPackEncode(canonical, static_cast<uint8_t>(*width - 1)),
                    "bitpacked-patched");
            }
        }
        add(fastlanes::FoREncode(canonical), "for");
        add(fastlanes::DeltaEncode(canonical), "delta");
        auto sequence = sequence::SequenceEncode(SequenceInput(dtype, canonical->len(), seed));
        if (sequence.ok() && sequence->has_value()) {
            out.emplace_back(**sequence, "sequence");
        }
        if (IsSignedInt(dtype.ptype())) {
            add(zigzag::ZigZagEncode(canonical), "zigzag");
        }
    }
    if (!dtype.is_null() && canonical->len() > 0) {
        auto fill = ScalarAt(canonical, 0);
        if (fill.ok()) {
            add(sparse::SparseEncode(canonical, *fill), "sparse");
        }
    }
    if (dtype.is_primitive() && (dtype.ptype() == PType::F32 || dtype.ptype() == PType::F64)) {
        add(alp::ALPEncode(canonical), "alp");
        add(alp::ALPRDEncode(canonical), "alprd");
    }
    if (const auto *views = As<VarBinViewArray>(*canonical)) {
        std::vector<std::optional<std::string>> values;
        for (size_t i = 0; i < views->len(); ++i) {
            values.push_back(views->is_valid(i) ? std::optional<std::string>(views->bytes_at(i))
                                                : std::nullopt);
        }
        out.emplace_back(VarBinArray::FromStrings(values, dtype), "varbin");
    }
    if (dtype.is_utf8() || dtype.is_binary()) {
        auto fsst = fsst::FsstCompress(canonical);
        if (fsst.ok()) {
            out.emplace_back(ArrayRef(*std::move(fsst)), "fsst");
        }
    }
    if (dtype.is_primitive() || dtype.is_utf8() || dtype.is_binary()) {
        auto compressed = zstd::ZstdCompress(canonical, zstd::ZstdOptions{.values_per_frame = 512});
        if (compressed.ok()) {
            out.emplace_back(ArrayRef(*std::move(compressed)), "zstd");
        }
    }
    if (dtype.is_primitive() && pco::NumberTypeOf(dtype.ptype()).has_value()) {
        auto compressed = pco::PcoCompress(canonical, pco::EncodeOptions{.values_per_page = 300});
        if (compressed.ok()) {
            out.emplace_back(ArrayRef(*std::move(compressed)), "pco");
        }
    }
    if (dtype.is_bool()) {
        add(bytebool::ByteBoolEncode(canonical), "bytebool");
    }
    if (IsTimestamp(dtype)) {
        add(datetime_parts::DateTimePartsEncode(canonical), "datetimeparts");
    }
    if (dtype.is_decimal()) {
        add(decimal_byte_parts::DecimalBytePartsEncode(canonical), "decimal_byte_parts");
    }
    return out;
}

} // namespace vortex::bad_input
