// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Checks shared by the Build() implementations of the canonical encodings.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/array/encoding.h"
#include "vortex/array/validity.h"
#include "vortex/base/result.h"
#include "vortex/serde/proto_message.h"

namespace vortex::internal {

/// Encodings whose metadata is the reference's EmptyMetadata reject any bytes.
inline Status EnsureEmptyMetadata(std::string_view id, std::span<const uint8_t> metadata) {
    VX_ENSURE(metadata.empty(), Serde, "{}: expected empty metadata, got {} bytes", id, metadata.size());
    return Status::OK();
}

inline Status EnsureBufferCount(std::string_view id, const std::vector<Buffer> &buffers, size_t expected) {
    VX_ENSURE(buffers.size() == expected, Serde, "{}: expected {} buffers, got {}", id, expected,
              buffers.size());
    return Status::OK();
}

inline Status EnsureChildCount(std::string_view id, const ArrayChildren &children, size_t min, size_t max) {
    VX_ENSURE(children.size() >= min && children.size() <= max, Serde,
              "{}: expected {}..={} children, got {}", id, min, max, children.size());
    return Status::OK();
}

/// Decodes the optional validity child at `index` (present iff children.size() > index).
inline Result<Validity>
ValidityFromChildren(const DType &dtype, const ArrayChildren &children, size_t index, size_t len) {
    if (children.size() <= index) {
        return Validity::From(dtype.nullability());
    }
    VX_ENSURE(dtype.is_nullable(), Serde, "validity child present for non-nullable dtype {}", dtype);
    VX_ASSIGN_OR_RETURN(ArrayRef child, children.Get(index, DType::Bool(Nullability::NonNullable), len));
    return Validity::FromChild(dtype.nullability(), &child, len);
}

/// Appends the validity child when the spec stores one.
inline void AppendValidityChild(const Validity &validity, size_t len, std::vector<ArrayRef> &children) {
    if (ArrayRef child = validity.ToChild(len)) {
        children.push_back(std::move(child));
    }
}

/// Checks that `validity` may describe `len` elements of a dtype with `nullability`.
inline Status CheckValidity(const Validity &validity, Nullability nullability, size_t len) {
    VX_ENSURE(validity.nullability() == nullability, InvalidArgument,
              "validity nullability does not match the dtype's");
    VX_ENSURE(validity.kind() != Validity::Kind::Array || validity.bits().len() == len, InvalidArgument,
              "validity has length {}, array has {}", validity.bits().len(), len);
    return Status::OK();
}

/// Parses a protobuf-lite metadata message from untrusted bytes.
template <typename Message>
Result<Message> ParseProtoMetadata(std::string_view id, std::span<const uint8_t> bytes) {
    Message message;
    VX_RETURN_NOT_OK(serde::ParseProtoMessage(bytes, message, id));
    return message;
}

template <typename Message>
std::vector<uint8_t> SerializeProtoMetadata(const Message &message) {
    return serde::SerializeProtoMessage(message);
}

/// Converts an on-disk PType tag, failing for unknown tags.
inline Result<PType> PTypeFromTag(std::string_view id, int tag) {
    VX_ENSURE(tag >= 0 && IsValidPTypeTag(static_cast<uint64_t>(tag)), Serde, "{}: invalid ptype tag {}", id,
              tag);
    return static_cast<PType>(tag);
}

/// Fails unless `ptype` is an integer type (offsets, sizes, codes).
inline Status EnsureIntPType(std::string_view id, std::string_view what, PType ptype) {
    VX_ENSURE(IsInt(ptype), Serde, "{}: {} ptype must be an integer, got {}", id, what, PTypeName(ptype));
    return Status::OK();
}

} // namespace vortex::internal
