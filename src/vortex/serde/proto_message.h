// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/base/status.h"

namespace google::protobuf {
class MessageLite;
} // namespace google::protobuf

namespace vortex::serde {

/// protobuf's (and prost's) default bound on message nesting.
inline constexpr int kDefaultProtoRecursionLimit = 100;

/// Parses untrusted protobuf bytes into `message`; a Serde error names `what` on malformed input.
/// Nesting deeper than `recursion_limit` messages fails cleanly instead of exhausting the stack.
Status ParseProtoMessage(std::span<const uint8_t> bytes,
                         google::protobuf::MessageLite &message,
                         std::string_view what,
                         int recursion_limit = kDefaultProtoRecursionLimit);

/// Serializes `message` with protobuf's deterministic field order.
std::vector<uint8_t> SerializeProtoMessage(const google::protobuf::MessageLite &message);

} // namespace vortex::serde
