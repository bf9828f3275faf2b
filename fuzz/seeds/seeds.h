// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The seed corpora and dictionaries of the fuzz targets, generated so that they follow the
// code: every registered encoding, every dtype of the test kit, every predicate form.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>

#include "vortex/base/result.h"
#include "vortex/base/status.h"

namespace vortex::fuzz {

/// Writes `bytes` to `dir/name`, creating `dir`.
Status WriteSeed(const std::filesystem::path &dir, std::string_view name, std::span<const uint8_t> bytes);

/// Files we write (every test-kit dtype, several lengths and zone sizes, each compression) for
/// the file_scan and footer targets, and the dictionary of their ids and magic.
Status WriteFileSeeds(const std::filesystem::path &root);

/// One input per valid sample of every registered encoding (array_decode), filter texts over
/// every scope column and predicate form (expr_parse), producer programs (arrow_import), and
/// their dictionaries.
Status WriteInputSeeds(const std::filesystem::path &root);

} // namespace vortex::fuzz
