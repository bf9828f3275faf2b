// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "build_harness.h"

#include <algorithm>
#include <cstring>

#include "vortex/array/testing/random_array.h"
#include "vortex/dtype/decimal.h"

namespace vortex::bad_input {
namespace {

// Varints a reader must not trust: zero, small, every ptype tag and one past, 32- and
// 64-bit extremes, and lengths that would need terabytes.
constexpr uint64_t kExtremeVarints[] = {0,
                                        1,
                                        2,
                                        7,
                                        8,
                                        9,
                                        10,
                                        11,
                                        12,
                                        255,
                                        1025,
                                        (uint64_t{1} << 31) - 1,
                                        uint64_t{1} << 31,
                                        (uint64_t{1} << 32) - 1,
                                        uint64_t{1} << 32,
                                        uint64_t{1} << 40,
                                        uint64_t{1} << 62,
                                        ~uint64_t{0} >> 1,
                                        ~uint64_t{0}};

void AppendVarint(std::vector<uint8_t> &out, uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<uint8_t>(value | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<uint8_t>(value));
}

std::vector<uint8_t> RandomBytes(TestRng &rng, size_t len) {
    std::vector<uint8_t> out(len);
    for (uint8_t &byte : out) {
        byte = static_cast<uint8_t>(rng.Next());
    }
    return out;
}

// A sequence of protobuf fields 1..6 of random wire types, mostly varints.
std::vector<uint8_t> ProtobufLike(TestRng &rng) {
    std::vector<uint8_t> out;
    for (size_t field = 0, nfields = rng.Between(1, 5); field < nfields; ++field) {
        const uint64_t number = rng.Between(1, 6);
        const uint64_t wire_type = rng.Chance(0.8) ? 0 : rng.Below(6);
        AppendVarint(out, number << 3 | wire_type);
        switch (wire_type) {
            case 0:
                AppendVarint(out, rng.Chance(0.7) ? kExtremeVarints[rng.Below(std::size(kExtremeVarints))]
                                                  : rng.Next() >> rng.Below(64));
                break;
            case 1:
                for (int i = 0; i < 8; ++i) {
                    out.push_back(static_cast<uint8_t>(rng.Next()));
                }
                break;
            case 2: {
                const size_t len = rng.Below(12);
                // Sometimes claim more bytes than follow.
                AppendVarint(out,
                             rng.Chance(0.2) ? kExtremeVarints[rng.Below(std::size(kExtremeVarints))] : len);
                const auto body = RandomBytes(rng, len);
                out.insert(out.end(), body.begin(), body.end());
                break;
            }
            case 5:
                for (int i = 0; i < 4; ++i) {
                    out.push_back(static_cast<uint8_t>(rng.Next()));
                }
                break;
            default: // groups (3, 4): deprecated, must be rejected or skipped
                break;
        }
    }
    if (rng.Chance(0.2) && !out.empty()) {
        out.resize(rng.Below(out.size()));
    }
    return out;
}

std::vector<uint8_t> Edited(TestRng &rng, std::span<const uint8_t> valid) {
    std::vector<uint8_t> out(valid.begin(), valid.end());
    for (size_t edit = 0, nedits = rng.Between(1, 4); edit < nedits; ++edit) {
        const size_t pos = rng.Below(out.size() + 1);
        switch (rng.Below(4)) {
            case 0:
                out.insert(out.begin() + static_cast<ptrdiff_t>(pos), static_cast<uint8_t>(rng.Next()));
                break;
            case 1:
                if (pos < out.size()) {
                    out.erase(out.begin() + static_cast<ptrdiff_t>(pos));
                }
                break;
            case 2:
                if (pos < out.size()) {
                    out[pos] = static_cast<uint8_t>(rng.Next());
                }
                break;
            default: {
                std::vector<uint8_t> varint;
                AppendVarint(varint, kExtremeVarints[rng.Below(std::size(kExtremeVarints))]);
                out.insert(out.begin() + static_cast<ptrdiff_t>(pos), varint.begin(), varint.end());
                break;
            }
        }
    }
    return out;
}

} // namespace

Parts PartsOf(const ArrayRef &array) {
    Parts parts{.dtype = array->dtype(), .len = array->len()};
    parts.metadata = array->SerializeMetadata().ValueOrDie();
    parts.buffers.assign(array->buffers().begin(), array->buffers().end());
    parts.children.assign(array->children().begin(), array->children().end());
    return parts;
}

uint64_t SeedFor(std::string_view encoding, std::string_view test) {
    uint64_t hash = 0xcbf29ce484222325ULL; // FNV-1a
    for (std::string_view part : {encoding, std::string_view("/"), test}) {
        for (char c : part) {
            hash = (hash ^ static_cast<uint8_t>(c)) * 0x100000001b3ULL;
        }
    }
    return hash;
}

Buffer CopyOf(std::span<const uint8_t> bytes) {
    return Buffer::Copy(bytes);
}

Buffer MisalignedCopy(const Buffer &buffer) {
    BufferMut out = BufferMut::Zeroed(buffer.size() + 1);
    if (buffer.size() > 0) {
        std::memcpy(out.data() + 1, buffer.data(), buffer.size());
    }
    return std::move(out).Freeze().Slice(1, buffer.size());
}

std::vector<uint8_t> RandomMetadata(TestRng &rng, std::span<const uint8_t> valid) {
    switch (rng.Below(3)) {
        case 0:
            return RandomBytes(rng, rng.Below(65));
        case 1:
            return ProtobufLike(rng);
        default:
            return Edited(rng, valid);
    }
}

std::vector<DType> OtherDTypes(const DType &dtype) {
    const Nullability n = dtype.nullability();
    const Nullability flipped = dtype.is_nullable() ? Nullability::NonNullable : Nullability::Nullable;
    std::vector<DType> candidates = {DType::Null(),
                                     DType::Bool(Nullability::NonNullable),
                                     DType::Primitive(PType::I32, Nullability::Nullable),
                                     DType::Primitive(PType::U64, Nullability::NonNullable),
                                     DType::Utf8(Nullability::NonNullable),
                                     DType::Binary(Nullability::Nullable),
                                     DType::Struct({}, {}, n),
                                     DType::List(DType::Primitive(PType::U8, Nullability::NonNullable), n),
                                     DType::FixedSizeList(DType::Bool(Nullability::Nullable), 0, n)};
    if (!dtype.is_null()) {
        candidates.push_back(dtype.WithNullability(flipped));
    }
    if (dtype.is_primitive()) {
        for (uint8_t tag = 0; tag <= kMaxPTypeTag; ++tag) {
            candidates.push_back(DType::Primitive(static_cast<PType>(tag), n));
        }
    } else if (dtype.is_decimal()) {
        candidates.push_back(DType::Decimal(dtype.decimal().precision > 9 ? 3 : 30, 0, n));
    } else if (dtype.is_list()) {
        candidates.push_back(DType::List(DType::Utf8(Nullability::Nullable), n));
        candidates.push_back(DType::List(
            dtype.element_type().WithNullability(dtype.element_type().is_nullable() ? Nullability::NonNullable
                                                                                    : Nullability::Nullable),
            n));
        candidates.push_back(DType::FixedSizeList(dtype.element_type(), 2, n));
    } else if (dtype.is_fixed_size_list()) {
        candidates.push_back(DType::FixedSizeList(dtype.element_type(), dtype.list_size() + 1, n));
        candidates.push_back(DType::FixedSizeList(dtype.element_type(), 0, n));
        candidates.push_back(DType::List(dtype.element_type(), n));
    } else if (dtype.is_struct() && dtype.struct_fields().size() > 0) {
        StructFields fields = dtype.struct_fields();
        fields.dtypes[0] = DType::Primitive(PType::I8, Nullability::NonNullable);
        candidates.push_back(DType::Struct(fields.names, fields.dtypes, n));
        fields = dtype.struct_fields();
        fields.names.pop_back();
        fields.dtypes.pop_back();
        candidates.push_back(DType::Struct(fields.names, fields.dtypes, n));
    } else if (dtype.is_extension()) {
        const ExtDType &ext = dtype.extension();
        candidates.push_back(DType::Extension(ext.id, DType::Primitive(PType::I8, n), ext.metadata));
        candidates.push_back(ext.storage);
    }
    std::vector<DType> out;
    for (DType &candidate : candidates) {
        if (candidate != dtype && std::find(out.begin(), out.end(), candidate) == out.end()) {
            out.push_back(std::move(candidate));
        }
    }
    return out;
}

Result<ArrayRef> FailingChildren::Get(size_t index, const DType &dtype, size_t len) const {
    if (!failing_index_.has_value() || *failing_index_ == index) {
        return Status::Io("injected failure decoding child {}", index);
    }
    return honest().Get(index, dtype, len);
}

Result<ArrayRef> UncheckedChildren::Get(size_t index, const DType &, size_t) const {
    VX_ENSURE(index < children_.size(), Serde, "child {} requested but only {} children", index,
              children_.size());
    return children_[index];
}

Result<ArrayRef> ConstantChildren::Get(size_t index, const DType &dtype, size_t len) const {
    VX_ENSURE(index < count_, Serde, "child {} requested but only {} children", index, count_);
    return RandomConstantArray(dtype, {.len = len, .null_fraction = 0.5, .seed = seed_ + index});
}

BuildCounts &Counts() {
    static BuildCounts counts;
    return counts;
}

BuildOutcome CheckBuild(const Encoding &encoding,
                        const BuildCase &build_case,
                        const DType &dtype,
                        size_t len,
                        std::span<const uint8_t> metadata,
                        std::vector<Buffer> buffers,
                        const ArrayChildren &children,
                        std::set<std::pair<size_t, std::vector<uint8_t>>> *checked) {
    SetCurrentCase(build_case);
    auto result = encoding.Build(dtype, len, metadata, std::move(buffers), children);
    ++Counts().calls;
    if (!result.ok()) {
        return {};
    }
    ++Counts().accepted;
    ArrayRef array = std::move(result).ValueOrDie();
    if (checked != nullptr && array != nullptr) {
        auto reserialized = array->SerializeMetadata();
        if (reserialized.ok() && !checked->emplace(build_case.sample, *std::move(reserialized)).second) {
            return {.ok = true, .array = std::move(array)};
        }
    }
    ExpectUsable(array, build_case);
    return {.ok = true, .array = std::move(array)};
}

} // namespace vortex::bad_input
