// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Every compute function of the array layer. Each is a free function that checks its
// preconditions, then asks the encoding's hook (Array::*Impl) and falls back to the canonical
// kernel when the encoding has none.
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/string_match.h"
#include "vortex/array/compute/take.h"
