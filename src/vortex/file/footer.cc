// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/footer.h"

#include <algorithm>
#include <cstring>

#include "vortex/array/serde/array_stats_serde.h"
#include "vortex/base/endian.h"
#include "vortex/dtype/dtype_serde.h"
#include "vortex/file/layout_tree.h"
#include "vortex/format/footer_generated.h"
#include "vortex/format/layout_generated.h"
#include "vortex/layout/layout.h"
#include "vortex/serde/flatbuffer_verify.h"
#include "vortex/serde/utf8_validation.h"
#include "vortex/session/session.h"

namespace vortex {

namespace fbf = vortex::fbs::footer;
namespace fbl = vortex::fbs::layout;

namespace {

using Part = PostscriptLocations::Part;

Result<std::optional<Part>>
ReadPart(const fbf::PostscriptSegment *segment, std::string_view what, uint64_t limit) {
    if (segment == nullptr) {
        return std::optional<Part>();
    }
    VX_ENSURE(segment->_compression() == nullptr && segment->_encryption() == nullptr, NotImplemented,
              "postscript: the {} segment is compressed or encrypted, which no writer produces", what);
    VX_ENSURE(segment->offset() <= limit && segment->length() <= limit - segment->offset(), Serde,
              "postscript: the {} segment [{}, +{}) lies outside the {} bytes before the postscript", what,
              segment->offset(), segment->length(), limit);
    return std::optional<Part>(Part{segment->offset(), segment->length()});
}

Buffer Slice(const Buffer &tail, uint64_t tail_offset, const Part &part) {
    return tail.Slice(static_cast<size_t>(part.offset - tail_offset), part.length);
}

template <typename Spec>
Result<std::vector<std::string>> ReadIds(const flatbuffers::Vector<flatbuffers::Offset<Spec>> *specs,
                                         std::string_view what) {
    std::vector<std::string> ids;
    if (specs == nullptr) {
        return ids;
    }
    ids.reserve(specs->size());
    for (const Spec *spec : *specs) {
        // `id` is a required field, which the verifier has checked.
        ids.emplace_back(spec->id()->string_view());
        VX_ENSURE(serde::IsValidUtf8(ids.back()), Serde, "footer: a {} id is not UTF-8", what);
    }
    return ids;
}

Result<std::vector<SegmentSpec>> ReadSegments(const fbf::Footer *footer, uint64_t data_end) {
    std::vector<SegmentSpec> segments;
    const auto *specs = footer->segment_specs();
    VX_ENSURE(specs != nullptr, Serde, "footer: missing segment map");
    VX_ENSURE(serde::StructVectorAligned(specs), Serde, "footer: the segment map is not 8-byte aligned");
    segments.reserve(specs->size());
    for (const fbf::SegmentSpec *spec : *specs) {
        VX_ENSURE(spec->_compression() == 0 && spec->_encryption() == 0, NotImplemented,
                  "footer: compressed or encrypted segments are not supported");
        VX_ENSURE(spec->alignment_exponent() < 32, Serde,
                  "footer: segment alignment exponent {} is too large", spec->alignment_exponent());
        VX_ENSURE(spec->offset() <= data_end && spec->length() <= data_end - spec->offset(), Serde,
                  "footer: segment [{}, +{}) lies outside the file's {} data bytes", spec->offset(),
                  spec->length(), data_end);
        VX_ENSURE(segments.empty() || segments.back().offset <= spec->offset(), Serde,
                  "footer: segment offsets are not sorted");
        segments.push_back({spec->offset(), spec->length(), spec->alignment_exponent()});
    }
    return segments;
}

} // namespace

uint64_t PostscriptLocations::lowest_offset(bool need_dtype) const {
    uint64_t lowest = std::min(layout.offset, footer.offset);
    if (need_dtype && dtype) {
        lowest = std::min(lowest, dtype->offset);
    }
    if (statistics) {
        lowest = std::min(lowest, statistics->offset);
    }
    return lowest;
}

Result<PostscriptLocations> ParsePostscript(std::span<const uint8_t> tail, uint64_t file_size) {
    VX_ENSURE(tail.size() >= kEofSize && file_size >= kEofSize, Serde,
              "not a vortex file: {} bytes are too few for the end-of-file record", file_size);
    const uint8_t *eof = tail.data() + tail.size() - kEofSize;
    VX_ENSURE(std::memcmp(eof + 4, kFileMagic.data(), kFileMagic.size()) == 0, Serde,
              "not a vortex file: the trailing magic is not VTXF");
    auto version = LoadLittleEndian<uint16_t>(eof);
    VX_ENSURE(version == kFileFormatVersion, NotImplemented, "unsupported vortex file format version {}",
              version);
    auto ps_len = LoadLittleEndian<uint16_t>(eof + 2);
    VX_ENSURE(ps_len <= kMaxPostscriptSize && ps_len <= tail.size() - kEofSize, Serde,
              "postscript of {} bytes does not fit the file", ps_len);
    const serde::AlignedBytes aligned(tail.subspan(tail.size() - kEofSize - ps_len, ps_len));
    VX_ASSIGN_OR_RETURN(const fbf::Postscript *ps,
                        serde::VerifyFlatBuffer<fbf::Postscript>(aligned.span(), "postscript"));
    // The footer flatbuffers must lie before the postscript.
    uint64_t limit = file_size - kEofSize - ps_len;
    PostscriptLocations out;
    VX_ASSIGN_OR_RETURN(out.dtype, ReadPart(ps->dtype(), "dtype", limit));
    VX_ASSIGN_OR_RETURN(auto layout, ReadPart(ps->layout(), "layout", limit));
    VX_ASSIGN_OR_RETURN(out.statistics, ReadPart(ps->statistics(), "statistics", limit));
    VX_ASSIGN_OR_RETURN(auto footer, ReadPart(ps->footer(), "footer", limit));
    VX_ENSURE(layout.has_value(), Serde, "postscript: missing layout segment");
    VX_ENSURE(footer.has_value(), Serde, "postscript: missing footer segment");
    out.layout = *layout;
    out.footer = *footer;
    return out;
}

Result<Footer> ParseFooter(const Buffer &tail,
                           uint64_t tail_offset,
                           const PostscriptLocations &ps,
                           const Session &session,
                           const std::optional<DType> &dtype) {
    VX_ENSURE(dtype.has_value() || ps.dtype.has_value(), InvalidArgument,
              "the file does not embed a dtype and none was given");
    VX_ENSURE(ps.lowest_offset(!dtype.has_value()) >= tail_offset, Internal, "footer bytes were not read");
    Footer out;
    if (dtype) {
        out.dtype = *dtype;
    } else {
        VX_ASSIGN_OR_RETURN(out.dtype,
                            DeserializeDTypeFlatBuffer(Slice(tail, tail_offset, *ps.dtype).bytes()));
    }
    if (ps.statistics) {
        VX_ASSIGN_OR_RETURN(out.statistics,
                            FileStatistics::Parse(Slice(tail, tail_offset, *ps.statistics), out.dtype));
    }

    const serde::AlignedBytes footer_bytes(Slice(tail, tail_offset, ps.footer).bytes());
    VX_ASSIGN_OR_RETURN(const fbf::Footer *footer,
                        serde::VerifyFlatBuffer<fbf::Footer>(footer_bytes.span(), "footer"));
    VX_ASSIGN_OR_RETURN(std::vector<std::string> array_ids, ReadIds(footer->array_specs(), "array encoding"));
    VX_ASSIGN_OR_RETURN(out.layout_ids, ReadIds(footer->layout_specs(), "layout"));
    VX_ENSURE(array_ids.size() <= 65536 && out.layout_ids.size() <= 65536, Serde,
              "footer: more encoding ids than a u16 can index");
    VX_ENSURE(footer->compression_specs() == nullptr || footer->compression_specs()->size() == 0,
              NotImplemented, "footer: compression specs are not supported");
    VX_ENSURE(footer->encryption_specs() == nullptr || footer->encryption_specs()->size() == 0,
              NotImplemented, "footer: encryption specs are not supported");
    // Segments hold data, which precedes the footer flatbuffers.
    VX_ASSIGN_OR_RETURN(out.segments, ReadSegments(footer, ps.lowest_offset(true)));
    out.arrays =
        std::make_shared<const ArrayReadContext>(ArrayReadContext::Resolve(std::move(array_ids), session));

    VX_ASSIGN_OR_RETURN(out.layout, DecodeLayoutTree(Slice(tail, tail_offset, ps.layout), out.layout_ids,
                                                     session, out.segments.size(), out.dtype));
    return out;
}

namespace {

class LayoutIdInterner {
public:
    uint16_t Intern(std::string_view id) {
        for (size_t i = 0; i < ids_.size(); ++i) {
            if (ids_[i] == id) {
                return static_cast<uint16_t>(i);
            }
        }
        ids_.emplace_back(id);
        return static_cast<uint16_t>(ids_.size() - 1);
    }
    const std::vector<std::string> &ids() const { return ids_; }

private:
    std::vector<std::string> ids_;
};

// Children are interned first, so ids come out in post-order, as the reference writes them.
Result<flatbuffers::Offset<fbl::Layout>> WriteLayout(flatbuffers::FlatBufferBuilder &fbb,
                                                     const Layout &layout,
                                                     LayoutIdInterner &interner,
                                                     std::span<const uint32_t> segment_index) {
    std::vector<flatbuffers::Offset<fbl::Layout>> children;
    for (size_t i = 0; i < layout.nchildren(); ++i) {
        VX_ASSIGN_OR_RETURN(LayoutRef child, layout.Child(i));
        VX_ASSIGN_OR_RETURN(auto written, WriteLayout(fbb, *child, interner, segment_index));
        children.push_back(written);
    }
    uint16_t encoding = interner.Intern(layout.encoding_id());
    auto metadata =
        layout.metadata().empty() ? 0 : fbb.CreateVector(layout.metadata().data(), layout.metadata().size());
    auto children_vec = children.empty() ? 0 : fbb.CreateVector(children);
    std::vector<uint32_t> segment_ids(layout.segment_ids().begin(), layout.segment_ids().end());
    if (!segment_index.empty()) {
        for (uint32_t &id : segment_ids) {
            VX_ENSURE(id < segment_index.size(), Internal, "the layout names segment {} of {}", id,
                      segment_index.size());
            id = segment_index[id];
        }
    }
    auto segments = segment_ids.empty() ? 0 : fbb.CreateVector(segment_ids.data(), segment_ids.size());
    fbl::LayoutBuilder builder(fbb);
    builder.add_row_count(layout.row_count());
    builder.add_encoding(encoding);
    if (!metadata.IsNull()) {
        builder.add_metadata(metadata);
    }
    if (!children_vec.IsNull()) {
        builder.add_children(children_vec);
    }
    if (!segments.IsNull()) {
        builder.add_segments(segments);
    }
    return builder.Finish();
}

std::vector<uint8_t> Finished(flatbuffers::FlatBufferBuilder &fbb) {
    return {fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize()};
}

} // namespace

Result<std::vector<uint8_t>> SerializeFooter(uint64_t position,
                                             const DType &dtype,
                                             const Layout &layout,
                                             std::span<const SegmentSpec> segments,
                                             std::span<const std::string> array_ids,
                                             std::span<const FieldStatistics> statistics,
                                             std::span<const uint32_t> segment_index) {
    std::vector<uint8_t> out;
    auto append = [&](const std::vector<uint8_t> &bytes) -> Result<Part> {
        VX_ENSURE(bytes.size() <= UINT32_MAX, Serde, "footer part of {} bytes exceeds u32", bytes.size());
        Part part{position + out.size(), static_cast<uint32_t>(bytes.size())};
        out.insert(out.end(), bytes.begin(), bytes.end());
        return part;
    };

    VX_ASSIGN_OR_RETURN(Part dtype_part, append(SerializeDTypeFlatBuffer(dtype)));

    LayoutIdInterner interner;
    flatbuffers::FlatBufferBuilder layout_fbb;
    VX_ASSIGN_OR_RETURN(auto root, WriteLayout(layout_fbb, layout, interner, segment_index));
    layout_fbb.Finish(root);
    VX_ASSIGN_OR_RETURN(Part layout_part, append(Finished(layout_fbb)));

    std::optional<Part> stats_part;
    if (!statistics.empty()) {
        size_t expected = dtype.is_struct() ? dtype.struct_fields().size() : 1;
        VX_ENSURE(statistics.size() == expected, InvalidArgument, "{} statistics entries for {} fields",
                  statistics.size(), expected);
        flatbuffers::FlatBufferBuilder fbb;
        std::vector<flatbuffers::Offset<fbs::array::ArrayStats>> fields;
        for (size_t i = 0; i < statistics.size(); ++i) {
            const DType &field_dtype = dtype.is_struct() ? dtype.struct_fields().dtypes[i] : dtype;
            fields.push_back(WriteArrayStats(fbb, field_dtype, statistics[i]));
        }
        auto vec = fbb.CreateVector(fields);
        fbf::FileStatisticsBuilder builder(fbb);
        builder.add_field_stats(vec);
        fbb.Finish(builder.Finish());
        VX_ASSIGN_OR_RETURN(stats_part, append(Finished(fbb)));
    }

    {
        flatbuffers::FlatBufferBuilder fbb;
        std::vector<flatbuffers::Offset<fbf::ArraySpec>> array_specs;
        for (const std::string &id : array_ids) {
            array_specs.push_back(fbf::CreateArraySpec(fbb, fbb.CreateString(id)));
        }
        std::vector<flatbuffers::Offset<fbf::LayoutSpec>> layout_specs;
        for (const std::string &id : interner.ids()) {
            layout_specs.push_back(fbf::CreateLayoutSpec(fbb, fbb.CreateString(id)));
        }
        std::vector<fbf::SegmentSpec> segment_specs;
        segment_specs.reserve(segments.size());
        for (const SegmentSpec &spec : segments) {
            segment_specs.emplace_back(spec.offset, spec.length, spec.alignment_exponent, 0, 0);
        }
        auto array_vec = fbb.CreateVector(array_specs);
        auto layout_vec = fbb.CreateVector(layout_specs);
        auto segment_vec = fbb.CreateVectorOfStructs(segment_specs);
        fbf::FooterBuilder builder(fbb);
        builder.add_array_specs(array_vec);
        builder.add_layout_specs(layout_vec);
        builder.add_segment_specs(segment_vec);
        fbb.Finish(builder.Finish());
        VX_ASSIGN_OR_RETURN(Part footer_part, append(Finished(fbb)));

        flatbuffers::FlatBufferBuilder ps_fbb;
        auto segment = [&](const Part &part) {
            fbf::PostscriptSegmentBuilder b(ps_fbb);
            b.add_offset(part.offset);
            b.add_length(part.length);
            b.add_alignment_exponent(kFooterAlignmentExponent);
            return b.Finish();
        };
        auto dtype_seg = segment(dtype_part);
        auto layout_seg = segment(layout_part);
        flatbuffers::Offset<fbf::PostscriptSegment> stats_seg;
        if (stats_part) {
            stats_seg = segment(*stats_part);
        }
        auto footer_seg = segment(footer_part);
        fbf::PostscriptBuilder ps(ps_fbb);
        ps.add_dtype(dtype_seg);
        ps.add_layout(layout_seg);
        if (stats_part) {
            ps.add_statistics(stats_seg);
        }
        ps.add_footer(footer_seg);
        ps_fbb.Finish(ps.Finish());
        VX_ENSURE(ps_fbb.GetSize() <= kMaxPostscriptSize, Serde, "postscript of {} bytes exceeds {}",
                  ps_fbb.GetSize(), kMaxPostscriptSize);
        uint16_t ps_len = static_cast<uint16_t>(ps_fbb.GetSize());
        out.insert(out.end(), ps_fbb.GetBufferPointer(), ps_fbb.GetBufferPointer() + ps_len);
        uint8_t eof[kEofSize];
        StoreLittleEndian<uint16_t>(eof, kFileFormatVersion);
        StoreLittleEndian<uint16_t>(eof + 2, ps_len);
        std::memcpy(eof + 4, kFileMagic.data(), kFileMagic.size());
        out.insert(out.end(), eof, eof + kEofSize);
    }
    return out;
}

} // namespace vortex
