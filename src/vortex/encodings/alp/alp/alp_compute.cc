// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Kernels on ALP-encoded data: position selections run on the encoded child and the patches;
// compare runs on the encoded integers.

#include <compare>
#include <limits>
#include <type_traits>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/compute/total_order.h"
#include "vortex/array/take_bytes.h"
#include "vortex/base/bits.h"
#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp/alp_codec.h"
#include "vortex/scalar/scalar.h"

namespace vortex::alp {
namespace {

template <typename T>
std::optional<Result<T>> Failed(const Status &status) {
    return Result<T>(status);
}

// Rebuilds an ALP array over a selected encoded child and selected patches.
Result<ArrayRef> Rewrap(const ArrayRef &encoded, Exponents exponents, std::optional<Patches> patches) {
    VX_ASSIGN_OR_RETURN(auto array, ALPArray::TryMake(encoded, exponents, std::move(patches)));
    return ArrayRef(std::move(array));
}

// The integers whose decoded value compares in a given way with a constant form one range,
// because decode is monotonic (non-decreasing) over the integers: int->float conversion and
// multiplication by positive constants round monotonically, and the result is finite and never
// -0.0. `negate` turns the range into its complement (NotEq).
template <typename I>
struct IntRange {
    I first = 0;
    I last = -1;
    bool negate = false;

    bool Contains(I x) const { return ((x >= first) & (x <= last)) != negate; }
};

// Smallest x in [lo, hi] with pred(x), given pred is monotone false..true and pred(hi).
template <typename I, typename Pred>
I FirstTrue(I lo, I hi, Pred pred) {
    using U = std::make_unsigned_t<I>;
    while (lo < hi) {
        const I mid = static_cast<I>(static_cast<U>(lo) + (static_cast<U>(hi) - static_cast<U>(lo)) / 2);
        if (pred(mid)) {
            hi = mid;
        } else {
            lo = static_cast<I>(mid + 1);
        }
    }
    return lo;
}

template <typename T>
IntRange<ALPInt<T>> MatchingRange(T constant, Exponents exponents, CompareOp op) {
    using I = ALPInt<T>;
    constexpr I kMin = std::numeric_limits<I>::min();
    constexpr I kMax = std::numeric_limits<I>::max();
    const auto key = TotalOrderKey(constant);
    const auto decoded_key = [&](I x) { return TotalOrderKey(DecodeSingle<T>(x, exponents)); };
    // ge: the first x decoding >= the constant; gt: the first x decoding > it. The x below ge
    // decode below the constant, those in [ge, gt) to it, those from gt on above it.
    const bool any_ge = decoded_key(kMax) >= key;
    const bool any_gt = decoded_key(kMax) > key;
    const I ge = any_ge ? FirstTrue<I>(kMin, kMax, [&](I x) { return decoded_key(x) >= key; }) : kMax;
    const I gt = any_gt ? FirstTrue<I>(kMin, kMax, [&](I x) { return decoded_key(x) > key; }) : kMax;
    const IntRange<I> all{kMin, kMax, false};
    const IntRange<I> none{kMax, kMin, false};
    switch (op) {
        case CompareOp::Lt: // decoded < c  <=>  x < ge
            if (!any_ge) {
                return all;
            }
            return ge == kMin ? none : IntRange<I>{kMin, static_cast<I>(ge - 1), false};
        case CompareOp::Gte:
            return any_ge ? IntRange<I>{ge, kMax, false} : none;
        case CompareOp::Gt: // decoded > c  <=>  x >= gt
            return any_gt ? IntRange<I>{gt, kMax, false} : none;
        case CompareOp::Lte:
            if (!any_gt) {
                return all;
            }
            return gt == kMin ? none : IntRange<I>{kMin, static_cast<I>(gt - 1), false};
        case CompareOp::Eq:
        case CompareOp::NotEq: {
            IntRange<I> equal = none;
            // [ge, gt) decodes exactly to the constant.
            if (any_ge && (!any_gt || ge < gt)) {
                equal = IntRange<I>{ge, any_gt ? static_cast<I>(gt - 1) : kMax, false};
            }
            equal.negate = op == CompareOp::NotEq;
            return equal;
        }
    }
    return none;
}

// Packs pred(i) for i < n into bitmap bytes, eight bits per byte.
template <typename Pred>
BufferMut PackBits(size_t n, Pred pred) {
    BufferMut bytes;
    bytes.Resize((n + 7) / 8);
    uint8_t *out = bytes.data();
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint8_t byte = 0;
        for (size_t k = 0; k < 8; ++k) {
            byte |= static_cast<uint8_t>(pred(i + k)) << k;
        }
        out[i / 8] = byte;
    }
    for (; i < n; ++i) {
        out[i / 8] |= static_cast<uint8_t>(static_cast<uint8_t>(pred(i)) << (i % 8));
    }
    return bytes;
}

} // namespace

