// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/layout_tree.h"

#include <memory>
#include <span>

#include "vortex/format/layout_generated.h"
#include "vortex/serde/flatbuffer_verify.h"
#include "vortex/session/session.h"

namespace vortex {

namespace fbl = vortex::fbs::layout;

namespace {

// Parents deeper than this are refused; it bounds the recursion of decoding (a flatbuffer
// can nest nodes as deep as its bytes allow).
constexpr size_t kMaxDepth = 128;

// The flatbuffer and what its nodes index, shared by every node decoded from it.
struct LayoutTree {
    Buffer bytes; // 8-byte aligned
    std::vector<const LayoutEncoding *> encodings;
    std::vector<std::string> ids;
    size_t nsegments = 0;
};

// Verifies one node: its vtable, its scalar fields, and that its metadata, children and
// segment vectors lie inside the buffer; not the children's tables, which are verified when
// decoded. Equivalent to the generated Layout::Verify without its recursion.
bool VerifyNode(const Buffer &bytes, const fbl::Layout *node) {
    flatbuffers::Verifier verifier(bytes.data(), bytes.size());
    const flatbuffers::Table *table = serde::AsTable(node);
    return table->VerifyTableStart(verifier) &&
           table->VerifyField<uint16_t>(verifier, fbl::Layout::VT_ENCODING, sizeof(uint16_t)) &&
           table->VerifyField<uint64_t>(verifier, fbl::Layout::VT_ROW_COUNT, sizeof(uint64_t)) &&
           table->VerifyOffset(verifier, fbl::Layout::VT_METADATA) &&
           verifier.VerifyVector(node->metadata()) &&
           table->VerifyOffset(verifier, fbl::Layout::VT_CHILDREN) &&
           verifier.VerifyVector(node->children()) &&
           table->VerifyOffset(verifier, fbl::Layout::VT_SEGMENTS) &&
           verifier.VerifyVector(node->segments()) && verifier.EndTable();
}

// The children of one verified node, decoded on demand as the node asks for them.
class FlatBufferLayoutChildren final : public LayoutChildren {
public:
    FlatBufferLayoutChildren(std::shared_ptr<const LayoutTree> tree, const fbl::Layout *node, size_t depth)
        : tree_(std::move(tree)), node_(node), depth_(depth) {}

    size_t size() const override { return node_->children() == nullptr ? 0 : node_->children()->size(); }

    Result<LayoutRef> Get(size_t index, const DType &dtype) const override {
        VX_ENSURE(index < size(), Serde, "layout: child {} of {} requested", index, size());
        return Decode(tree_, node_->children()->Get(static_cast<flatbuffers::uoffset_t>(index)), dtype,
                      depth_ + 1);
    }

    std::shared_ptr<const LayoutChildren> Retain() const override {
        return std::make_shared<const FlatBufferLayoutChildren>(tree_, node_, depth_);
    }

    static Result<LayoutRef> Decode(const std::shared_ptr<const LayoutTree> &tree,
                                    const fbl::Layout *node,
                                    const DType &dtype,
                                    size_t depth) {
        VX_ENSURE(depth < kMaxDepth, Serde, "layout: nodes nested deeper than {}", kMaxDepth);
        VX_ENSURE(VerifyNode(tree->bytes, node), Serde, "layout: invalid flatbuffer node ({} bytes)",
                  tree->bytes.size());
        const uint16_t index = node->encoding();
        VX_ENSURE(index < tree->encodings.size(), Serde,
                  "layout: encoding index {} outside the {} layout ids", index, tree->encodings.size());
        const LayoutEncoding *encoding = tree->encodings[index];
        VX_ENSURE(encoding != nullptr, NotImplemented, "unsupported layout '{}'", tree->ids[index]);
        std::vector<uint32_t> segments;
        if (node->segments() != nullptr) {
            segments.assign(node->segments()->begin(), node->segments()->end());
        }
        for (uint32_t id : segments) {
            VX_ENSURE(id < tree->nsegments, Serde, "layout: segment id {} outside the {} segments", id,
                      tree->nsegments);
        }
        std::span<const uint8_t> metadata;
        if (node->metadata() != nullptr) {
            metadata = {node->metadata()->data(), node->metadata()->size()};
        }
        FlatBufferLayoutChildren children(tree, node, depth);
        VX_ASSIGN_OR_RETURN(LayoutRef layout, encoding->Build(dtype, node->row_count(), metadata,
                                                              std::move(segments), children));
        VX_ENSURE(layout->row_count() == node->row_count(), Serde, "layout {}: {} rows declared, {} built",
                  tree->ids[index], node->row_count(), layout->row_count());
        return layout;
    }

private:
    std::shared_ptr<const LayoutTree> tree_;
    const fbl::Layout *node_;
    size_t depth_;
};

} // namespace

Result<LayoutRef> DecodeLayoutTree(const Buffer &bytes,
                                   std::vector<std::string> ids,
                                   const Session &session,
                                   size_t nsegments,
                                   const DType &dtype) {
    auto tree = std::make_shared<LayoutTree>();
    tree->bytes = bytes.EnsureAligned(alignof(uint64_t));
    VX_ASSIGN_OR_RETURN(const fbl::Layout *root,
                        serde::UnverifiedRoot<fbl::Layout>(tree->bytes.bytes(), "layout"));
    tree->encodings.reserve(ids.size());
    for (const std::string &id : ids) {
        tree->encodings.push_back(session.layouts().Find(id));
    }
    tree->ids = std::move(ids);
    tree->nsegments = nsegments;
    return FlatBufferLayoutChildren::Decode(tree, root, dtype, 0);
}

} // namespace vortex
