// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/vortex_file.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "vortex/base/check.h"
#include "vortex/file/footer_cache.h"
#include "vortex/file/skeleton_cache.h"
#include "vortex/layout/array_cache.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/session/session.h"

namespace vortex {

VortexFile::VortexFile(std::shared_ptr<const ReadAt> source,
                       std::shared_ptr<const Session> session,
                       uint64_t file_size,
                       Buffer tail,
                       uint64_t tail_offset,
                       Footer footer,
                       int open_reads)
    : VortexFile(std::move(source),
                 std::move(session),
                 file_size,
                 std::move(tail),
                 tail_offset,
                 std::make_shared<const Footer>(std::move(footer)),
                 open_reads) {}

VortexFile::VortexFile(std::shared_ptr<const ReadAt> source,
                       std::shared_ptr<const Session> session,
                       uint64_t file_size,
                       Buffer tail,
                       uint64_t tail_offset,
                       std::shared_ptr<const Footer> footer,
                       int open_reads)
    : source_(std::move(source)), session_(std::move(session)), file_size_(file_size), tail_(std::move(tail)),
      tail_offset_(tail_offset), footer_(std::move(footer)), open_reads_(open_reads) {
    VX_CHECK(footer_ != nullptr);
}

Result<std::shared_ptr<const VortexFile>> VortexFile::Open(std::shared_ptr<const ReadAt> source,
                                                           std::shared_ptr<const Session> session,
                                                           const OpenOptions &options) {
    VX_ENSURE(source != nullptr && session != nullptr, InvalidArgument,
              "VortexFile::Open needs a source and a session");
    VX_ASSIGN_OR_RETURN(uint64_t size, source->Size());
    uint64_t initial = std::min(size, std::max(options.initial_read_size, kDefaultInitialReadSize));
    uint64_t tail_offset = size - initial;
    VX_ASSIGN_OR_RETURN(Buffer tail, source->Read(tail_offset, initial));
    int reads = 1;
    auto ps_or = ParsePostscript(tail.span<uint8_t>(), size);
    if (!ps_or.ok()) {
        return ps_or.status().WithContext(source->name());
    }
    const PostscriptLocations &ps = *ps_or;
    uint64_t lowest = ps.lowest_offset(!options.dtype.has_value());
    if (lowest < tail_offset) {
        // The footer is larger than the first read: read it whole once more rather than copy
        // the two reads together (a wide file's footer runs to megabytes).
        VX_ASSIGN_OR_RETURN(tail, source->Read(lowest, size - lowest));
        tail_offset = lowest;
        ++reads;
    }
    auto footer = ParseFooter(tail, tail_offset, ps, *session, options.dtype);
    if (!footer.ok()) {
        return footer.status().WithContext(source->name());
    }
    return WithOptions(std::make_shared<VortexFile>(std::move(source), std::move(session), size,
                                                    std::move(tail), tail_offset, std::move(*footer), reads),
                       options);
}

std::shared_ptr<const VortexFile> VortexFile::WithOptions(std::shared_ptr<VortexFile> file,
                                                          const OpenOptions &options) {
    if (options.array_cache_bytes > 0) {
        file->array_cache_ = std::make_shared<ArrayCache>(options.array_cache_bytes);
    }
    if (options.skeleton_cache_bytes > 0) {
        file->skeletons_ = std::make_shared<SkeletonCache>(options.skeleton_cache_bytes);
    }
    return file;
}

Result<std::shared_ptr<const VortexFile>> VortexFile::Open(const std::string &path,
                                                           std::shared_ptr<const Session> session,
                                                           bool mmap,
                                                           const OpenOptions &options) {
    // The cache needs the identity of the very file the source opened: stat before and after
    // the open, and use the cache only when both agree (no rename or rewrite in between).
    std::shared_ptr<FooterCache> cache = options.dtype.has_value() ? nullptr : options.footer_cache;
    std::optional<FileIdentity> before;
    if (cache != nullptr) {
        if (auto id = StatFileIdentity(path); id.ok()) {
            before = std::move(*id);
        }
    }
    std::shared_ptr<const ReadAt> source;
    if (mmap) {
        VX_ASSIGN_OR_RETURN(source, MmapReadAt::Open(path));
    } else {
        VX_ASSIGN_OR_RETURN(source, FileReadAt::Open(path));
    }
    if (!before.has_value() || session == nullptr) {
        return Open(std::move(source), std::move(session), options);
    }
    auto after = StatFileIdentity(path);
    VX_ASSIGN_OR_RETURN(uint64_t size, source->Size());
    if (!after.ok() || !(*after == *before) || size != before->size) {
        return Open(std::move(source), std::move(session), options);
    }
    if (std::shared_ptr<const Footer> footer = cache->Lookup(*before, *session)) {
        // No tail in memory: every segment is read from the source.
        return WithOptions(std::make_shared<VortexFile>(std::move(source), std::move(session), size, Buffer(),
                                                        size, std::move(footer), 0),
                           options);
    }
    VX_ASSIGN_OR_RETURN(auto file, Open(std::move(source), session, options));
    cache->Insert(*before, std::move(session), file->shared_footer());
    return file;
}

Result<Buffer> VortexFile::ReadSegment(uint32_t segment_id) const {
    return ReadSegmentAs(segment_id, /*sparse=*/false);
}

Result<Buffer> VortexFile::ReadSegmentSparse(uint32_t segment_id) const {
    return ReadSegmentAs(segment_id, /*sparse=*/true);
}

Result<Buffer> VortexFile::ReadSegmentAs(uint32_t segment_id, bool sparse) const {
    VX_ENSURE(segment_id < footer_->segments.size(), OutOfBounds, "segment {} outside the {} segments",
              segment_id, footer_->segments.size());
    const SegmentSpec &spec = footer_->segments[segment_id];
    segments_read_.fetch_add(1, std::memory_order_relaxed);
    Buffer bytes;
    if (spec.offset >= tail_offset_ && spec.offset + spec.length <= file_size_) {
        bytes = tail_.Slice(static_cast<size_t>(spec.offset - tail_offset_), spec.length);
    } else if (sparse) {
        VX_ASSIGN_OR_RETURN(bytes, source_->ReadSparse(spec.offset, spec.length));
    } else {
        VX_ASSIGN_OR_RETURN(bytes, source_->Read(spec.offset, spec.length));
    }
    return bytes.EnsureAligned(size_t{1} << spec.alignment_exponent);
}

std::optional<SegmentSource::RangedSegment> VortexFile::RangedRead(uint32_t segment_id) const {
    if (segment_id >= footer_->segments.size() || source_->reads_are_views()) {
        return std::nullopt;
    }
    const SegmentSpec &spec = footer_->segments[segment_id];
    if (spec.length < kMinRangedSegment || spec.offset >= tail_offset_) {
        return std::nullopt;
    }
    segments_read_.fetch_add(1, std::memory_order_relaxed);
    return RangedSegment{spec.length, size_t{1} << spec.alignment_exponent,
                         skeletons_ != nullptr ? skeletons_->Get(segment_id) : nullptr};
}

void VortexFile::KeepSkeleton(uint32_t segment_id,
                              const std::shared_ptr<const SegmentSkeleton> &skeleton) const {
    if (skeletons_ != nullptr && skeleton != nullptr) {
        skeletons_->Put(segment_id, skeleton);
    }
}

Status VortexFile::ReadSegmentRanges(uint32_t segment_id,
                                     std::span<const ByteRange> ranges,
                                     uint8_t *segment) const {
    VX_ENSURE(segment_id < footer_->segments.size(), OutOfBounds, "segment {} outside the {} segments",
              segment_id, footer_->segments.size());
    const SegmentSpec &spec = footer_->segments[segment_id];
    for (const ByteRange &range : ranges) {
        VX_ENSURE(range.offset <= spec.length && range.length <= spec.length - range.offset, OutOfBounds,
                  "range of {} bytes at {} outside segment {} of {} bytes", range.length, range.offset,
                  segment_id, spec.length);
        VX_RETURN_NOT_OK(source_->ReadInto(spec.offset + range.offset,
                                           {segment + range.offset, static_cast<size_t>(range.length)}));
    }
    return Status::OK();
}

Result<ArrayRef> VortexFile::Read(uint64_t begin, uint64_t end) const {
    LayoutReadContext ctx{*this, *footer_->arrays};
    return footer_->layout->Read(ctx, begin, end);
}

Result<ArrayRef>
VortexFile::ReadColumns(std::span<const std::string> names, uint64_t begin, uint64_t end) const {
    VX_ENSURE(dtype().is_struct(), InvalidArgument, "column selection needs a struct file, this one holds {}",
              dtype());
    const StructFields &fields = dtype().struct_fields();
    std::vector<size_t> indices;
    for (const std::string &name : names) {
        auto it = std::find(fields.names.begin(), fields.names.end(), name);
        VX_ENSURE(it != fields.names.end(), InvalidArgument, "no column named '{}'", name);
        indices.push_back(static_cast<size_t>(it - fields.names.begin()));
    }
    LayoutReadContext ctx{*this, *footer_->arrays};
    // The writer's root for a struct file is a struct layout, possibly under a zone map.
    const Layout *root = footer_->layout.get();
    if (const auto *structure = dynamic_cast<const StructLayout *>(root)) {
        return structure->ReadFields(ctx, indices, begin, end);
    }
    return Status::NotImplemented("column selection over a '{}' root layout", root->encoding_id());
}

} // namespace vortex
