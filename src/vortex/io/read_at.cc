// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/io/read_at.h"

#include <cstring>

#include "vortex/base/checked_cast.h"
#include "vortex/io/posix_error_internal.h"

namespace vortex {

Status CheckReadRange(std::string_view name, uint64_t offset, uint64_t length, uint64_t size) {
    // Written as two comparisons so that offset + length cannot overflow.
    VX_ENSURE(offset <= size && length <= size - offset, OutOfBounds,
              "{}: read of {} bytes at offset {} is past the end of the {}-byte source", name, length, offset,
              size);
    return Status::OK();
}

Status ReadAt::ReadInto(uint64_t offset, std::span<uint8_t> dest) const {
    VX_ASSIGN_OR_RETURN(Buffer bytes, Read(offset, dest.size()));
    VX_ENSURE(bytes.size() == dest.size(), Io, "{}: read of {} bytes at offset {} returned {}", name(),
              dest.size(), offset, bytes.size());
    if (!dest.empty()) {
        std::memcpy(dest.data(), bytes.data(), dest.size());
    }
    return Status::OK();
}

Result<Buffer> InMemoryReadAt::Read(uint64_t offset, uint64_t length) const {
    VX_RETURN_NOT_OK(CheckReadRange(name_, offset, length, buffer_.size()));
    return buffer_.Slice(CheckedCast<size_t>(offset), CheckedCast<size_t>(length));
}

size_t InMemoryReadAt::alignment_hint() const {
    return internal::AddressAlignment(buffer_.data(), kDefaultAlignment);
}

} // namespace vortex
