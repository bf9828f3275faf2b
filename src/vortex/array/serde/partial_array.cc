// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/serde/partial_array.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "vortex/array/encoding.h"
#include "vortex/array/serde/serialized_array_internal.h"
#include "vortex/array/take_bytes.h"
#include "vortex/base/checked_cast.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define VORTEX_POISON(address, size) ASAN_POISON_MEMORY_REGION(address, size)
#define VORTEX_UNPOISON(address, size) ASAN_UNPOISON_MEMORY_REGION(address, size)
#else
#define VORTEX_POISON(address, size) ((void)(address), (void)(size))
#define VORTEX_UNPOISON(address, size) ((void)(address), (void)(size))
#endif

namespace vortex {
namespace {

namespace fba = fbs::array;

// Sorts `ranges` and merges those at most `gap` bytes apart (0 merges touching ones).
std::vector<ByteRange> Merge(std::vector<ByteRange> ranges, uint64_t gap) {
    std::sort(ranges.begin(), ranges.end(),
              [](const ByteRange &a, const ByteRange &b) { return a.offset < b.offset; });
    std::vector<ByteRange> out;
    for (const ByteRange &range : ranges) {
        if (range.length == 0) {
            continue;
        }
        if (!out.empty() && range.offset <= out.back().end() + gap) {
            out.back().length = std::max(out.back().end(), range.end()) - out.back().offset;
        } else {
            out.push_back(range);
        }
    }
    return out;
}

// `wanted` (sorted, disjoint) less `have` (sorted, disjoint).
std::vector<ByteRange> Subtract(std::span<const ByteRange> wanted, std::span<const ByteRange> have) {
    std::vector<ByteRange> out;
    size_t h = 0;
    for (ByteRange range : wanted) {
        while (h < have.size() && have[h].end() <= range.offset) {
            ++h;
        }
        for (size_t k = h; k < have.size() && have[k].offset < range.end() && range.length > 0; ++k) {
            if (have[k].offset > range.offset) {
                out.push_back({range.offset, have[k].offset - range.offset});
            }
            const uint64_t next = std::min(range.end(), have[k].end());
            range = {next, range.end() - next};
        }
        if (range.length > 0) {
            out.push_back(range);
        }
    }
    return out;
}

uint64_t TotalBytes(std::span<const ByteRange> ranges) {
    uint64_t total = 0;
    for (const ByteRange &range : ranges) {
        total += range.length;
    }
    return total;
}

// The memory of one segment being read in part. Bytes not read are poisoned under
// AddressSanitizer, so a kernel touching more than its encoding declared fails the tests.
class SparseSegment {
public:
    SparseSegment(const SegmentRangeReader &reader,
                  uint64_t size,
                  size_t alignment,
                  const PartialReadOptions &options)
        : reader_(reader), size_(size), options_(options),
          memory_(std::make_shared<Memory>(CheckedCast<size_t>(size), alignment)) {}

    uint64_t size() const { return size_; }
    const uint8_t *base() const { return memory_->base(); }
    // All of the segment's memory; the bytes not yet read are unspecified.
    Buffer view() const { return Buffer::Wrap(memory_->base(), memory_->size(), memory_); }
    std::span<const uint8_t> bytes(const ByteRange &range) const {
        return {memory_->base() + range.offset, static_cast<size_t>(range.length)};
    }

    // The part of `wanted` not read yet.
    std::vector<ByteRange> Missing(std::vector<ByteRange> wanted) const {
        for (ByteRange &range : wanted) {
            range.offset = std::min(range.offset, size_);
            range.length = std::min(range.length, size_ - range.offset);
        }
        return Subtract(Merge(std::move(wanted), 0), loaded_);
    }

