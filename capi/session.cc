// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Sessions, errors, strings, byte strings and the log level.

#include "session.h"

#include <cstring>

namespace capi = vortex::capi;

namespace {

// The level vx_set_log_level last set. The library prints no diagnostics at present; the level
// is kept for when it does.
std::atomic<int> log_level{LOG_LEVEL_OFF};

} // namespace

extern "C" {

vx_session *vx_session_new(void) {
    return capi::Quietly<vx_session *>(nullptr, [] {
        return capi::NewHandle<vx_session>(vx_session{std::make_shared<capi::SessionState>()});
    });
}

vx_session *vx_session_clone(const vx_session *session) {
    return capi::Quietly<vx_session *>(nullptr, [&] {
        return capi::NewHandle<vx_session>(vx_session{capi::Deref(session, "session").state});
    });
}

void vx_session_free(vx_session *ptr) {
    capi::DeleteHandle(ptr);
}

void vx_error_free(vx_error *ptr) {
    if (ptr != nullptr && !ptr->is_static) {
        capi::DeleteHandle(ptr);
    }
}

const vx_string *vx_error_get_message(const vx_error *error) {
    return error == nullptr ? nullptr : &error->message;
}

const vx_string *vx_string_new(const char *ptr, size_t len) {
    return capi::Quietly<const vx_string *>(nullptr, [&]() -> const vx_string * {
        if (ptr == nullptr && len > 0) {
            return nullptr;
        }
        std::string bytes = len == 0 ? std::string() : std::string(ptr, len);
        return capi::IsUtf8(bytes) ? capi::NewString(std::move(bytes)) : nullptr;
    });
}

const vx_string *vx_string_new_from_cstr(const char *ptr) {
    return ptr == nullptr ? nullptr : vx_string_new(ptr, std::strlen(ptr));
}

const vx_string *vx_string_clone(const vx_string *ptr) {
    return capi::Quietly<const vx_string *>(nullptr, [&] {
        return capi::NewHandle<vx_string>(vx_string{capi::Deref(ptr, "string").bytes, false});
    });
}

void vx_string_free(const vx_string *ptr) {
    if (ptr != nullptr && !ptr->borrowed) {
        capi::DeleteHandle(ptr);
    }
}

size_t vx_string_len(const vx_string *ptr) {
    return ptr == nullptr ? 0 : ptr->bytes->size();
}

const char *vx_string_ptr(const vx_string *ptr) {
    return ptr == nullptr ? nullptr : ptr->bytes->data();
}

const vx_binary *vx_binary_new(const char *ptr, size_t len) {
    return capi::Quietly<const vx_binary *>(nullptr, [&]() -> const vx_binary * {
        if (ptr == nullptr && len > 0) {
            return nullptr;
        }
        auto bytes = std::make_shared<const std::string>(len == 0 ? std::string() : std::string(ptr, len));
        return capi::NewHandle<vx_binary>(vx_binary{std::move(bytes)});
    });
}

const vx_binary *vx_binary_clone(const vx_binary *ptr) {
    return capi::Quietly<const vx_binary *>(
        nullptr, [&] { return capi::NewHandle<vx_binary>(vx_binary{capi::Deref(ptr, "binary").bytes}); });
}

void vx_binary_free(const vx_binary *ptr) {
    capi::DeleteHandle(ptr);
}

size_t vx_binary_len(const vx_binary *ptr) {
    return ptr == nullptr ? 0 : ptr->bytes->size();
}

const char *vx_binary_ptr(const vx_binary *ptr) {
    return ptr == nullptr ? nullptr : ptr->bytes->data();
}

void vx_set_log_level(vx_log_level level) {
    log_level.store(capi::EnumValue(level), std::memory_order_relaxed);
}

} // extern "C"
