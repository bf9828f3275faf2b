// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Writing files (a sink of pushed arrays, or one array at once) and vx_file handles.

#include "session.h"

namespace capi = vortex::capi;
namespace api = vortex::api;

struct vx_array_sink { // NOLINT(readability-identifier-naming)
    api::Writer writer;
    api::DType dtype;
};

// No function returns a vx_file in this version of the interface; the type and its reference
// counting are kept for source compatibility.
struct vx_file { // NOLINT(readability-identifier-naming)
    api::File file;
    mutable std::atomic<uint32_t> refs{1};
};

extern "C" {

vx_array_sink *vx_array_sink_open_file(const vx_session *session,
                                       const char *path,
                                       const vx_dtype *dtype,
                                       vx_error **error_out) {
    return capi::Guarded<vx_array_sink *>(error_out, nullptr, [&] {
        capi::Deref(session, "session");
        if (path == nullptr) {
            capi::Fail("null path");
        }
        const api::DType &type = capi::Deref(dtype, "dtype").dtype;
        return capi::NewHandle<vx_array_sink>(vx_array_sink{capi::Take(api::Writer::Open(path, type)), type});
    });
}

void vx_array_sink_push(vx_array_sink *sink, const vx_array *array, vx_error **error_out) {
    capi::GuardedVoid(error_out, [&] {
        vx_array_sink &out = capi::Deref(sink, "sink");
        const api::Array &chunk = capi::Deref(array, "array").array;
        if (chunk.dtype() != out.dtype) {
            capi::Fail("the sink writes " + out.dtype.ToString() + ", not " + chunk.dtype().ToString());
        }
        capi::Check(out.writer.Write(chunk));
    });
}

void vx_array_sink_close(vx_array_sink *sink, vx_error **error_out) {
    std::unique_ptr<vx_array_sink> owned(sink);
    capi::GuardedVoid(error_out, [&] { capi::Take(capi::Deref(owned.get(), "sink").writer.Finish()); });
}

void vx_file_write_array(const vx_session *session,
                         const char *path,
                         const vx_array *array,
                         vx_error **error_out) {
    capi::GuardedVoid(error_out, [&] {
        capi::Deref(session, "session");
        const char &first = capi::Deref(path, "path");
        capi::Take(api::WriteFile(&first, capi::Deref(array, "array").array));
    });
}

const vx_file *vx_file_clone(const vx_file *ptr) {
    if (ptr != nullptr) {
        ptr->refs.fetch_add(1, std::memory_order_relaxed);
    }
    return ptr;
}

void vx_file_free(const vx_file *ptr) {
    if (ptr != nullptr && ptr->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        capi::DeleteHandle(ptr);
    }
}

} // extern "C"
