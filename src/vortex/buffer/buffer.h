// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>
#include <type_traits>

#include "vortex/base/check.h"
#include "vortex/buffer/memory_pool.h"

namespace vortex {

class BufferMut;

/// An immutable, reference-counted view of bytes. Slicing is zero-copy: slices share the
/// owner of the underlying allocation, which may be our pool, a mapped file, or foreign
/// memory (an imported Arrow array) released through its producer's callback.
class Buffer {
public:
    Buffer() = default;

    /// Copies `bytes` into a new allocation aligned to `alignment`.
    static Buffer Copy(std::span<const uint8_t> bytes, size_t alignment = kDefaultAlignment);
    template <typename T>
    requires std::is_trivially_copyable_v<T>
    static Buffer CopyFrom(std::span<const T> values) {
        return Copy({reinterpret_cast<const uint8_t *>(values.data()), values.size_bytes()},
                    std::max(alignof(T), kDefaultAlignment));
    }
    static Buffer CopyFrom(std::string_view text) {
        return Copy({reinterpret_cast<const uint8_t *>(text.data()), text.size()});
    }
    /// Wraps memory owned by `owner`; the memory lives as long as any Buffer referring to it.
    static Buffer Wrap(const void *data, size_t size, std::shared_ptr<const void> owner);

    const uint8_t *data() const { return data_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::span<const uint8_t> bytes() const { return {data_, size_}; }
    std::string_view AsStringView() const { return {reinterpret_cast<const char *>(data_), size_}; }
    const std::shared_ptr<const void> &owner() const { return owner_; }

    /// Reinterprets the bytes as `T`s; the caller has validated size and alignment.
    template <typename T>
    std::span<const T> span() const {
        VX_DCHECK(size_ % sizeof(T) == 0);
        VX_DCHECK(IsAligned(alignof(T)));
        return {reinterpret_cast<const T *>(data_), size_ / sizeof(T)};
    }
    template <typename T>
    const T *data_as() const {
        return reinterpret_cast<const T *>(data_);
    }

    /// Returns bytes [offset, offset + length) sharing this buffer's owner.
    Buffer Slice(size_t offset, size_t length) const {
        VX_CHECK_LE(offset, size_);
        VX_CHECK_LE(length, size_ - offset);
        Buffer out = *this;
        out.data_ = data_ + offset;
        out.size_ = length;
        return out;
    }

    bool IsAligned(size_t alignment) const {
        return (reinterpret_cast<uintptr_t>(data_) & (alignment - 1)) == 0;
    }
    /// Returns this buffer if aligned, else an aligned copy (file bytes may be unaligned).
    Buffer EnsureAligned(size_t alignment) const;

    /// Compares contents, not identity.
    bool ContentEquals(const Buffer &other) const {
        return size_ == other.size_ && (size_ == 0 || std::memcmp(data_, other.data_, size_) == 0);
    }

private:
    friend class BufferMut;

    std::shared_ptr<const void> owner_;
    const uint8_t *data_ = nullptr;
    size_t size_ = 0;
};

/// A growable, uniquely owned, aligned byte buffer; becomes a Buffer with Freeze().
class BufferMut {
public:
    explicit BufferMut(size_t alignment = kDefaultAlignment) : alignment_(alignment) {}
    ~BufferMut();
    BufferMut(BufferMut &&other) noexcept;
    BufferMut &operator=(BufferMut &&other) noexcept;
    BufferMut(const BufferMut &) = delete;
    BufferMut &operator=(const BufferMut &) = delete;

    static BufferMut WithCapacity(size_t capacity, size_t alignment = kDefaultAlignment);
    /// Returns `size` zero bytes.
    static BufferMut Zeroed(size_t size, size_t alignment = kDefaultAlignment);
    /// Returns `size` bytes of unspecified content, for callers that write every byte (saves
    /// the zeroing pass of Zeroed on hot decode paths).
    static BufferMut Uninitialized(size_t size, size_t alignment = kDefaultAlignment);

    uint8_t *data() { return data_; }
    const uint8_t *data() const { return data_; }
    size_t size() const { return size_; }
    size_t capacity() const { return capacity_; }
    template <typename T>
    T *data_as() {
        return reinterpret_cast<T *>(data_);
    }

    void Reserve(size_t capacity);
    /// Grows or shrinks; new bytes are zeroed.
    void Resize(size_t size);
    void Append(const void *bytes, size_t length);
    template <typename T>
    requires std::is_trivially_copyable_v<T>
    void Push(const T &value) { Append(&value, sizeof(T)); }
    void Clear() { size_ = 0; }

    /// Moves the bytes into an immutable Buffer without copying.
    Buffer Freeze() &&;

private:
    uint8_t *data_ = nullptr;
    size_t size_ = 0;
    size_t capacity_ = 0;
    size_t alignment_;
};

} // namespace vortex
