// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Instantiates the conformance suite for the canonical encodings and the core logical ones
// (list, chunked, dict, constant, masked).

#include <optional>
#include <vector>

#include "vortex/array/arrays/list/list_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"

namespace vortex {
namespace {

// The wrappers below (chunked, dict, constant, masked) run the 65539-long inputs for two
// dtypes only: they mostly re-run the canonical kernels, which the canonical suite covers
// for all four long dtypes.
std::vector<ConformanceCase> WrapperCases() {
    return DefaultConformanceCases(/*all_long_cases=*/false);
}

// Every canonical encoding: RandomArray() already produces them, so encoding is the identity.
struct CanonicalConformance {
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return canonical; }
};

// vortex.list (offsets), built from the input's list scalars.
struct ListConformance {
    static bool Supports(const DType &dtype) { return dtype.is_list(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        VX_ASSIGN_OR_RETURN(auto lists, ArrayToScalars(canonical));
        std::vector<Scalar> elements;
        std::vector<uint64_t> offsets = {0};
        for (const Scalar &list : lists) {
            if (!list.is_null()) {
                elements.insert(elements.end(), list.elements().begin(), list.elements().end());
            }
            offsets.push_back(elements.size());
        }
        VX_ASSIGN_OR_RETURN(auto element_array,
                            ArrayFromScalars(canonical->dtype().element_type(), elements));
        const Validity validity = canonical->dtype().is_nullable()
                                      ? Validity::FromMask(canonical->validity_mask())
                                      : Validity::NonNullable();
        VX_ASSIGN_OR_RETURN(auto list, ListArray::TryMake(std::move(element_array),
                                                          PrimitiveArray::FromValues(offsets), validity));
        return ArrayRef(std::move(list));
    }
};

struct ChunkedConformance {
    static std::vector<ConformanceCase> Cases() { return WrapperCases(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        return ToChunked(canonical, 3, /*seed=*/canonical->len());
    }
};

struct DictConformance {
    static std::vector<ConformanceCase> Cases() { return WrapperCases(); }
    static bool Supports(const DType &dtype) { return !dtype.is_null(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return ToDict(canonical); }
};

// Constant arrays need constant inputs: the canonical form of a random constant array.
struct ConstantConformance {
    static std::vector<ConformanceCase> Cases() { return WrapperCases(); }
    static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options) {
        auto canonical = Canonicalize(RandomConstantArray(dtype, options));
        VX_CHECK_MSG(canonical.ok(), "{}", canonical.status().ToString());
        return std::move(canonical).ValueOrDie();
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return ToConstant(canonical); }
};

struct MaskedConformance {
    static std::vector<ConformanceCase> Cases() { return WrapperCases(); }
    static bool Supports(const DType &dtype) { return dtype.is_nullable() && !dtype.is_null(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return ToMasked(canonical); }
};

} // namespace

INSTANTIATE_TYPED_TEST_SUITE_P(Canonical, ArrayConformanceTest, CanonicalConformance);
INSTANTIATE_TYPED_TEST_SUITE_P(List, ArrayConformanceTest, ListConformance);
INSTANTIATE_TYPED_TEST_SUITE_P(Chunked, ArrayConformanceTest, ChunkedConformance);
INSTANTIATE_TYPED_TEST_SUITE_P(Dict, ArrayConformanceTest, DictConformance);
INSTANTIATE_TYPED_TEST_SUITE_P(Constant, ArrayConformanceTest, ConstantConformance);
INSTANTIATE_TYPED_TEST_SUITE_P(Masked, ArrayConformanceTest, MaskedConformance);

} // namespace vortex
