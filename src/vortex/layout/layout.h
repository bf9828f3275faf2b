// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/registered_kind.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

class ArrayCache;
class ArrayReadContext;
class Layout;
class LayoutEncoding;
class SegmentSource;

using LayoutRef = std::shared_ptr<const Layout>;

/// What a layout needs to materialize rows: the file's segments and its array-encoding
/// dictionary, and optionally a cache of decoded arrays. All are thread-safe, so one context
/// serves concurrent reads.
struct LayoutReadContext {
    const SegmentSource &segments;
    const ArrayReadContext &arrays;
    /// Where flat layouts keep decoded arrays for later reads of the same scan; may be null.
    ArrayCache *cache = nullptr;
    /// A take of a few rows of a segment reads only the bytes it needs and keeps nothing
    /// (a scan without a cache shared across scans: nothing would reuse the whole segment).
    bool partial_takes = false;
};

/// One node of a file's layout tree (spec: file-format 2.7, layouts-scan 1): an encoding, a
/// dtype (never stored; derived from the parent), a row count, opaque metadata, children and
/// the segments it owns. Immutable once built; the same objects describe a tree being written
/// and a tree read from a footer.
class Layout {
public:
    Layout(const Layout &) = delete;
    Layout &operator=(const Layout &) = delete;
    virtual ~Layout() = default;

    const LayoutEncoding &encoding() const { return *encoding_; }
    std::string_view encoding_id() const;
    const DType &dtype() const { return dtype_; }
    uint64_t row_count() const { return row_count_; }
    /// The metadata bytes exactly as stored in the footer.
    std::span<const uint8_t> metadata() const { return metadata_; }
    /// How many children the node has, and child `i` (i < nchildren()). A struct read from a
    /// footer decodes a field's subtree on first use, so that opening a file of 20 000 columns
    /// costs what the columns read cost; Child then fails with the Serde error of a bad node.
    virtual size_t nchildren() const { return children_.size(); }
    virtual Result<LayoutRef> Child(size_t i) const;
    std::span<const uint32_t> segment_ids() const { return segment_ids_; }

    /// Materializes rows [begin, end) (end <= row_count()) as one array of dtype().
    virtual Result<ArrayRef> Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const = 0;
    /// Materializes the rows at `rows` (strictly ascending, each < row_count()) as one array
    /// of dtype(), in that order. The default reads the span they cover and gathers from it;
    /// layouts of chunks or whole segments override it to gather without the rows between.
    virtual Result<ArrayRef> TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const;

protected:
    /// The children held in memory: all of them for every layout but StructLayout, which keeps
    /// its own.
    std::span<const LayoutRef> children() const { return children_; }
    const LayoutRef &child(size_t i) const;

    Layout(const LayoutEncoding &encoding,
           DType dtype,
           uint64_t row_count,
           std::vector<uint8_t> metadata,
           std::vector<LayoutRef> children,
           std::vector<uint32_t> segment_ids);

    /// Checks begin <= end <= row_count().
    Status CheckRange(uint64_t begin, uint64_t end) const;
    /// Checks that `rows` ascend strictly and lie below row_count().
    Status CheckRows(std::span<const uint64_t> rows) const;
    /// `rows` less `base` as take indices (u32 when they fit, as a chunk's always do).
    static ArrayRef RowIndices(std::span<const uint64_t> rows, uint64_t base);
    /// Gathers `rows` (checked, not empty) from `span`, the rows [rows.front(), rows.back() + 1).
    static Result<ArrayRef> TakeFromSpan(const ArrayRef &span, std::span<const uint64_t> rows);

private:
    const LayoutEncoding *encoding_;
    DType dtype_;
    uint64_t row_count_;
    std::vector<uint8_t> metadata_;
    std::vector<LayoutRef> children_;
    std::vector<uint32_t> segment_ids_;
};

/// Supplies the children of a layout node being decoded from a footer. As for arrays, child
/// dtypes are not stored: the parent derives each one and asks for it, and only then is the
/// child node decoded (with its own row count from the footer).
class LayoutChildren {
public:
    virtual ~LayoutChildren() = default;
    virtual size_t size() const = 0;
    virtual Result<LayoutRef> Get(size_t index, const DType &dtype) const = 0;
    /// A copy that stays valid after the Build call it was given to, so the node can decode
    /// children later, on first use; nullptr when the children exist only during the call.
    virtual std::shared_ptr<const LayoutChildren> Retain() const { return nullptr; }
};

/// The type-level half of a layout (the reference's layout VTable), registered in a Session
/// under its id. Build() validates one untrusted footer node: metadata, segment count, child
/// count, child dtypes and row counts; it returns Serde errors, never aborts.
class LayoutEncoding {
public:
    virtual ~LayoutEncoding() = default;
    virtual std::string_view id() const = 0;
    virtual Result<LayoutRef> Build(const DType &dtype,
                                    uint64_t row_count,
                                    std::span<const uint8_t> metadata,
                                    std::vector<uint32_t> segment_ids,
                                    const LayoutChildren &children) const = 0;
};

/// The base of a layout encoding: `Derived` declares `static constexpr std::string_view kId` and
/// Build(); Instance() and id() come from RegisteredKind.
template <typename Derived>
using LayoutEncodingBase = RegisteredKind<Derived, LayoutEncoding>;

} // namespace vortex
