// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/testing/serde_round_trip.h"

#include <string>
#include <vector>

#include "vortex/array/canonical.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/array/serde/serialized_array.h"

namespace vortex::testing {

Result<ArrayRef> SerdeRoundTrip(const ArrayRef &array, RegisterEncodingsFn register_fn) {
    SessionBuilder builder;
    VX_RETURN_NOT_OK(RegisterCanonicalEncodings(builder));
    VX_RETURN_NOT_OK(register_fn(builder));
    const std::shared_ptr<const Session> session = std::move(builder).Build();

    const ArrayWriteContext write_context = ArrayWriteContext::FromSession(*session);
    VX_ASSIGN_OR_RETURN(SerializedArray serialized, SerializeArray(array, write_context));
    const Buffer written = serialized.ToBuffer();
    // A fresh copy, so the reader cannot lean on the writer's buffers.
    const Buffer segment = Buffer::Copy(written.bytes());

    const auto ids = write_context.ids();
    const ArrayReadContext read_context =
        ArrayReadContext::Resolve(std::vector<std::string>(ids.begin(), ids.end()), *session);
    return DeserializeArray(segment, array->dtype(), array->len(), read_context);
}

} // namespace vortex::testing
