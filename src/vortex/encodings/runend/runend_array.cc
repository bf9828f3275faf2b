// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/runend/runend_array.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/take.h"
#include "vortex/base/checked_cast.h"

namespace vortex::runend {
namespace {

// Reads the ends child once into u64 (one per run; pooled, as a dictionary's runs can number
// tens of thousands per chunk and each scan decodes them again).
Result<std::shared_ptr<const RunEndArray::RunEnds>> ReadEnds(const ArrayRef &ends) {
    VX_ENSURE(ends->dtype().is_primitive() && IsUnsignedInt(ends->dtype().ptype()) &&
                  !ends->dtype().is_nullable(),
              InvalidArgument, "run ends must be non-nullable unsigned integers, got {}", ends->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(ends));
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, Internal, "run ends did not canonicalize to a primitive array");
    return VisitIntPType(primitive->ptype(), [&]<typename E>() {
        const auto values = primitive->values_as<E>();
        return std::make_shared<const RunEndArray::RunEnds>(values.begin(), values.end());
    });
}

// Fills runs of a fixed-width value: out[prev..end) = values[k]. Runs are often a few values
// long, so each is written in whole 32-byte stores that may spill past its end into the next
// run's place, which that run then overwrites; only runs that end near the output's end are
// written exactly.
template <typename T>
void FillRuns(const RunEndArray &array, std::span<const T> values, T *__restrict out) {
    constexpr size_t kStep = 32 / sizeof(T);
    const std::span<const uint64_t> ends = array.run_ends();
    const uint64_t offset = array.offset();
    const size_t len = array.len();
    size_t prev = 0;
    for (size_t k = 0; k < ends.size() && prev < len; ++k) {
        const auto end = static_cast<size_t>(std::min<uint64_t>(ends[k] - offset, len));
        if (end + kStep <= len) {
            std::array<T, kStep> splat;
            splat.fill(values[k]);
            for (size_t i = prev; i < end; i += kStep) {
                std::memcpy(out + i, splat.data(), sizeof(splat));
            }
        } else {
            std::fill(out + prev, out + end, values[k]);
        }
        prev = end;
    }
}

} // namespace

// Spec: arrays-encodings 7.2.
Result<ArrayRef> RunEndEncoding::Build(const DType &dtype,
                                       size_t len,
                                       std::span<const uint8_t> metadata,
                                       std::vector<Buffer> buffers,
                                       const ArrayChildren &children) const {
    VX_ASSIGN_OR_RETURN(RunEndMetadata parsed, RunEndMetadata::Parse(metadata));
    VX_ENSURE(IsUnsignedInt(parsed.ends_ptype), Serde, "{}: ends ptype must be unsigned, got {}", kId,
              PTypeName(parsed.ends_ptype));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(vortex::internal::EnsureChildCount(kId, children, 2, 2));
    VX_ENSURE(parsed.offset <= std::numeric_limits<uint64_t>::max() - len, Serde,
              "{}: offset {} + len {} overflows", kId, parsed.offset, len);
    VX_ASSIGN_OR_RETURN(const size_t num_runs, TryCast<size_t>(parsed.num_runs));
    VX_ASSIGN_OR_RETURN(
        ArrayRef ends,
        children.Get(0, DType::Primitive(parsed.ends_ptype, Nullability::NonNullable), num_runs));
    VX_ASSIGN_OR_RETURN(ArrayRef values, children.Get(1, dtype, num_runs));
    VX_ASSIGN_OR_RETURN(auto array,
                        AsSerde(RunEndArray::TryMake(std::move(ends), values, parsed.offset, len)));
    return ArrayRef(std::move(array));
}

RunEndArray::RunEndArray(Token,
                         ArrayRef ends,
                         const ArrayRef &values,
                         size_t offset,
                         size_t len,
                         std::shared_ptr<const RunEnds> owner,
                         std::span<const uint64_t> run_ends)
    : Array(RunEndEncoding::Instance(), values->dtype(), len, {}, {std::move(ends), values}), offset_(offset),
      run_ends_owner_(std::move(owner)), run_ends_(run_ends) {}

Result<std::shared_ptr<const RunEndArray>>
RunEndArray::TryMake(ArrayRef ends, const ArrayRef &values, size_t offset, size_t len) {
    VX_ENSURE(ends != nullptr && values != nullptr, InvalidArgument, "run-end parts must not be null");
    VX_ENSURE(ends->len() == values->len(), InvalidArgument, "{} run ends but {} run values", ends->len(),
              values->len());
    VX_ASSIGN_OR_RETURN(std::shared_ptr<const RunEnds> owned_ends, ReadEnds(ends));
    const RunEnds &run_ends = *owned_ends;
    VX_ENSURE(offset <= std::numeric_limits<uint64_t>::max() - len, InvalidArgument,
              "offset {} + len {} overflows", offset, len);
    if (run_ends.empty()) {
        VX_ENSURE(offset == 0 && len == 0, InvalidArgument,
                  "a run-end array without runs must be empty with offset 0, got offset {} len {}", offset,
                  len);
    } else {
        // Binary search needs strictly increasing ends (the reference only debug-asserts it).
        for (size_t k = 1; k < run_ends.size(); ++k) {
            VX_ENSURE(run_ends[k - 1] < run_ends[k], InvalidArgument,
                      "run ends must be strictly increasing: {} then {} at run {}", run_ends[k - 1],
                      run_ends[k], k);
        }
        // Decoding needs every end >= offset and the last one to cover offset + len. As in the
        // reference, an empty array may keep the runs of the array it was sliced from.
        if (len > 0) {
            VX_ENSURE(run_ends.front() >= offset, InvalidArgument, "first run end {} is below the offset {}",
                      run_ends.front(), offset);
            VX_ENSURE(run_ends.back() >= offset + len, InvalidArgument,
                      "last run end {} is below offset + len = {}", run_ends.back(), offset + len);
        }
    }
    return std::make_shared<const RunEndArray>(Token{}, std::move(ends), values, offset, len, owned_ends,
                                               std::span<const uint64_t>(*owned_ends));
}

