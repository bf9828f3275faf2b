// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/buffer/buffer.h"

#include <algorithm>
#include <utility>

namespace vortex {
namespace {

// Owns one pool allocation; its destructor gives the memory back.
struct PoolAllocation {
    PoolAllocation(uint8_t *data_in, size_t capacity_in, size_t alignment_in)
        : data(data_in), capacity(capacity_in), alignment(alignment_in) {}
    PoolAllocation(const PoolAllocation &) = delete;
    PoolAllocation &operator=(const PoolAllocation &) = delete;
    uint8_t *data;
    size_t capacity;
    size_t alignment;
    ~PoolAllocation() { MemoryPool::Default().Free(data, capacity, alignment); }
};

} // namespace

Buffer Buffer::Copy(std::span<const uint8_t> bytes, size_t alignment) {
    BufferMut out = BufferMut::WithCapacity(bytes.size(), alignment);
    out.Append(bytes.data(), bytes.size());
    return std::move(out).Freeze();
}

Buffer Buffer::Wrap(const void *data, size_t size, std::shared_ptr<const void> owner) {
    Buffer out;
    out.owner_ = std::move(owner);
    out.data_ = static_cast<const uint8_t *>(data);
    out.size_ = size;
    return out;
}

Buffer Buffer::EnsureAligned(size_t alignment) const {
    if (IsAligned(alignment)) {
        return *this;
    }
    return Copy(bytes(), alignment);
}

BufferMut::~BufferMut() {
    MemoryPool::Default().Free(data_, capacity_, alignment_);
}

BufferMut::BufferMut(BufferMut &&other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
      capacity_(std::exchange(other.capacity_, 0)), alignment_(other.alignment_) {}

BufferMut &BufferMut::operator=(BufferMut &&other) noexcept {
    if (this != &other) {
        MemoryPool::Default().Free(data_, capacity_, alignment_);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
        capacity_ = std::exchange(other.capacity_, 0);
        alignment_ = other.alignment_;
    }
    return *this;
}

BufferMut BufferMut::WithCapacity(size_t capacity, size_t alignment) {
    BufferMut out(alignment);
    out.Reserve(capacity);
    return out;
}

BufferMut BufferMut::Uninitialized(size_t size, size_t alignment) {
    BufferMut out(alignment);
    out.Reserve(size);
    out.size_ = size;
    return out;
}

BufferMut BufferMut::Zeroed(size_t size, size_t alignment) {
    BufferMut out(alignment);
    out.Resize(size);
    return out;
}

void BufferMut::Reserve(size_t capacity) {
    if (capacity <= capacity_ && data_ != nullptr) {
        return;
    }
    const size_t new_capacity = std::max({capacity, capacity_ * 2, kDefaultAlignment});
    uint8_t *fresh = MemoryPool::Default().Allocate(new_capacity, alignment_);
    if (size_ > 0) {
        std::memcpy(fresh, data_, size_);
    }
    MemoryPool::Default().Free(data_, capacity_, alignment_);
    data_ = fresh;
    capacity_ = new_capacity;
}

void BufferMut::Resize(size_t size) {
    Reserve(size);
    if (size > size_) {
        std::memset(data_ + size_, 0, size - size_);
    }
    size_ = size;
}

void BufferMut::Append(const void *bytes, size_t length) {
    if (size_ + length > capacity_ || data_ == nullptr) {
        Reserve(size_ + length);
    }
    if (length > 0) {
        std::memcpy(data_ + size_, bytes, length);
    }
    size_ += length;
}

Buffer BufferMut::Freeze() && {
    if (data_ == nullptr) {
        Reserve(0);
    }
    auto allocation = std::make_shared<const PoolAllocation>(data_, capacity_, alignment_);
    Buffer out;
    out.data_ = data_;
    out.size_ = size_;
    out.owner_ = std::move(allocation);
    data_ = nullptr;
    size_ = 0;
    capacity_ = 0;
    return out;
}

} // namespace vortex
