// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The ArrayForm wrappers of random_array.h: same logical values, another physical form.

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <variant>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/masked/masked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/test_rng_internal.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace {

using internal::TestRng;

void AppendRaw(std::string &out, const void *data, size_t size) {
    out.append(static_cast<const char *>(data), size);
}

// Appends a byte string that identifies the value bit for bit (so -0.0 and 0.0, and NaNs
// with different payloads, are distinct dictionary values).
void AppendKey(const Scalar &scalar, std::string &out) {
    const ScalarValue &value = scalar.value();
    out.push_back(static_cast<char>(value.index()));
    if (const auto *b = std::get_if<bool>(&value)) {
        out.push_back(*b ? '1' : '0');
    } else if (const auto *p = std::get_if<PValue>(&value)) {
        std::visit([&](const auto &native) { AppendRaw(out, &native, sizeof(native)); }, *p);
    } else if (const auto *d = std::get_if<DecimalValue>(&value)) {
        AppendRaw(out, d->value.limbs, sizeof(d->value.limbs));
    } else if (const auto *s = std::get_if<std::string>(&value)) {
        const uint64_t size = s->size();
        AppendRaw(out, &size, sizeof size);
        out += *s;
    } else if (const auto *bytes = std::get_if<std::vector<uint8_t>>(&value)) {
        const uint64_t size = bytes->size();
        AppendRaw(out, &size, sizeof size);
        AppendRaw(out, bytes->data(), bytes->size());
    } else if (const auto *elements = std::get_if<std::vector<Scalar>>(&value)) {
        const uint64_t size = elements->size();
        AppendRaw(out, &size, sizeof size);
        for (const Scalar &element : *elements) {
            AppendKey(element, out);
        }
    }
}

} // namespace

std::string_view ArrayFormName(ArrayForm form) {
    switch (form) {
        case ArrayForm::Canonical:
            return "canonical";
        case ArrayForm::Sliced:
            return "sliced";
        case ArrayForm::Chunked:
            return "chunked";
        case ArrayForm::Dict:
            return "dict";
        case ArrayForm::Constant:
            return "constant";
        case ArrayForm::Masked:
            return "masked";
    }
    return "unknown";
}

Result<ArrayRef> ToSliced(const ArrayRef &array, uint64_t seed) {
    TestRng rng(seed);
    RandomArrayOptions pad;
    pad.seed = rng.Next();
    const size_t front = rng.Between(1, 7);
    pad.len = front;
    ArrayRef pad_front = RandomArray(array->dtype(), pad);
    pad.seed = rng.Next();
    pad.len = rng.Between(0, 5);
    ArrayRef pad_back = RandomArray(array->dtype(), pad);
    VX_ASSIGN_OR_RETURN(auto chunked, ChunkedArray::TryMake({pad_front, array, pad_back}, array->dtype()));
    VX_ASSIGN_OR_RETURN(auto whole, Canonicalize(chunked));
    return Slice(whole, front, front + array->len());
}

Result<ArrayRef> ToChunked(const ArrayRef &array, size_t nchunks, uint64_t seed) {
    VX_ENSURE(nchunks > 0, InvalidArgument, "need at least one chunk");
    TestRng rng(seed);
    std::vector<size_t> cuts = {0, array->len()};
    for (size_t i = 1; i < nchunks; ++i) {
        cuts.push_back(rng.Between(0, array->len()));
    }
    std::sort(cuts.begin(), cuts.end());
    std::vector<ArrayRef> chunks;
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
        VX_ASSIGN_OR_RETURN(auto chunk, Slice(array, cuts[i], cuts[i + 1]));
        chunks.push_back(std::move(chunk));
    }
    VX_ASSIGN_OR_RETURN(auto chunked, ChunkedArray::TryMake(std::move(chunks), array->dtype()));
    return ArrayRef(std::move(chunked));
}

Result<ArrayRef> ToDict(const ArrayRef &array) {
    const DType &dtype = array->dtype();
    VX_ENSURE(!dtype.is_null(), InvalidArgument, "cannot dictionary-encode the null dtype");
    VX_ASSIGN_OR_RETURN(auto scalars, ArrayToScalars(array));
    std::map<std::string, uint32_t> index;
    std::vector<Scalar> values;
    std::vector<uint32_t> codes(scalars.size());
    std::vector<bool> valid(scalars.size());
    for (size_t i = 0; i < scalars.size(); ++i) {
        if (scalars[i].is_null()) {
            continue;
        }
        valid[i] = true;
        std::string key;
        AppendKey(scalars[i], key);
        auto [it, inserted] = index.emplace(std::move(key), static_cast<uint32_t>(values.size()));
        if (inserted) {
            values.push_back(scalars[i]);
        }
        codes[i] = it->second;
    }
    VX_ASSIGN_OR_RETURN(auto values_array, ArrayFromScalars(dtype.AsNonNullable(), values));
    Validity codes_validity =
        dtype.is_nullable() ? Validity::FromBits(BitBuffer::FromBools(valid)) : Validity::NonNullable();
    VX_ASSIGN_OR_RETURN(auto dict,
                        DictArray::TryMake(PrimitiveArray::FromValues(codes, std::move(codes_validity)),
                                           std::move(values_array), /*all_values_referenced=*/true));
    return ArrayRef(std::move(dict));
}