Result<std::shared_ptr<const RunEndArray>> RunEndArray::TryMake(ArrayRef ends, const ArrayRef &values) {
    VX_ENSURE(ends != nullptr, InvalidArgument, "run ends must not be null");
    VX_ASSIGN_OR_RETURN(std::shared_ptr<const RunEnds> run_ends, ReadEnds(ends));
    const size_t len = run_ends->empty() ? 0 : CheckedCast<size_t>(run_ends->back());
    return TryMake(std::move(ends), values, 0, len);
}

ArrayRef RunEndArray::WithValues(const ArrayRef &values) const {
    VX_DCHECK_EQ(values->len(), this->values()->len());
    return std::make_shared<const RunEndArray>(Token{}, ends(), values, offset_, len(), run_ends_owner_,
                                               run_ends_);
}

size_t RunEndArray::FindRun(size_t i) const {
    VX_DCHECK_LT(i, len());
    // The first run whose end is past the absolute position.
    const uint64_t position = static_cast<uint64_t>(i) + offset_;
    return static_cast<size_t>(std::upper_bound(run_ends_.begin(), run_ends_.end(), position) -
                               run_ends_.begin());
}

size_t RunEndArray::LogicalRunEnd(size_t k) const {
    return static_cast<size_t>(std::min<uint64_t>(run_ends_[k] - offset_, len()));
}

bool RunEndArray::every_run_visible() const {
    if (empty()) {
        return run_ends_.empty();
    }
    return run_ends_.front() > offset_ &&
           (run_ends_.size() < 2 || run_ends_[run_ends_.size() - 2] < offset_ + len());
}

RunEndMetadata RunEndArray::metadata() const {
    return RunEndMetadata{.ends_ptype = ends()->dtype().ptype(), .num_runs = num_runs(), .offset = offset_};
}

Mask RunEndArray::validity_mask() const {
    const Mask run_validity = values()->validity_mask();
    if (run_validity.all_true()) {
        return Mask::AllTrue(len());
    }
    if (run_validity.all_false()) {
        return Mask::AllFalse(len());
    }
    BitBufferMut bits(len());
    size_t prev = 0;
    for (size_t k = 0; k < num_runs() && prev < len(); ++k) {
        const size_t end = LogicalRunEnd(k);
        if (run_validity.value(k)) {
            for (size_t i = prev; i < end; ++i) {
                bits.Set(i, true);
            }
        }
        prev = end;
    }
    return Mask::FromBits(std::move(bits).Freeze());
}

Result<ArrayRef> RunEndArray::ToCanonical() const {
    if (dtype().is_primitive()) {
        VX_ASSIGN_OR_RETURN(ArrayRef canonical_values, Canonicalize(values()));
        const auto *primitive = As<PrimitiveArray>(*canonical_values);
        VX_ENSURE(primitive != nullptr, Internal, "run values did not canonicalize to a primitive array");
        const PType ptype = primitive->ptype();
        // The runs cover every position (the last end reaches offset + len), so no zeroing.
        BufferMut out = BufferMut::Uninitialized(len() * ByteWidth(ptype));
        VisitPType(ptype,
                   [&]<typename T>() { FillRuns<T>(*this, primitive->values_as<T>(), out.data_as<T>()); });
        const Validity validity =
            dtype().is_nullable() ? Validity::FromMask(validity_mask()) : Validity::NonNullable();
        return ArrayRef(PrimitiveArray::Make(ptype, std::move(out).Freeze(), validity));
    }
    if (dtype().is_bool()) {
        VX_ASSIGN_OR_RETURN(ArrayRef canonical_values, Canonicalize(values()));
        const auto *bools = As<BoolArray>(*canonical_values);
        VX_ENSURE(bools != nullptr, Internal, "run values did not canonicalize to a bool array");
        BitBufferMut bits(len());
        size_t prev = 0;
        for (size_t k = 0; k < num_runs() && prev < len(); ++k) {
            const size_t end = LogicalRunEnd(k);
            if (bools->value(k)) {
                for (size_t i = prev; i < end; ++i) {
                    bits.Set(i, true);
                }
            }
            prev = end;
        }
        const Validity validity =
            dtype().is_nullable() ? Validity::FromMask(validity_mask()) : Validity::NonNullable();
        return ArrayRef(BoolArray::Make(std::move(bits).Freeze(), validity));
    }
    std::vector<uint64_t> run_indices(len());
    size_t prev = 0;
    for (size_t k = 0; k < num_runs() && prev < len(); ++k) {
        const size_t end = LogicalRunEnd(k);
        std::fill(run_indices.begin() + static_cast<ptrdiff_t>(prev),
                  run_indices.begin() + static_cast<ptrdiff_t>(end), k);
        prev = end;
    }
    VX_ASSIGN_OR_RETURN(ArrayRef taken, TakeRuns(run_indices, nullptr));
    return Canonicalize(taken);
}

Result<ArrayRef> RunEndArray::TakeRuns(const std::vector<uint64_t> &run_indices,
                                       const Mask *indices_validity) const {
    const Validity validity =
        indices_validity != nullptr ? Validity::FromMask(*indices_validity) : Validity::NonNullable();
    ArrayRef indices = PrimitiveArray::FromValues(run_indices, validity);
    return Take(values(), indices);
}

} // namespace vortex::runend
