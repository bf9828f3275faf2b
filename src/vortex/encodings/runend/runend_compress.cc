// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/runend/runend_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex::runend {
namespace {

// Bitwise equality, so that -0.0/+0.0 and NaN payloads start new runs (lossless).
template <typename T>
bool SameBits(const T &a, const T &b) {
    using Bits = std::conditional_t<
        sizeof(T) == 1, uint8_t,
        std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
    static_assert(sizeof(Bits) == sizeof(T));
    return std::bit_cast<Bits>(a) == std::bit_cast<Bits>(b);
}

// The reference narrows the u64 ends to the smallest unsigned type holding their maximum
// (the length); an empty ends array narrows to U8.
ArrayRef NarrowEnds(const std::vector<uint64_t> &ends) {
    const uint64_t max = ends.empty() ? 0 : ends.back();
    auto narrow = [&]<typename E>() -> ArrayRef {
        std::vector<E> out(ends.begin(), ends.end());
        return PrimitiveArray::FromValues(out);
    };
    if (max <= std::numeric_limits<uint8_t>::max()) {
        return narrow.operator()<uint8_t>();
    }
    if (max <= std::numeric_limits<uint16_t>::max()) {
        return narrow.operator()<uint16_t>();
    }
    if (max <= std::numeric_limits<uint32_t>::max()) {
        return narrow.operator()<uint32_t>();
    }
    return narrow.operator()<uint64_t>();
}

// Runs over (valid, value) pairs: a null never equals a value, nulls equal each other. Null
// runs store T{} as the reference does.
template <typename T, typename ValueAt>
void EncodeRuns(size_t len,
                const Validity &validity,
                ValueAt value_at,
                std::vector<uint64_t> &ends,
                std::vector<T> &values,
                std::vector<bool> &valid) {
    if (len == 0) {
        return;
    }
    bool prev_valid = validity.is_valid(0);
    T prev = prev_valid ? value_at(0) : T{};
    for (size_t i = 1; i < len; ++i) {
        const bool is_valid = validity.is_valid(i);
        const T value = is_valid ? value_at(i) : T{};
        if (is_valid != prev_valid || (is_valid && !SameBits(value, prev))) {
            ends.push_back(i);
            values.push_back(prev);
            valid.push_back(prev_valid);
        }
        prev = value;
        prev_valid = is_valid;
    }
    ends.push_back(len);
    values.push_back(prev);
    valid.push_back(prev_valid);
}

// EncodeRuns without nulls: one comparison per value, and work only where a run ends.
template <typename T>
void EncodeValidRuns(std::span<const T> source, std::vector<uint64_t> &ends, std::vector<T> &values) {
    if (source.empty()) {
        return;
    }
    for (size_t i = 1; i < source.size(); ++i) {
        if (!SameBits(source[i], source[i - 1])) {
            ends.push_back(i);
            values.push_back(source[i - 1]);
        }
    }
    ends.push_back(source.size());
    values.push_back(source.back());
}

Validity RunValidity(const DType &dtype, const std::vector<bool> &valid) {
    return dtype.is_nullable() ? Validity::FromBits(BitBuffer::FromBools(valid)) : Validity::NonNullable();
}

Result<ArrayRef> Assemble(ArrayRef ends, const ArrayRef &values, size_t len) {
    VX_ASSIGN_OR_RETURN(auto array, RunEndArray::TryMake(std::move(ends), values, 0, len));
    return ArrayRef(std::move(array));
}

} // namespace

Result<ArrayRef> RunEndEncode(const ArrayRef &canonical) {
    const auto *primitive = As<PrimitiveArray>(*canonical);
    const auto *bools = As<BoolArray>(*canonical);
    VX_ENSURE(primitive != nullptr || bools != nullptr, InvalidArgument,
              "run-end encodes canonical primitive or bool arrays, got {} ({})", canonical->dtype(),
              canonical->encoding_id());
    const Validity &validity = primitive != nullptr ? primitive->validity() : bools->validity();
    const size_t len = canonical->len();
    if (validity.kind() == Validity::Kind::AllInvalid) {
        // As the reference: one run of u64 ends (not narrowed) over a constant null.
        return Assemble(PrimitiveArray::FromValues(std::vector<uint64_t>{len}),
                        ConstantArray::Make(Scalar::Null(canonical->dtype()), 1), len);
    }
    std::vector<uint64_t> ends;
    std::vector<bool> valid;
    if (primitive != nullptr) {
        return VisitPType(primitive->ptype(), [&]<typename T>() -> Result<ArrayRef> {
            const auto source = primitive->values_as<T>();
            std::vector<T> values;
            if (validity.trivially_all_valid()) {
                EncodeValidRuns<T>(source, ends, values);
                valid.assign(values.size(), true);
            } else {
                EncodeRuns<T>(
                    len, validity, [&](size_t i) { return source[i]; }, ends, values, valid);
            }
            ArrayRef values_array =
                PrimitiveArray::FromValues(values, RunValidity(canonical->dtype(), valid));
            return Assemble(NarrowEnds(ends), values_array, len);
        });
    }
    std::vector<bool> values;
    EncodeRuns<bool>(
        len, validity, [&](size_t i) { return bools->value(i); }, ends, values, valid);
    ArrayRef values_array =
        BoolArray::Make(BitBuffer::FromBools(values), RunValidity(canonical->dtype(), valid));
    return Assemble(NarrowEnds(ends), values_array, len);
}

} // namespace vortex::runend
