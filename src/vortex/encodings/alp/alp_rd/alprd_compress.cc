// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// ALP-RD encoding as the reference's RDEncoder (encodings/alp/src/alp_rd/mod.rs, after
// Section 3.4 of the ALP paper): the front bits of most floats in a column repeat, so up to
// 16 of them go through a dictionary of at most 8 patterns and the rest is stored as is.

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <utility>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"
#include "vortex/encodings/alp/alp_rd/alprd_internal.h"

namespace vortex::alp {
namespace {

// Bits of a dictionary code for `dict_len` entries: bit width of the largest code, at least 1.
size_t CodeBitWidth(size_t dict_len) {
    const size_t max_code = dict_len == 0 ? 0 : dict_len - 1;
    return max_code == 0 ? 1 : static_cast<size_t>(std::bit_width(max_code));
}

struct Candidate {
    std::vector<uint16_t> dict;
    size_t exceptions = 0;
};

// The most frequent left patterns at `right_bit_width` (at most kMaxALPRDDictLen; equal counts
// by ascending pattern) and how many sample values fall outside them.
template <typename T>
Candidate BuildDictionary(std::span<const T> sample, uint8_t right_bit_width) {
    using U = internal::RDBits<T>;
    std::map<uint16_t, size_t> counts;
    for (const T value : sample) {
        ++counts[static_cast<uint16_t>(std::bit_cast<U>(value) >> right_bit_width)];
    }
    std::vector<std::pair<uint16_t, size_t>> sorted(counts.begin(), counts.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    Candidate candidate;
    for (size_t k = 0; k < sorted.size(); ++k) {
        if (k < kMaxALPRDDictLen) {
            candidate.dict.push_back(sorted[k].first);
        } else {
            candidate.exceptions += sorted[k].second;
        }
    }
    return candidate;
}

template <typename T>
RDEncoder FromSampleTyped(std::span<const T> sample) {
    constexpr size_t kBits = 8 * sizeof(T);
    // Two bytes of position and two of pattern per exception, as the reference estimates.
    constexpr size_t kExceptionBits = 32;
    double best_size = std::numeric_limits<double>::max();
    RDEncoder best(static_cast<uint8_t>(kBits - 1), {});
    for (size_t left_bits = 1; left_bits <= kALPRDCutLimit; ++left_bits) {
        const auto right_bit_width = static_cast<uint8_t>(kBits - left_bits);
        Candidate candidate = BuildDictionary<T>(sample, right_bit_width);
        // An empty sample gives NaN here, which never wins (as in the reference).
        const double size =
            static_cast<double>(right_bit_width) + static_cast<double>(CodeBitWidth(candidate.dict.size())) +
            static_cast<double>(candidate.exceptions * kExceptionBits) / static_cast<double>(sample.size());
        if (size < best_size) {
            best_size = size;
            best = RDEncoder(right_bit_width, std::move(candidate.dict));
        }
    }
    return best;
}

template <typename T>
Result<ArrayRef>
EncodeTyped(const PrimitiveArray &array, uint8_t right_bit_width, std::span<const uint16_t> dict) {
    using U = internal::RDBits<T>;
    const std::span<const T> values = array.values_as<T>();
    VX_ENSURE(values.empty() || !dict.empty(), InvalidArgument, "alprd encoder has an empty dictionary");
    VX_ENSURE(right_bit_width >= 8 * sizeof(T) - kALPRDCutLimit && right_bit_width < 8 * sizeof(T),
              InvalidArgument, "alprd right_bit_width {} out of range", right_bit_width);
    const U right_mask = static_cast<U>((U{1} << right_bit_width) - 1);
    std::vector<uint16_t> codes(values.size());
    std::vector<U> rights(values.size());
    std::vector<uint64_t> exception_positions;
    std::vector<uint16_t> exceptions;
    for (size_t i = 0; i < values.size(); ++i) {
        const U bits = std::bit_cast<U>(values[i]);
        rights[i] = bits & right_mask;
        const auto left = static_cast<uint16_t>(bits >> right_bit_width);
        const auto found = std::find(dict.begin(), dict.end(), left);
        if (found != dict.end()) {
            codes[i] = static_cast<uint16_t>(found - dict.begin());
        } else {
            codes[i] = 0;
            exception_positions.push_back(i);
            exceptions.push_back(left);
        }
    }
    ArrayRef left_parts = PrimitiveArray::FromValues(codes, array.validity());
    ArrayRef right_parts = PrimitiveArray::FromValues(rights);
    std::optional<Patches> patches;
    if (!exception_positions.empty()) {
        VX_ASSIGN_OR_RETURN(patches, Patches::TryMake(values.size(), 0,
                                                      PrimitiveArray::FromValues(exception_positions),
                                                      PrimitiveArray::FromValues(exceptions)));
    }
    VX_ASSIGN_OR_RETURN(auto rd, ALPRDArray::TryMake(array.dtype(), left_parts,
                                                     std::vector<uint16_t>(dict.begin(), dict.end()),
                                                     right_parts, right_bit_width, std::move(patches)));
    return ArrayRef(std::move(rd));
}

Result<ArrayRef> CanonicalFloats(const ArrayRef &input) {
    VX_ENSURE(input != nullptr, InvalidArgument, "alprd input must not be null");
    VX_ENSURE(input->dtype().is_primitive() &&
                  (input->dtype().ptype() == PType::F32 || input->dtype().ptype() == PType::F64),
              InvalidArgument, "alprd encodes f32 or f64, got {}", input->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(input));
    VX_ENSURE(As<PrimitiveArray>(*canonical) != nullptr, Internal, "alprd input is not primitive");
    return canonical;
}

} // namespace

RDEncoder RDEncoder::FromSample(std::span<const float> sample) {
    return FromSampleTyped<float>(sample);
}

RDEncoder RDEncoder::FromSample(std::span<const double> sample) {
    return FromSampleTyped<double>(sample);
}

Result<ArrayRef> RDEncoder::Encode(const ArrayRef &input) const {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalFloats(input));
    const auto &primitive = *As<PrimitiveArray>(*canonical);
    return VisitALPFloat(primitive.ptype(),
                         [&]<typename T>() { return EncodeTyped<T>(primitive, right_bit_width_, dict_); });
}

Result<ArrayRef> ALPRDEncode(const ArrayRef &input) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalFloats(input));
    const auto &primitive = *As<PrimitiveArray>(*canonical);
    return VisitALPFloat(primitive.ptype(), [&]<typename T>() {
        const RDEncoder encoder = RDEncoder::FromSample(primitive.values_as<T>());
        return EncodeTyped<T>(primitive, encoder.right_bit_width(), encoder.dict());
    });
}

} // namespace vortex::alp
