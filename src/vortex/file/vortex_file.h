// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "vortex/file/footer.h"
#include "vortex/io/read_at.h"
#include "vortex/layout/segment_source.h"

namespace vortex {

class ArrayCache;
class SkeletonCache;
class FooterCache;
class Session;

struct OpenOptions {
    /// Bytes read from the end of the file by the first read; raised to at least
    /// kDefaultInitialReadSize. A footer larger than this costs one more read.
    uint64_t initial_read_size = kDefaultInitialReadSize;
    /// The dtype, for files written without one (or to override the stored one).
    std::optional<DType> dtype;
    /// Opens by path consult it first (keyed by path, size, mtime, inode and session): a hit
    /// reads no tail and parses no footer. Not used when `dtype` is set.
    std::shared_ptr<FooterCache> footer_cache;
    /// Bytes of decoded segments the open file keeps for all its scans (0: each scan keeps
    /// its own, dropped when it ends). Repeated random access through one handle then reads
    /// and deserializes a chunk once instead of once per query.
    size_t array_cache_bytes = 0;
    /// Bytes of segment skeletons (the tail and the buffers every take of a segment reads)
    /// the open file keeps, so that repeated takes of a few rows through one handle read only
    /// their rows' blocks. 0 keeps none.
    uint64_t skeleton_cache_bytes = uint64_t{2} << 20;
};

/// An open Vortex file: its footer, decoded and validated, and a source for its segments.
/// Immutable and thread-safe; cheap to share.
///
/// Open reads the tail once (initial_read_size bytes) and a second time only when the footer
/// flatbuffers start before that tail (spec: file-format 3).
class VortexFile final : public SegmentSource {
public:
    /// `session` resolves the file's encoding and layout ids (e.g. DefaultSessionPtr()).
    static Result<std::shared_ptr<const VortexFile>> Open(std::shared_ptr<const ReadAt> source,
                                                          std::shared_ptr<const Session> session,
                                                          const OpenOptions &options = {});
    /// Opens `path` through pread, or through mmap when `mmap` is set.
    static Result<std::shared_ptr<const VortexFile>> Open(const std::string &path,
                                                          std::shared_ptr<const Session> session,
                                                          bool mmap = false,
                                                          const OpenOptions &options = {});

    const DType &dtype() const { return footer_->dtype; }
    uint64_t row_count() const { return footer_->layout->row_count(); }
    const LayoutRef &layout() const { return footer_->layout; }
    const Footer &footer() const { return *footer_; }
    /// The footer, shared (a FooterCache hands the same one to every open of a file version).
    const std::shared_ptr<const Footer> &shared_footer() const { return footer_; }
    const std::vector<SegmentSpec> &segments() const { return footer_->segments; }
    uint64_t file_size() const { return file_size_; }
    /// How many reads Open issued (1 or 2; 0 when the footer came from a FooterCache).
    int open_reads() const { return open_reads_; }
    const ReadAt &source() const { return *source_; }
    const Session &session() const { return *session_; }
    /// The cache shared by every scan of this handle, or null (OpenOptions::array_cache_bytes).
    const std::shared_ptr<ArrayCache> &array_cache() const { return array_cache_; }

    /// Reads a segment, from the tail already in memory when it lies there.
    Result<Buffer> ReadSegment(uint32_t segment_id) const override;
    bool reads_are_views() const override { return source_->reads_are_views(); }
    /// Segments of at least kMinRangedSegment bytes read through pread (not a mapping, not
    /// the tail) are read by range for a take of a few rows.
    std::optional<RangedSegment> RangedRead(uint32_t segment_id) const override;
    Status ReadSegmentRanges(uint32_t segment_id,
                             std::span<const ByteRange> ranges,
                             uint8_t *segment) const override;
    Result<Buffer> ReadSegmentSparse(uint32_t segment_id) const override;
    void KeepSkeleton(uint32_t segment_id,
                      const std::shared_ptr<const SegmentSkeleton> &skeleton) const override;
    /// Below this, a segment is read in one read even for a take of one row.
    static constexpr uint64_t kMinRangedSegment = uint64_t{16} * 1024;
    /// How many segments ReadSegment has returned through this handle (what a scan really
    /// read, after pruning and caching; for inspection and tests).
    uint64_t segments_read() const { return segments_read_.load(std::memory_order_relaxed); }

    /// Reads rows [begin, end) of every column.
    Result<ArrayRef> Read(uint64_t begin, uint64_t end) const;
    Result<ArrayRef> ReadAll() const { return Read(0, row_count()); }
    /// Reads rows [begin, end) of the named top-level fields of a struct file, in the order
    /// given, as a struct array. Unknown names are InvalidArgument errors.
    Result<ArrayRef> ReadColumns(std::span<const std::string> names, uint64_t begin, uint64_t end) const;

    VortexFile(std::shared_ptr<const ReadAt> source,
               std::shared_ptr<const Session> session,
               uint64_t file_size,
               Buffer tail,
               uint64_t tail_offset,
               Footer footer,
               int open_reads);
    /// `tail` may be empty with `tail_offset` = `file_size` (every segment is then read).
    VortexFile(std::shared_ptr<const ReadAt> source,
               std::shared_ptr<const Session> session,
               uint64_t file_size,
               Buffer tail,
               uint64_t tail_offset,
               std::shared_ptr<const Footer> footer,
               int open_reads);

private:
    std::shared_ptr<const ReadAt> source_;
    std::shared_ptr<const Session> session_;
    uint64_t file_size_;
    // The bytes [tail_offset_, file_size_) read at open; segments inside are served from it.
    Buffer tail_;
    uint64_t tail_offset_;
    std::shared_ptr<const Footer> footer_; // never null
    int open_reads_;
    std::shared_ptr<ArrayCache> array_cache_;
    std::shared_ptr<SkeletonCache> skeletons_; // null: none kept
    mutable std::atomic<uint64_t> segments_read_{0};

    // ReadSegment and ReadSegmentSparse; `sparse` reads through ReadAt::ReadSparse.
    Result<Buffer> ReadSegmentAs(uint32_t segment_id, bool sparse) const;
    // Gives a file built by Open the cache its options ask for.
    static std::shared_ptr<const VortexFile> WithOptions(std::shared_ptr<VortexFile> file,
                                                         const OpenOptions &options);
};

} // namespace vortex