    // Reads what `wanted` holds that is not read yet, nearby ranges together.
    Status Fetch(std::vector<ByteRange> wanted) {
        std::vector<ByteRange> reads = Merge(Missing(std::move(wanted)), options_.max_gap);
        // A merged read may span bytes already read: read only the gaps between them.
        reads = Subtract(reads, loaded_);
        if (reads.empty()) {
            return Status::OK();
        }
        // Unpoisoned before the read: the sanitizer checks what a read writes to as well.
        for (const ByteRange &range : reads) {
            VORTEX_UNPOISON(memory_->base() + range.offset, range.length);
        }
        VX_RETURN_NOT_OK(reader_.Read(reads, memory_->base()));
        loaded_.insert(loaded_.end(), reads.begin(), reads.end());
        loaded_ = Merge(std::move(loaded_), 0);
        return Status::OK();
    }

    Status FetchAll() { return Fetch({{0, size_}}); }

    // Copies a skeleton kept from an earlier take in; false when it does not fit the segment.
    bool Prefill(const SegmentSkeleton &skeleton) {
        for (const auto &[range, bytes] : skeleton.parts) {
            if (range.offset > size_ || range.length > size_ - range.offset || bytes.size() != range.length) {
                return false;
            }
        }
        for (const auto &[range, bytes] : skeleton.parts) {
            VORTEX_UNPOISON(memory_->base() + range.offset, range.length);
            std::memcpy(memory_->base() + range.offset, bytes.data(), bytes.size());
            loaded_.push_back(range);
        }
        loaded_ = Merge(std::move(loaded_), 0);
        return true;
    }

    // Copies of the bytes read so far.
    std::shared_ptr<const SegmentSkeleton> Skeleton() const {
        auto out = std::make_shared<SegmentSkeleton>();
        for (const ByteRange &range : loaded_) {
            out->parts.emplace_back(range, Buffer::Copy(bytes(range)));
        }
        return out;
    }

private:
    class Memory {
    public:
        Memory(size_t size, size_t alignment)
            : buffer_(BufferMut::Uninitialized(size, std::max(alignment, kDefaultAlignment))) {
            VORTEX_POISON(buffer_.data(), buffer_.size());
        }
        ~Memory() { VORTEX_UNPOISON(buffer_.data(), buffer_.size()); }
        Memory(const Memory &) = delete;
        Memory &operator=(const Memory &) = delete;
        uint8_t *base() { return buffer_.data(); }
        size_t size() const { return buffer_.size(); }

    private:
        BufferMut buffer_;
    };

    const SegmentRangeReader &reader_;
    uint64_t size_;
    const PartialReadOptions &options_;
    std::shared_ptr<Memory> memory_;
    std::vector<ByteRange> loaded_; // sorted, disjoint
};

// Marks the buffers a node's Build() may read (eager) and those only a take reads (lazy).
class BuildPlanner {
public:
    BuildPlanner(const internal::ArrayTail &tail, const ArrayReadContext &context)
        : tail_(tail), context_(context) {}

    // Whether the root can be built before its data is read.
    bool Plan(const fba::ArrayNode *root) {
        PlanNode(root, /*lazy_allowed=*/true);
        return root_lazy_;
    }
    std::vector<ByteRange> eager() && { return std::move(eager_); }

private:
    void PlanNode(const fba::ArrayNode *node, bool lazy_allowed) {
        if (node == nullptr) {
            return;
        }
        const size_t nchildren = node->children() == nullptr ? 0 : node->children()->size();
        std::optional<uint64_t> lazy_children;
        if (lazy_allowed) {
            if (auto encoding = context_.Get(node->encoding()); encoding.ok()) {
                std::span<const uint8_t> metadata;
                if (node->metadata() != nullptr) {
                    metadata = {node->metadata()->data(), node->metadata()->size()};
                }
                lazy_children = (*encoding)->PartialChildren(metadata, nchildren);
            }
        }
        if (depth_ == 0) {
            root_lazy_ = lazy_children.has_value();
        }
        if (!lazy_children && node->buffers() != nullptr) {
            for (const uint16_t index : *node->buffers()) {
                if (index < tail_.buffers.size()) {
                    eager_.push_back(tail_.buffers[index].range); // a bad index fails the decode later
                }
            }
        }
        ++depth_;
        for (size_t i = 0; i < nchildren; ++i) {
            const bool lazy = lazy_children && i < 64 && ((*lazy_children >> i) & 1) != 0;
            PlanNode(node->children()->Get(static_cast<flatbuffers::uoffset_t>(i)), lazy);
        }
        --depth_;
    }