Result<ArrayRef> ToConstant(const ArrayRef &array) {
    const DType &dtype = array->dtype();
    if (array->len() == 0) {
        Scalar scalar = dtype.is_nullable() ? Scalar::Null(dtype) : DefaultScalar(dtype);
        return ArrayRef(ConstantArray::Make(std::move(scalar), 0));
    }
    VX_ASSIGN_OR_RETURN(auto first, ScalarAt(array, 0));
    for (size_t i = 1; i < array->len(); ++i) {
        VX_ASSIGN_OR_RETURN(auto scalar, ScalarAt(array, i));
        VX_ENSURE(ScalarsEqual(first, scalar), InvalidArgument, "element {} ({}) differs from element 0 ({})",
                  i, scalar.ToString(), first.ToString());
    }
    return ArrayRef(ConstantArray::Make(std::move(first), array->len()));
}

Result<ArrayRef> ToMasked(const ArrayRef &array) {
    const DType &dtype = array->dtype();
    VX_ENSURE(dtype.is_nullable() && !dtype.is_null(), InvalidArgument, "cannot mask a {} array", dtype);
    VX_ASSIGN_OR_RETURN(auto scalars, ArrayToScalars(array));
    const DType child_dtype = dtype.AsNonNullable();
    for (Scalar &scalar : scalars) {
        if (scalar.is_null()) {
            scalar = DefaultScalar(child_dtype);
        }
    }
    VX_ASSIGN_OR_RETURN(auto child, ArrayFromScalars(child_dtype, scalars));
    VX_ASSIGN_OR_RETURN(auto masked, MaskedArray::TryMake(child, Validity::FromMask(array->validity_mask())));
    return ArrayRef(std::move(masked));
}

Result<ArrayRef> ToForm(const ArrayRef &array, ArrayForm form, uint64_t seed) {
    switch (form) {
        case ArrayForm::Canonical:
            return Canonicalize(array);
        case ArrayForm::Sliced:
            return ToSliced(array, seed);
        case ArrayForm::Chunked:
            return ToChunked(array, 3, seed);
        case ArrayForm::Dict:
            return ToDict(array);
        case ArrayForm::Constant:
            return ToConstant(array);
        case ArrayForm::Masked:
            return ToMasked(array);
    }
    return Status::InvalidArgument("unknown form {}", static_cast<int>(form));
}

ArrayRef RandomConstantArray(const DType &dtype, const RandomArrayOptions &options) {
    TestRng rng(options.seed);
    if (dtype.is_nullable() && rng.Chance(options.null_fraction)) {
        return ConstantArray::Make(Scalar::Null(dtype), options.len);
    }
    RandomArrayOptions one = options;
    one.len = 1;
    one.null_fraction = 0.0;
    one.seed = rng.Next();
    auto scalar = ScalarAt(RandomArray(dtype, one), 0);
    VX_CHECK_MSG(scalar.ok(), "ScalarAt on a random {} array failed: {}", dtype, scalar.status().ToString());
    return ConstantArray::Make(std::move(scalar).ValueOrDie(), options.len);
}

ArrayRef RandomEncodedArray(const DType &dtype, const RandomArrayOptions &options) {
    TestRng rng(options.seed);
    ArrayRef array = RandomArray(dtype, options);
    for (int depth = 0; depth < options.max_depth; ++depth) {
        std::vector<ArrayForm> forms = {ArrayForm::Canonical, ArrayForm::Sliced, ArrayForm::Chunked};
        if (!dtype.is_null()) {
            forms.push_back(ArrayForm::Dict);
            if (dtype.is_nullable()) {
                forms.push_back(ArrayForm::Masked);
            }
        }
        const ArrayForm form = forms[rng.Below(forms.size())];
        auto wrapped = ToForm(array, form, rng.Next());
        VX_CHECK_MSG(wrapped.ok(), "wrapping a {} array as {} failed: {}", dtype, ArrayFormName(form),
                     wrapped.status().ToString());
        array = std::move(wrapped).ValueOrDie();
    }
    return array;
}

} // namespace vortex
