// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/encodings/runend/runend_array.h"
#include "vortex/encodings/runend/runend_metadata.pb.h"

namespace vortex::runend {

// Spec: arrays-encodings 7.2. proto3: zero fields (U8, no runs, offset 0) are not written,
// as prost does.
std::vector<uint8_t> RunEndMetadata::Serialize() const {
    vortex::encodings::RunEndMetadata proto;
    proto.set_ends_ptype(static_cast<vortex::dtype::PType>(ends_ptype));
    proto.set_num_runs(num_runs);
    proto.set_offset(offset);
    return vortex::internal::SerializeProtoMetadata(proto);
}

Result<RunEndMetadata> RunEndMetadata::Parse(std::span<const uint8_t> bytes) {
    VX_ASSIGN_OR_RETURN(auto proto, vortex::internal::ParseProtoMetadata<vortex::encodings::RunEndMetadata>(
                                        RunEndEncoding::kId, bytes));
    RunEndMetadata out;
    VX_ASSIGN_OR_RETURN(out.ends_ptype,
                        vortex::internal::PTypeFromTag(RunEndEncoding::kId, proto.ends_ptype()));
    out.num_runs = proto.num_runs();
    out.offset = proto.offset();
    return out;
}

} // namespace vortex::runend
