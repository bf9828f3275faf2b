// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The Arrow C Data Interface and C Stream Interface structs: the public header's copy, which
// sits behind the specification's guard macros.
#include "vortex/arrow_c_abi.h" // IWYU pragma: export
