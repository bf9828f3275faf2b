// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/format/scalar.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

// Spec: dtypes-scalars, section 4 "Scalars". Most scalars in a file are bare ScalarValue
// messages whose dtype comes from context (constant arrays, FoR references, statistics).

/// Fills `proto` with the kind the reference writes for the scalar's dtype (null_value for
/// nulls; extension scalars as their storage value).
void ScalarValueToProto(const Scalar &scalar, vortex::scalar::ScalarValue *proto);

/// Encodes the value alone as a bare ScalarValue message.
std::vector<uint8_t> SerializeScalarValue(const Scalar &scalar);

/// Whether the reference can decode a value of `dtype` written by SerializeScalarValue. It
/// writes struct and fixed-size-list values as list_value but accepts list_value only for List
/// dtypes (vortex-array/src/scalar/proto.rs, list_from_proto), so no value that is or holds a
/// struct or fixed-size list may go into a file (constants, statistics).
bool ScalarValueReadableByReference(const DType &dtype);

/// Decodes a parsed ScalarValue as a value of `dtype`: 64-bit kinds are narrowed with range
/// checks, the legacy alternatives of the spec's table are accepted, and structs and
/// fixed-size lists also accept list_value. A null of a non-nullable dtype is an error, so
/// readers of statistics decode with the nullable dtype.
Result<Scalar> ScalarValueFromProto(const vortex::scalar::ScalarValue &proto, const DType &dtype);

/// Parses untrusted bare ScalarValue bytes; empty bytes are an error (kind missing).
Result<Scalar> DeserializeScalarValue(std::span<const uint8_t> bytes, const DType &dtype);

/// Encodes the full Scalar message: dtype and value.
std::vector<uint8_t> SerializeScalar(const Scalar &scalar);

/// Parses an untrusted Scalar message; both dtype and value must be present.
Result<Scalar> DeserializeScalar(std::span<const uint8_t> bytes);

} // namespace vortex
