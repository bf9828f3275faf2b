// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/encoding.h"

namespace vortex {

Result<ArrayRef> VectorArrayChildren::Get(size_t index, const DType &dtype, size_t len) const {
    VX_ENSURE(index < children_.size(), Serde, "child {} requested but only {} children", index,
              children_.size());
    const ArrayRef &child = children_[index];
    VX_ENSURE(child != nullptr, Serde, "child {} is null", index);
    VX_ENSURE(child->dtype() == dtype, Serde, "child {} has dtype {}, expected {}", index, child->dtype(),
              dtype);
    VX_ENSURE(child->len() == len, Serde, "child {} has length {}, expected {}", index, child->len(), len);
    return child;
}

Result<ArrayRef> RebuildFromParts(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(auto metadata, array->SerializeMetadata());
    std::vector<Buffer> buffers(array->buffers().begin(), array->buffers().end());
    std::vector<ArrayRef> children(array->children().begin(), array->children().end());
    return array->encoding().Build(array->dtype(), array->len(), metadata, std::move(buffers),
                                   std::move(children));
}

} // namespace vortex
