// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The public facade: integrations (cli/, duckdb/, python/) include only this header.
#include "vortex/array/array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/arrow/arrow_export.h"
#include "vortex/arrow/arrow_import.h"
#include "vortex/arrow/arrow_stream.h"
#include "vortex/base/result.h"
#include "vortex/base/status.h"
#include "vortex/compressor/btrblocks/btrblocks.h"
#include "vortex/default_session.h"
#include "vortex/dtype/dtype.h"
#include "vortex/dtype/dtype_serde.h"
#include "vortex/dtype/extension.h"
#include "vortex/file/file_writer.h"
#include "vortex/file/vortex_file.h"
#include "vortex/io/executor.h"
#include "vortex/io/read_at.h"
#include "vortex/io/write_sink.h"
#include "vortex/scalar/scalar.h"
#include "vortex/scalar/scalar_serde.h"
