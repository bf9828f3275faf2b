// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/array/compute/compare_op.h"
#include "vortex/array/statistics.h"
#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/buffer/mask.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

class Array;
class Encoding;
class Scalar;
class TakeByteSink;
struct IntRange;
struct StringMatch;
enum class LengthUnit : uint8_t;

/// Arrays are immutable DAGs that share children and buffers.
using ArrayRef = std::shared_ptr<const Array>;
/// A function applied to every element of an array, returning an array of the same length
/// (see MapValues).
using ValueMap = std::function<Result<ArrayRef>(const ArrayRef &values)>;

/// An immutable array node: an encoding, a logical dtype, a length, the encoding's own buffers
/// and its children, exactly as they are serialized (spec: arrays-encodings, "ArrayNode").
///
/// Every concrete encoding subclasses Array. Subclasses are created only through their
/// static `Make`/`TryMake` (always into a shared_ptr), validate their invariants there, and
/// afterwards never fail on their own data: accessors, validity_mask() and the kernels
/// below assume the invariants.
///
/// The virtual "*Impl" hooks form the compute vtable. The free functions in
/// vortex/array/compute/ call them after checking every precondition (bounds, lengths,
/// dtypes); a hook returns std::nullopt when the encoding has no specialised kernel, and the
/// caller then canonicalizes the array and runs the canonical kernel.
class Array : public std::enable_shared_from_this<Array> {
public:
    Array(const Array &) = delete;
    Array &operator=(const Array &) = delete;
    virtual ~Array();

    const Encoding &encoding() const { return *encoding_; }
    std::string_view encoding_id() const;
    const DType &dtype() const { return dtype_; }
    size_t len() const { return len_; }
    bool empty() const { return len_ == 0; }
    /// The encoding's own buffers, in serialized order.
    std::span<const Buffer> buffers() const { return buffers_; }
    size_t nbuffers() const { return buffers_.size(); }
    /// The children, in serialized order (including a validity child when one is stored).
    std::span<const ArrayRef> children() const { return children_; }
    size_t nchildren() const { return children_.size(); }
    const ArrayRef &child(size_t i) const {
        VX_CHECK_LT(i, children_.size());
        return children_[i];
    }
    /// Returns a new owning reference to this array.
    ArrayRef ToRef() const { return shared_from_this(); }
    /// Sum of the sizes of every buffer in this tree (shared buffers counted once per use).
    size_t nbytes() const;
    /// Returns the alignment in bytes (a power of two) that buffer `index` (< nbuffers()) needs
    /// when serialized: the writer declares it in the buffer's descriptor and pads the buffer
    /// to it, and the reader re-establishes it (copying if needed) before Build(). Typed
    /// buffers declare at least their element width; byte and bit buffers declare 1.
    /// Spec: arrays-encodings, section 1.1 and section 8 "Declare buffer alignments".
    virtual size_t buffer_alignment(size_t index) const;

    /// Returns the encoding's ArrayNode.metadata bytes, byte-identical to the reference.
    virtual Result<std::vector<uint8_t>> SerializeMetadata() const = 0;

    /// True when element `i` (< len) is not null.
    virtual bool is_valid(size_t i) const = 0;
    bool is_invalid(size_t i) const { return !is_valid(i); }
    /// Returns a mask with a set bit for every valid (non-null) element.
    virtual Mask validity_mask() const = 0;

    /// Returns the canonical form of this array's dtype (see canonical.h); canonical arrays
    /// return themselves.
    virtual Result<ArrayRef> ToCanonical() const = 0;
    /// True for the canonical encodings (the output of ToCanonical()).
    virtual bool is_canonical() const { return false; }

    /// Declares to `sink` every byte TakeImpl (and so Take) reads for `positions` (ascending,
    /// each < len()), including what a kernel that declines reads after canonicalizing. A
    /// reader of a file fetches only those bytes of a segment before the take, so an override
    /// must cover exactly what its kernel touches; tests check it under AddressSanitizer, which
    /// poisons the bytes not fetched. The default declares the whole tree. Overrides go with
    /// Encoding::PartialChildren.
    virtual void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const;

    /// Lazily computed, cached statistics; safe to use from several threads.
    Statistics &statistics() const { return statistics_; }

    // ---- compute vtable: see the class comment for the protocol ----

    /// Returns element `i`; `i < len()` is checked.
    virtual std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const;
    /// Returns elements [start, stop); 0 <= start <= stop <= len() and not the whole array.
    virtual std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const;
    /// Returns the elements whose mask bit is set; mask.len() == len() and the mask is neither
    /// all-true nor all-false.
    virtual std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const;
    /// Returns `indices`-selected elements; indices is a non-empty-dtype integer array (maybe
    /// nullable, giving nulls). Bounds are NOT pre-checked: the kernel returns OutOfBounds.
    virtual std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const;
    /// Take with this array as the indices: returns `source`'s elements at this array's values
    /// (nulls where they are null) without decoding them, e.g. run-end indices take once per
    /// run. `source` is not empty; bounds are the source's take kernel's to check.
    virtual std::optional<Result<ArrayRef>> TakeFromImpl(const ArrayRef &source) const;
    /// Compares every element with `scalar` (already cast to a dtype comparable with this
    /// array's); the result is a Bool array, nullable if either side is.
    virtual std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const;
    /// Bit i set when element i (of an integer array) lies in `range` (see IntRange); the bits
    /// of null elements are unspecified.
    virtual std::optional<Result<BitBuffer>> IntRangeImpl(const IntRange &range) const;
    /// Casts to `dtype`, which differs from dtype().
    virtual std::optional<Result<ArrayRef>> CastImpl(const DType &dtype) const;
    /// Tests every element (of a Utf8 or Binary array) against `match`: a Bool array with this
    /// array's validity (see MatchStrings).
    virtual std::optional<Result<ArrayRef>> MatchStringsImpl(const StringMatch &match) const;
    /// The length of every element in `unit` (which applies to the dtype): i64 with this array's
    /// validity (see Length).
    virtual std::optional<Result<ArrayRef>> LengthImpl(LengthUnit unit) const;
    /// `map` of every element, for an elementwise `map` (see MapValues): encodings that hold
    /// each run or distinct value once apply it to those and keep their structure.
    virtual std::optional<Result<ArrayRef>> MapValuesImpl(const ValueMap &map) const;
    /// Computes one statistic directly from the encoded form (e.g. min of a constant). The
    /// inner optional is empty when the statistic is undefined (min of an all-null array).
    virtual std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const;

protected:
    Array(const Encoding &encoding,
          DType dtype,
          size_t len,
          std::vector<Buffer> buffers,
          std::vector<ArrayRef> children);

private:
    const Encoding *encoding_;
    DType dtype_;
    size_t len_;
    std::vector<Buffer> buffers_;
    std::vector<ArrayRef> children_;
    mutable Statistics statistics_;
};

/// The encoding ids of an array tree, children in parentheses:
/// "vortex.dict(fastlanes.bitpacked, vortex.varbinview)".
std::string EncodingTree(const Array &array);

/// Downcasts to a concrete array class when the encoding matches, else nullptr.
template <typename T>
const T *As(const Array &array) {
    return dynamic_cast<const T *>(&array);
}
template <typename T>
std::shared_ptr<const T> As(const ArrayRef &array) {
    return std::dynamic_pointer_cast<const T>(array);
}

} // namespace vortex