std::optional<Result<Scalar>> ALPArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    if (patches_) {
        if (const std::optional<size_t> j = patches_->Find(i)) {
            return ScalarAtAs(patches_->values(), *j, dtype());
        }
    }
    auto encoded_scalar = ScalarAt(encoded(), i);
    if (!encoded_scalar.ok()) {
        return Failed<Scalar>(encoded_scalar.status());
    }
    return VisitALPFloat(ptype(), [&]<typename T>() -> std::optional<Result<Scalar>> {
        const T value = DecodeSingle<T>(encoded_scalar->as<ALPInt<T>>(), exponents_);
        return Result<Scalar>(Scalar::Primitive<T>(value, dtype().nullability()));
    });
}

std::optional<Result<ArrayRef>> ALPArray::SliceImpl(size_t start, size_t stop) const {
    auto encoded_slice = Slice(encoded(), start, stop);
    if (!encoded_slice.ok()) {
        return Failed<ArrayRef>(encoded_slice.status());
    }
    std::optional<Patches> patches;
    if (patches_) {
        auto sliced = patches_->Slice(start, stop);
        if (!sliced.ok()) {
            return Failed<ArrayRef>(sliced.status());
        }
        patches = std::move(*sliced);
    }
    return Rewrap(*encoded_slice, exponents_, std::move(patches));
}

std::optional<Result<ArrayRef>> ALPArray::FilterImpl(const Mask &mask) const {
    auto encoded_filtered = Filter(encoded(), mask);
    if (!encoded_filtered.ok()) {
        return Failed<ArrayRef>(encoded_filtered.status());
    }
    std::optional<Patches> patches;
    if (patches_) {
        auto filtered = patches_->Filter(mask);
        if (!filtered.ok()) {
            return Failed<ArrayRef>(filtered.status());
        }
        patches = std::move(*filtered);
    }
    return Rewrap(*encoded_filtered, exponents_, std::move(patches));
}

// Build reads nothing of the encoded child (0) nor of the patch values (2); the patch indices
// (1) and chunk offsets (3) are checked whole.
std::optional<uint64_t> ALPEncoding::PartialChildren(std::span<const uint8_t>, size_t) const {
    return 0b101;
}

void ALPArray::DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const {
    encoded()->DeclareTakeBytes(positions, sink);
    if (patches_) {
        patches_->DeclareTakeBytes(positions, sink);
    }
}

std::optional<Result<ArrayRef>> ALPArray::TakeImpl(const ArrayRef &indices) const {
    auto run = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef taken, Take(encoded(), indices));
        std::optional<Patches> patches;
        if (patches_) {
            VX_ASSIGN_OR_RETURN(TakeIndices decoded, DecodeTakeIndices(indices, len()));
            VX_ASSIGN_OR_RETURN(patches, patches_->Take(decoded.positions, decoded.validity));
            // Null indices make the result nullable; the patch values must follow.
            if (patches &&
                patches->values()->dtype() != DType::Primitive(ptype(), taken->dtype().nullability())) {
                VX_ASSIGN_OR_RETURN(
                    ArrayRef values,
                    Cast(patches->values(), DType::Primitive(ptype(), taken->dtype().nullability())));
                VX_ASSIGN_OR_RETURN(patches, Patches::TryMake(patches->array_len(), patches->offset(),
                                                              patches->indices(), std::move(values)));
            }
        }
        return Rewrap(taken, exponents_, std::move(patches));
    };
    return run();
}

std::optional<Result<ArrayRef>> ALPArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    auto run = [&]() -> Result<ArrayRef> {
        VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(encoded()));
        const auto *ints = As<PrimitiveArray>(*canonical);
        VX_ENSURE(ints != nullptr, Internal, "alp encoded child did not canonicalize to a primitive array");
        return VisitALPFloat(ptype(), [&]<typename T>() -> Result<ArrayRef> {
            using I = ALPInt<T>;
            const T constant = scalar.as<T>();
            const IntRange<I> range = MatchingRange<T>(constant, exponents_, op);
            const std::span<const I> values = ints->values_as<I>();
            BufferMut bytes = PackBits(values.size(), [&](size_t i) { return range.Contains(values[i]); });
            if (patches_ && patches_->num_patches() > 0) {
                VX_ASSIGN_OR_RETURN(ArrayRef patch_canonical, Canonicalize(patches_->values()));
                const auto *patch_values = As<PrimitiveArray>(*patch_canonical);
                VX_ENSURE(patch_values != nullptr, Internal, "alp patch values are not primitive");
                const std::span<const T> raw = patch_values->values_as<T>();
                const auto key = TotalOrderKey(constant);
                for (size_t j = 0; j < patches_->num_patches(); ++j) {
                    bits::SetBitTo(bytes.data(), patches_->position(j),
                                   CompareOrdering(TotalOrderKey(raw[j]) <=> key, op));
                }
            }
            BitBuffer result_bits(std::move(bytes).Freeze(), 0, values.size());
            return MakeCompareResult(std::move(result_bits), ints->validity(),
                                     dtype().is_nullable() || scalar.dtype().is_nullable());
        });
    };
    return run();
}

std::optional<Result<std::optional<Scalar>>> ALPArray::ComputeStatImpl(Stat stat) const {
    if (stat != Stat::NullCount) {
        return std::nullopt;
    }
    return encoded()->statistics().Get(Stat::NullCount);
}

} // namespace vortex::alp
