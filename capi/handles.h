// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What the C interface's opaque handles are, and how every entry point keeps exceptions and
// misuse from crossing into C.
//
// Every vx_* function body runs inside Guarded/GuardedVoid (functions with a vx_error **) or
// Quietly (the others). Inside, failures are thrown as capi::Failure (or come from the
// standard library as std::exception) and caught there: they become a vx_error, or the
// function's neutral return value. Nothing propagates out of an extern "C" function.
//
// Handles come in three kinds of ownership:
//  - reference counted, clone returns the same pointer (vx_array, vx_dtype, vx_file);
//  - single owner, clone (where there is one) returns a new pointer (the others);
//  - borrowed: a handle owned by another object (vx_array_dtype, vx_error_get_message, ...),
//    created on first request and freed with its owner. Its *_free does nothing, and
//    vx_dtype_clone / vx_string_clone of it return a new owned handle.

#include <atomic>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "vortex/vortex.hpp"

#include "vortex.h"

namespace vortex::capi {

/// A failure inside a C entry point; its message becomes the vx_error's.
class Failure : public std::exception {
public:
    explicit Failure(std::string message) : message_(std::move(message)) {}
    const char *what() const noexcept override { return message_.c_str(); }

private:
    std::string message_;
};

[[noreturn]] void Fail(std::string message);
/// Throws the status's message unless it is OK.
void Check(const api::Status &status);

/// The value of `result`, or throws its error.
template <typename T>
T Take(api::Result<T> result) {
    if (!result.ok()) {
        Fail(result.status().message());
    }
    return std::move(result).value();
}

/// `*pointer`, or a Failure naming `what` when it is NULL.
template <typename T>
T &Deref(T *pointer, const char *what) {
    if (pointer == nullptr) {
        Fail(std::string(what) + " is NULL");
    }
    return *pointer;
}

/// Sets `*err` (when `err` is not NULL) to a new error with `message`, or clears it.
void SetError(vx_error **err, std::string_view message) noexcept;
inline void ClearError(vx_error **err) noexcept {
    if (err != nullptr) {
        *err = nullptr;
    }
}

/// The message of the exception being handled (call inside a catch block only).
std::string CurrentExceptionMessage() noexcept;

/// Runs `body`: its value and a cleared `*err`, or `on_error` and a new error in `*err`.
template <typename R, typename F>
R Guarded(vx_error **err, R on_error, F &&body) noexcept {
    try {
        R value = body();
        ClearError(err);
        return value;
    } catch (...) {
        SetError(err, CurrentExceptionMessage());
        return on_error;
    }
}

/// Runs `body` (returning nothing): a cleared `*err`, or a new error in `*err`.
template <typename F>
void GuardedVoid(vx_error **err, F &&body) noexcept {
    try {
        body();
        ClearError(err);
    } catch (...) {
        SetError(err, CurrentExceptionMessage());
    }
}

/// Runs `body` of a function without an error parameter: its value, or `on_error`.
template <typename R, typename F>
R Quietly(R on_error, F &&body) noexcept {
    try {
        return body();
    } catch (...) {
        return on_error;
    }
}

/// A new handle, owned by the caller from now on.
template <typename T, typename... Args>
T *NewHandle(Args &&...args) {
    return std::make_unique<T>(std::forward<Args>(args)...).release();
}

/// Deletes a handle created by NewHandle.
template <typename T>
void DeleteHandle(const T *handle) {
    std::unique_ptr<const T> owned(handle);
}

/// The object in `slot`, made by `make` on first use (thread-safe).
template <typename T, typename Make>
T *Lazy(std::once_flag &once, std::unique_ptr<T> &slot, Make &&make) {
    std::call_once(once, [&] { slot = make(); });
    return slot.get();
}

/// The number a C caller passed as an enum. C allows any int there; in C++ reading a value
/// outside the enumerators' range through the enum type is undefined, so the bytes are copied.
template <typename E>
int EnumValue(const E &value) {
    std::underlying_type_t<E> raw;
    static_assert(sizeof raw == sizeof value);
    std::memcpy(&raw, &value, sizeof raw);
    return static_cast<int>(raw);
}

/// True if `bytes` is valid UTF-8.
bool IsUtf8(std::string_view bytes);

} // namespace vortex::capi

// The handles. Their names are the C header's (hence the naming exception).

struct vx_string { // NOLINT(readability-identifier-naming)
    std::shared_ptr<const std::string> bytes;
    // Owned by another object: vx_string_free does nothing.
    bool borrowed = false;
};

struct vx_binary { // NOLINT(readability-identifier-naming)
    std::shared_ptr<const std::string> bytes;
};

struct vx_error { // NOLINT(readability-identifier-naming)
    vx_string message;
    // The preallocated out-of-memory error, never freed.
    bool is_static = false;
};

struct vx_struct_fields { // NOLINT(readability-identifier-naming)
    // Borrowed by vx_struct_fields_field_name.
    std::vector<vx_string> names;
    std::vector<vortex::api::DType> dtypes;
    // Owned by a vx_dtype (vx_dtype_struct_dtype): vx_struct_fields_free does nothing.
    bool borrowed = false;
};

struct vx_dtype { // NOLINT(readability-identifier-naming)
    explicit vx_dtype(vortex::api::DType value, bool is_borrowed = false)
        : dtype(std::move(value)), borrowed(is_borrowed) {}

    vortex::api::DType dtype;
    bool borrowed;
    mutable std::atomic<uint32_t> refs{1};
    // Borrowed views, made on first request.
    mutable std::once_flag fields_once;
    mutable std::unique_ptr<vx_struct_fields> fields;
    mutable std::once_flag element_once;
    mutable std::unique_ptr<vx_dtype> element;
};

struct vx_array { // NOLINT(readability-identifier-naming)
    explicit vx_array(vortex::api::Array value) : array(std::move(value)) {}

    vortex::api::Array array;
    mutable std::atomic<uint32_t> refs{1};
    mutable std::once_flag dtype_once;
    mutable std::unique_ptr<vx_dtype> dtype;
};

struct vx_scalar { // NOLINT(readability-identifier-naming)
    explicit vx_scalar(vortex::api::Scalar value) : scalar(std::move(value)) {}

    vortex::api::Scalar scalar;
    mutable std::once_flag dtype_once;
    mutable std::unique_ptr<vx_dtype> dtype;
};

namespace vortex::capi {

/// A new owned string holding a copy of `bytes`.
const vx_string *NewString(std::string bytes);
/// A borrowed dtype handle over `dtype`, for an owner to keep.
std::unique_ptr<vx_dtype> BorrowedDType(api::DType dtype);
/// A new owned array handle.
const vx_array *NewArray(api::Array array);
/// The fields of a struct dtype, as a vx_struct_fields.
std::unique_ptr<vx_struct_fields> FieldsOf(const api::DType &dtype, bool borrowed);

} // namespace vortex::capi
