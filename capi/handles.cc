// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "handles.h"

#include <new>

namespace vortex::capi {
namespace {

// Handed out when there is no memory left for a new error; vx_error_free leaves it alone.
vx_error *OutOfMemoryError() {
    static vx_error error{vx_string{std::make_shared<const std::string>("out of memory"), true}, true};
    return &error;
}

} // namespace

void Fail(std::string message) {
    throw Failure(std::move(message));
}

void Check(const api::Status &status) {
    if (!status.ok()) {
        Fail(status.message());
    }
}

void SetError(vx_error **err, std::string_view message) noexcept {
    if (err == nullptr) {
        return;
    }
    try {
        auto bytes = std::make_shared<const std::string>(message);
        *err = NewHandle<vx_error>(vx_error{vx_string{std::move(bytes), true}, false});
    } catch (...) {
        *err = OutOfMemoryError();
    }
}

std::string CurrentExceptionMessage() noexcept {
    try {
        try {
            throw;
        } catch (const Failure &failure) {
            return failure.what();
        } catch (const std::bad_alloc &) {
            return "out of memory";
        } catch (const std::exception &e) {
            return std::string("internal error: ") + e.what();
        } catch (...) {
            return "internal error: unknown exception";
        }
    } catch (...) {
        return {};
    }
}

bool IsUtf8(std::string_view bytes) {
    size_t i = 0;
    while (i < bytes.size()) {
        const auto lead = static_cast<uint8_t>(bytes[i]);
        size_t extra = 0;
        uint32_t code = 0;
        uint32_t min = 0;
        if (lead < 0x80) {
            ++i;
            continue;
        }
        if ((lead & 0xE0) == 0xC0) {
            extra = 1;
            code = lead & 0x1F;
            min = 0x80;
        } else if ((lead & 0xF0) == 0xE0) {
            extra = 2;
            code = lead & 0x0F;
            min = 0x800;
        } else if ((lead & 0xF8) == 0xF0) {
            extra = 3;
            code = lead & 0x07;
            min = 0x10000;
        } else {
            return false;
        }
        if (bytes.size() - i <= extra) {
            return false;
        }
        for (size_t k = 1; k <= extra; ++k) {
            const auto next = static_cast<uint8_t>(bytes[i + k]);
            if ((next & 0xC0) != 0x80) {
                return false;
            }
            code = (code << 6) | (next & 0x3F);
        }
        // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
        if (code < min || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) {
            return false;
        }
        i += extra + 1;
    }
    return true;
}

const vx_string *NewString(std::string bytes) {
    return NewHandle<vx_string>(vx_string{std::make_shared<const std::string>(std::move(bytes)), false});
}

std::unique_ptr<vx_dtype> BorrowedDType(api::DType dtype) {
    return std::make_unique<vx_dtype>(std::move(dtype), true);
}

const vx_array *NewArray(api::Array array) {
    return NewHandle<vx_array>(std::move(array));
}

std::unique_ptr<vx_struct_fields> FieldsOf(const api::DType &dtype, bool borrowed) {
    auto fields = std::make_unique<vx_struct_fields>();
    fields->borrowed = borrowed;
    const size_t count = dtype.field_count();
    fields->names.reserve(count);
    fields->dtypes.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        fields->names.push_back(vx_string{std::make_shared<const std::string>(dtype.field_name(i)), true});
        fields->dtypes.push_back(dtype.field_dtype(i));
    }
    return fields;
}

} // namespace vortex::capi
