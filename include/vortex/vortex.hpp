// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The public C++ API of vortex-cpp, in one include:
//
//   #include <vortex/vortex.hpp>
//   using namespace vortex::api;
//
//   Result<File> file = File::Open("data.vortex");
//   if (!file.ok()) { ... file.status().ToString() ... }
//   ArrowArrayStream stream;
//   Status st = file->Scan()
//                   .WithProjection({"city", "population"})
//                   .WithFilter(Col("population") > Lit(int64_t{1'000'000}))
//                   .IntoArrowStream(&stream);
//
// Everything lives in namespace vortex::api; nothing throws (Status / Result<T>). Headers of
// the implementation are not installed and nothing of them, nor of the libraries it uses,
// appears here.

#include "vortex/array.hpp"     // IWYU pragma: export
#include "vortex/arrow_c_abi.h" // IWYU pragma: export
#include "vortex/dtype.hpp"     // IWYU pragma: export
#include "vortex/expr.hpp"      // IWYU pragma: export
#include "vortex/file.hpp"      // IWYU pragma: export
#include "vortex/read_at.hpp"   // IWYU pragma: export
#include "vortex/scalar.hpp"    // IWYU pragma: export
#include "vortex/scan.hpp"      // IWYU pragma: export
#include "vortex/status.hpp"    // IWYU pragma: export
#include "vortex/version.hpp"   // IWYU pragma: export
#include "vortex/writer.hpp"    // IWYU pragma: export
