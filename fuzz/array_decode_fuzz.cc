// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Fuzz target: one serialized array (a flat layout's segment) decoded with a dtype and length
// from the input, then used as a reader would (array_decode_input.h has the input's form).

#include <cstdint>
#include <span>

#include "vortex/array/serde/serialized_array.h"
#include "vortex/default_session.h"
#include "vortex/dtype/dtype_serde.h"

#include "array_usage.h"
#include "fuzz_target.h"

namespace {

uint64_t ReadLE(const uint8_t *data, int bytes) {
    uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) {
        value |= uint64_t{data[i]} << (8 * i);
    }
    return value;
}

const vortex::ArrayReadContext &Context() {
    static const vortex::ArrayReadContext context = [] {
        const auto &session = vortex::DefaultSession();
        const auto write_context = vortex::ArrayWriteContext::FromSession(session);
        const auto ids = write_context.ids();
        return vortex::ArrayReadContext::Resolve({ids.begin(), ids.end()}, session);
    }();
    return context;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) {
        return 0;
    }
    const size_t dtype_len = ReadLE(data, 2);
    if (size < 2 + dtype_len + 4) {
        return 0;
    }
    auto dtype = vortex::DeserializeDTypeFlatBuffer(std::span(data + 2, dtype_len));
    if (!dtype.ok()) {
        return 0;
    }
    const size_t len = ReadLE(data + 2 + dtype_len, 4);
    const size_t header = 2 + dtype_len + 4;
    const auto segment = vortex::Buffer::Copy(std::span(data + header, size - header));
    auto array = vortex::DeserializeArray(segment, *dtype, len, Context());
    if (!array.ok()) {
        return 0;
    }
    FUZZ_CHECK((*array)->len() == len);
    FUZZ_CHECK((*array)->dtype() == *dtype);
    (void)vortex::bad_input::UseAsAReader(*array, vortex::fuzz::AbortUnless);
    return 0;
}
