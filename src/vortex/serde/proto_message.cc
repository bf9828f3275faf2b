// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/serde/proto_message.h"

#include <limits>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/message_lite.h>

#include "vortex/base/check.h"

namespace vortex::serde {

Status ParseProtoMessage(std::span<const uint8_t> bytes,
                         google::protobuf::MessageLite &message,
                         std::string_view what,
                         int recursion_limit) {
    if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
        return Status::Serde("{}: {} bytes exceed the protobuf size limit", what, bytes.size());
    }
    google::protobuf::io::CodedInputStream input(bytes.data(), static_cast<int>(bytes.size()));
    input.SetRecursionLimit(recursion_limit);
    if (!message.ParseFromCodedStream(&input) || !input.ConsumedEntireMessage()) {
        return Status::Serde("{}: malformed protobuf ({} bytes)", what, bytes.size());
    }
    return Status::OK();
}

std::vector<uint8_t> SerializeProtoMessage(const google::protobuf::MessageLite &message) {
    std::vector<uint8_t> out(message.ByteSizeLong());
    if (!out.empty()) {
        const bool ok = message.SerializeToArray(out.data(), static_cast<int>(out.size()));
        VX_CHECK_MSG(ok, "protobuf serialization of {} bytes failed", out.size());
    }
    return out;
}

} // namespace vortex::serde
