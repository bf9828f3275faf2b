// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/datetime_parts/register.h"

#include "vortex/encodings/datetime_parts/datetime_parts_array.h"
#include "vortex/session/session.h"

namespace vortex::datetime_parts {

Status RegisterDateTimePartsEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(DateTimePartsEncoding::Instance()));
}

} // namespace vortex::datetime_parts