    const internal::ArrayTail &tail_;
    const ArrayReadContext &context_;
    std::vector<ByteRange> eager_;
    size_t depth_ = 0;
    bool root_lazy_ = false;
};

// Turns the declared buffer bytes into ranges of the segment. Buffers outside the segment
// (aligned copies, constants) are already in memory.
class SegmentRanges final : public TakeByteSink {
public:
    explicit SegmentRanges(const SparseSegment &segment) : segment_(segment) {}

    void Bytes(const Buffer &buffer, uint64_t offset, uint64_t length) override {
        const uint8_t *begin = segment_.base();
        if (buffer.data() < begin || buffer.data() >= begin + segment_.size() || offset >= buffer.size()) {
            return;
        }
        length = std::min<uint64_t>(length, buffer.size() - offset);
        ranges_.push_back({static_cast<uint64_t>(buffer.data() - begin) + offset, length});
    }
    std::vector<ByteRange> ranges() && { return std::move(ranges_); }

private:
    const SparseSegment &segment_;
    std::vector<ByteRange> ranges_;
};

} // namespace

uint64_t SegmentSkeleton::bytes() const {
    uint64_t total = 0;
    for (const auto &part : parts) {
        total += part.first.length;
    }
    return total;
}

Result<PartialTake> DeserializeArrayForTake(const PartialSegment &source,
                                            const DType &dtype,
                                            size_t len,
                                            std::span<const uint64_t> positions,
                                            const ArrayReadContext &context,
                                            const PartialReadOptions &options) {
    const uint64_t size = source.size;
    SparseSegment segment(source.reader, size, source.alignment, options);
    const bool known = source.skeleton != nullptr && segment.Prefill(*source.skeleton);
    // The tail's length is in its last 4 bytes; a skeleton holds them already.
    const uint64_t guess = known ? 4 : std::min(size, std::max<uint64_t>(options.tail_guess, 4));
    VX_RETURN_NOT_OK(segment.Fetch({{size - guess, guess}}));
    VX_ASSIGN_OR_RETURN(const size_t tail_size, internal::ArrayTailSize(segment.bytes({size - 4, 4}), size));
    const ByteRange tail_range{size - tail_size, tail_size};
    VX_RETURN_NOT_OK(segment.Fetch({tail_range}));
    VX_ASSIGN_OR_RETURN(const internal::ArrayTail tail,
                        internal::ParseArrayTail(segment.bytes(tail_range), size));

    BuildPlanner planner(tail, context);
    bool whole = !planner.Plan(tail.array->root());
    // A buffer off its declared alignment is copied before Build: it must be whole by then.
    const Buffer memory = segment.view();
    for (const internal::BufferPlace &place : tail.buffers) {
        whole = whole || !memory.Slice(static_cast<size_t>(place.range.offset), 0).IsAligned(place.alignment);
    }
    VX_RETURN_NOT_OK(whole ? segment.FetchAll() : segment.Fetch(std::move(planner).eager()));
    PartialTake out;
    if (!known && !whole) {
        out.skeleton = segment.Skeleton();
    }
    VX_ASSIGN_OR_RETURN(out.array, internal::DecodeArrayTree(tail, internal::SliceBuffers(memory, tail),
                                                             dtype, len, context,
                                                             /*statistics=*/false));

    SegmentRanges declared(segment);
    out.array->DeclareTakeBytes(positions, declared);
    std::vector<ByteRange> missing = segment.Missing(std::move(declared).ranges());
    if (static_cast<double>(TotalBytes(missing)) > options.whole_fraction * static_cast<double>(size)) {
        VX_RETURN_NOT_OK(segment.FetchAll());
    } else {
        VX_RETURN_NOT_OK(segment.Fetch(std::move(missing)));
    }
    return out;
}

} // namespace vortex
