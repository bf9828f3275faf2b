// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

/// Supplies the children of an ArrayNode being deserialized. A child's dtype and length are
/// not stored in the file (spec: arrays-encodings, conventions): the parent encoding derives
/// them from its own dtype, length and metadata and asks for the child with them, so the
/// reader can decode the child node only then.
class ArrayChildren {
public:
    virtual ~ArrayChildren() = default;
    /// Number of children stored in the node.
    virtual size_t size() const = 0;
    /// Decodes child `index` (< size()) as an array of `dtype` and `len` elements. The result
    /// has exactly that dtype and length, or this returns an error.
    virtual Result<ArrayRef> Get(size_t index, const DType &dtype, size_t len) const = 0;
};

/// ArrayChildren over already-built arrays; Get() checks that dtype and length match.
class VectorArrayChildren final : public ArrayChildren {
public:
    explicit VectorArrayChildren(std::vector<ArrayRef> children) : children_(std::move(children)) {}
    size_t size() const override { return children_.size(); }
    Result<ArrayRef> Get(size_t index, const DType &dtype, size_t len) const override;

private:
    std::vector<ArrayRef> children_;
};

/// The type-level half of an encoding (the reference's VTable): its id and its
/// deserialization entry point. One immutable instance per encoding, registered in a
/// Session; the Array subclass holds the instance data.
///
/// Call protocol for Build() (what the file reader does for every ArrayNode):
///   1. The reader resolves the node's encoding id through the Session and knows the node's
///      dtype and length (from its parent, or from the layout for the root).
///   2. It passes the raw metadata bytes, the node's own buffers in order (already sliced out
///      of the segment, possibly unaligned), and an ArrayChildren over the node's children.
///   3. Build() trusts nothing: it parses the metadata, checks the number of buffers and
///      children, every buffer size and alignment (copying unaligned buffers when needed),
///      every length, offset and ptype, then asks for each child with the dtype and length it
///      derived, and validates the result like TryMake() does. On any problem it returns a
///      Status (Serde for malformed input); it never aborts.
/// Build() is const and thread-safe.
class Encoding {
public:
    virtual ~Encoding() = default;

    /// The encoding id, byte-identical to the reference ("vortex.primitive").
    virtual std::string_view id() const = 0;

    /// Deserializes one array node; see the class comment.
    virtual Result<ArrayRef> Build(const DType &dtype,
                                   size_t len,
                                   std::span<const uint8_t> metadata,
                                   std::vector<Buffer> buffers,
                                   const ArrayChildren &children) const = 0;

    /// Partial reads (a take of a few rows of a large segment, see DeserializeArrayForTake):
    /// std::nullopt when Build() may read the bytes of this node's own buffers, so the node
    /// and its subtree are read whole before it is built (the default). Otherwise a mask of
    /// the children Build() reads no bytes of either (bit i for child i, below 64): those may
    /// be read in part in turn, the others are read whole first. `metadata` is the node's
    /// untrusted metadata; on bad metadata return std::nullopt and let Build() report it.
    /// An encoding that returns a mask overrides Array::DeclareTakeBytes to match.
    virtual std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                                    size_t nchildren) const {
        (void)metadata;
        (void)nchildren;
        return std::nullopt;
    }

    /// Convenience for in-memory round trips: children are already built arrays whose dtype
    /// and length are checked against what the encoding expects.
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           std::vector<ArrayRef> children) const {
        return Build(dtype, len, metadata, std::move(buffers), VectorArrayChildren(std::move(children)));
    }
};

/// Rebuilds `array` through its encoding's Build() from its own SerializeMetadata(),
/// buffers() and children(): the in-memory equivalent of a write/read round trip.
Result<ArrayRef> RebuildFromParts(const ArrayRef &array);

} // namespace vortex
