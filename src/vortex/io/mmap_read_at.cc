// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cerrno>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

#include "vortex/base/checked_cast.h"
#include "vortex/io/posix_error_internal.h"
#include "vortex/io/read_at.h"
#include "vortex/io/regular_file_internal.h"

namespace vortex {
namespace {

// Owns one mapping; the last Buffer (or MmapReadAt) referring to it unmaps it.
class Mapping {
public:
    Mapping(void *address, size_t size) : address_(address), size_(size) {}
    ~Mapping() { ::munmap(address_, size_); }
    Mapping(const Mapping &) = delete;
    Mapping &operator=(const Mapping &) = delete;

private:
    void *address_;
    size_t size_;
};

size_t PageSize() {
    const long page_size = ::sysconf(_SC_PAGESIZE);
    return page_size > 0 ? static_cast<size_t>(page_size) : 4096;
}

// A segment read is about to be decoded whole: one call maps all its pages instead of a fault
// per few pages as the decoder walks it. Best effort: kernels before 5.14 lack the advice.
void PrefaultRange(const uint8_t *data, size_t length) {
#ifdef MADV_POPULATE_READ
    static const size_t page_size = PageSize();
    const size_t into_page = reinterpret_cast<uintptr_t>(data) & (page_size - 1);
    ::madvise(const_cast<uint8_t *>(data - into_page), length + into_page, MADV_POPULATE_READ);
#else
    (void)data;
    (void)length;
#endif
}

} // namespace

Result<std::shared_ptr<MmapReadAt>> MmapReadAt::Open(const std::string &path) {
    VX_ASSIGN_OR_RETURN(const internal::OpenedRegularFile file, internal::OpenRegularFile(path, "map"));
    const int fd = file.fd;
    const uint64_t size = file.size;
    if (size == 0) {
        // mmap rejects a zero length; an empty file simply has nothing to map.
        ::close(fd);
        return std::make_shared<MmapReadAt>(PrivateTag{}, path, nullptr, nullptr, 0);
    }
    const auto map_size = CheckedCast<size_t>(size);
    void *address = ::mmap(nullptr, map_size, PROT_READ, MAP_PRIVATE, fd, 0);
    const int map_err = errno;
    // The mapping keeps its own reference to the file, so the descriptor is not needed.
    ::close(fd);
    if (address == MAP_FAILED) {
        return Status::Io("cannot map '{}' ({} bytes): {}", path, size, internal::ErrnoMessage(map_err));
    }
    auto mapping = std::make_shared<const Mapping>(address, map_size);
    return std::make_shared<MmapReadAt>(PrivateTag{}, path, std::move(mapping),
                                        static_cast<const uint8_t *>(address), size);
}

MmapReadAt::MmapReadAt(
    PrivateTag, std::string path, std::shared_ptr<const void> mapping, const uint8_t *data, uint64_t size)
    : path_(std::move(path)), mapping_(std::move(mapping)), data_(data), size_(size) {}

Result<Buffer> MmapReadAt::Read(uint64_t offset, uint64_t length) const {
    VX_RETURN_NOT_OK(CheckReadRange(path_, offset, length, size_));
    if (length == 0) {
        return Buffer();
    }
    PrefaultRange(data_ + offset, CheckedCast<size_t>(length));
    return Buffer::Wrap(data_ + offset, CheckedCast<size_t>(length), mapping_);
}

Result<Buffer> MmapReadAt::ReadSparse(uint64_t offset, uint64_t length) const {
    VX_RETURN_NOT_OK(CheckReadRange(path_, offset, length, size_));
    if (length == 0) {
        return Buffer();
    }
    return Buffer::Wrap(data_ + offset, CheckedCast<size_t>(length), mapping_);
}

size_t MmapReadAt::alignment_hint() const {
    static const size_t page_size = PageSize();
    return page_size;
}

} // namespace vortex
