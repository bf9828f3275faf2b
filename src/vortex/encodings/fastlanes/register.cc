// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fastlanes/register.h"

#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/for/for_array.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"

namespace vortex::fastlanes {

Status RegisterFastLanesEncodings(SessionBuilder &builder) {
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(BitPackedEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(FoREncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(DeltaEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(RLEEncoding::Instance())));

    return Status::OK();
}

} // namespace vortex::fastlanes
