// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <string_view>
#include <utility>

#include "vortex/array/encoding.h"
#include "vortex/base/registered_kind.h"

namespace vortex {

/// What every encoding has alike, so a new one declares only its id and Build():
///
///     class FooEncoding final : public EncodingBase<FooEncoding> {
///     public:
///         static constexpr std::string_view kId = "vortex.foo";
///         Result<ArrayRef> Build(...) const override;
///     };
///
/// `Derived::Instance()` is the one immutable instance the session registers and arrays point
/// at; id() is `Derived::kId` (RegisteredKind).
template <typename Derived>
class EncodingBase : public RegisteredKind<Derived, Encoding> {
protected:
    /// A TryMake() over parts read from a file, as Build() reports its failure: a Serde error that
    /// names the encoding (TryMake's own InvalidArgument is for callers that built the parts).
    template <typename T>
    static Result<std::shared_ptr<const T>> AsSerde(Result<std::shared_ptr<const T>> made) {
        if (!made.ok()) {
            return Status::Serde("{}: {}", Derived::kId, made.status().message());
        }
        return made;
    }
};

} // namespace vortex
