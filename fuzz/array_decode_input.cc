// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "array_decode_input.h"

#include "vortex/array/serde/serialized_array.h"
#include "vortex/default_session.h"
#include "vortex/dtype/dtype_serde.h"

namespace vortex::fuzz {

Result<std::vector<uint8_t>> ArrayDecodeInput(const ArrayRef &array) {
    const auto context = ArrayWriteContext::FromSession(DefaultSession());
    VX_ASSIGN_OR_RETURN(auto serialized, SerializeArray(array, context));
    const Buffer segment = serialized.ToBuffer();
    const std::vector<uint8_t> dtype = SerializeDTypeFlatBuffer(array->dtype());
    VX_ENSURE(dtype.size() <= UINT16_MAX && array->len() <= UINT32_MAX, InvalidArgument,
              "array too large for a fuzz seed");
    std::vector<uint8_t> out;
    const auto put = [&out](uint64_t value, int bytes) {
        for (int i = 0; i < bytes; ++i) {
            out.push_back(static_cast<uint8_t>(value >> (8 * i)));
        }
    };
    put(dtype.size(), 2);
    out.insert(out.end(), dtype.begin(), dtype.end());
    put(array->len(), 4);
    out.insert(out.end(), segment.data(), segment.data() + segment.size());
    return out;
}

} // namespace vortex::fuzz
