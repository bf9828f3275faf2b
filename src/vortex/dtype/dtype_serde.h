// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <flatbuffers/flatbuffers.h>

#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"
#include "vortex/format/dtype.pb.h"
#include "vortex/format/dtype_generated.h"

namespace vortex {

/// Nesting limit of both dtype readers: deeper input is rejected instead of recursing further.
inline constexpr int kMaxDTypeDepth = 64;
/// Nesting budget for the flatbuffers verifier and protobuf parser around a dtype: every dtype
/// level is two tables or messages (DType and its variant), plus a few for enclosing messages.
inline constexpr int kDTypeWireDepthLimit = 2 * kMaxDTypeDepth + 8;

// Spec: dtypes-scalars, section 2 "DType as FlatBuffers".

/// Appends `dtype` (and its nested dtypes) to `fbb`; default-valued fields are omitted, as the
/// reference's default builder does. Returns the offset of the DType table.
flatbuffers::Offset<fbs::dtype::DType> WriteDType(flatbuffers::FlatBufferBuilder &fbb, const DType &dtype);

/// Serializes `dtype` as a finished flatbuffer with root table DType.
std::vector<uint8_t> SerializeDTypeFlatBuffer(const DType &dtype);

/// Verifies and decodes untrusted bytes holding a flatbuffer with root table DType.
Result<DType> DeserializeDTypeFlatBuffer(std::span<const uint8_t> bytes);

/// Decodes a DType table embedded in an already verified flatbuffer. Checks everything the
/// verifier does not: required fields, union tags, decimal and extension validity, depth.
Result<DType> ReadDType(const fbs::dtype::DType *fb);

// Spec: dtypes-scalars, section 3 "DType as protobuf".

/// Fills `proto` (package vortex.dtype) from `dtype`.
void DTypeToProto(const DType &dtype, vortex::dtype::DType *proto);

/// Decodes a parsed protobuf DType; same validation as ReadDType.
Result<DType> DTypeFromProto(const vortex::dtype::DType &proto);

/// Serializes `dtype` as protobuf bytes.
std::vector<uint8_t> SerializeDTypeProto(const DType &dtype);

/// Parses and decodes untrusted protobuf bytes.
Result<DType> DeserializeDTypeProto(std::span<const uint8_t> bytes);

} // namespace vortex
