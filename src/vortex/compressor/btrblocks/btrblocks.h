// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The BtrBlocks schemes over this tree's encoding families, and the compressor most callers
// use. The framework (compressor/compressor.h, scheme.h) knows no encoding; this is where they
// meet it.
#include <initializer_list>
#include <memory>
#include <string_view>

#include "vortex/compressor/compressor.h"
#include "vortex/compressor/scheme.h"

namespace vortex {

/// BtrBlocks-style compression of one array with the default schemes (compact ones too when
/// `options.compact`): compressor::CompressWith over SchemeSetBuilder(options).Build(), built
/// once per process. Only encodings the reference's readers accept are emitted.
Result<ArrayRef> Compress(const ArrayRef &array, const CompressorOptions &options = {});

namespace compressor::btrblocks {

/// Builds a set of schemes: the built-in ones (with zstd and pco when `options.compact`), then
/// schemes added for encodings outside this tree, minus the ones excluded by name. Schemes keep
/// the built-in tie-break order; added ones come after them.
class SchemeSetBuilder {
public:
    explicit SchemeSetBuilder(const CompressorOptions &options = {});

    /// Adds `scheme` for leaves of `kind` (the set keeps it alive). Its name must differ from
    /// every other scheme's of that kind.
    SchemeSetBuilder &WithScheme(LeafKind kind, std::shared_ptr<const Scheme> scheme);
    /// Removes every scheme of these names from every leaf kind ("fsst", "dict", ...) and every
    /// transform of them ("decimal_byte_parts", "datetime_parts").
    SchemeSetBuilder &ExcludeSchemes(std::initializer_list<std::string_view> names);

    /// The set; a builder can build more than once.
    SchemeSet Build() const { return set_; }

private:
    SchemeSet set_;
};

/// The scale of FastLanes encodings' sample bytes to a long array's (SchemeSet::sample_padding).
std::pair<double, double> FastLanesSamplePadding(const Array &array);

} // namespace compressor::btrblocks
} // namespace vortex
