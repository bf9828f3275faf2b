// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/default_session.h"

#include "vortex/array/canonical.h"
#include "vortex/encodings/alp/register.h"
#include "vortex/encodings/bytebool/register.h"
#include "vortex/encodings/datetime_parts/register.h"
#include "vortex/encodings/decimal_byte_parts/register.h"
#include "vortex/encodings/fastlanes/register.h"
#include "vortex/encodings/fsst/register.h"
#include "vortex/encodings/patched/register.h"
#include "vortex/encodings/pco/register.h"
#include "vortex/encodings/runend/register.h"
#include "vortex/encodings/sequence/register.h"
#include "vortex/encodings/sparse/register.h"
#include "vortex/encodings/zigzag/register.h"
#include "vortex/encodings/zstd/register.h"
#include "vortex/layout/builtin_layouts.h"

namespace vortex {

Result<SessionBuilder> DefaultSessionBuilder() {
    SessionBuilder builder;
    // The one visible list of built-in registrations; encoding families add a line here.
    VX_RETURN_NOT_OK(RegisterCanonicalEncodings(builder));
    VX_RETURN_NOT_OK(fastlanes::RegisterFastLanesEncodings(builder));
    VX_RETURN_NOT_OK(runend::RegisterRunEndEncodings(builder));
    VX_RETURN_NOT_OK(sequence::RegisterSequenceEncodings(builder));
    VX_RETURN_NOT_OK(zigzag::RegisterZigZagEncodings(builder));
    VX_RETURN_NOT_OK(sparse::RegisterSparseEncodings(builder));
    VX_RETURN_NOT_OK(bytebool::RegisterByteBoolEncodings(builder));
    VX_RETURN_NOT_OK(datetime_parts::RegisterDateTimePartsEncodings(builder));
    VX_RETURN_NOT_OK(decimal_byte_parts::RegisterDecimalBytePartsEncodings(builder));
    VX_RETURN_NOT_OK(alp::RegisterAlpEncodings(builder));
    VX_RETURN_NOT_OK(fsst::RegisterFsstEncodings(builder));
    VX_RETURN_NOT_OK(zstd::RegisterZstdEncodings(builder));
    // Read only: the reference writes these; our compressor does not (yet).
    VX_RETURN_NOT_OK(pco::RegisterPcoEncodings(builder));
    VX_RETURN_NOT_OK(patched::RegisterPatchedEncodings(builder));
    VX_RETURN_NOT_OK(RegisterBuiltinLayouts(builder));
    return builder;
}

const Session &DefaultSession() {
    return *DefaultSessionPtr();
}

const std::shared_ptr<const Session> &DefaultSessionPtr() {
    // Thread-safe static initialization; afterwards the session is immutable.
    static const std::shared_ptr<const Session> session = [] {
        Result<SessionBuilder> builder = DefaultSessionBuilder();
        VX_CHECK_MSG(builder.ok(), "registering the built-in encodings failed: {}", builder.status());
        return std::move(*builder).Build();
    }();
    return session;
}

} // namespace vortex
