// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "vortex/base/result.h"
#include "vortex/session/registry.h"

namespace vortex {

// Defined by the array and layout modules; the session only stores pointers to them, which
// keeps this module below both in the dependency graph.
class Encoding;
class LayoutEncoding;

using EncodingRegistry = Registry<Encoding>;
using LayoutRegistry = Registry<LayoutEncoding>;

/// Holds the registries a reader or writer resolves ids through (array encodings, layout
/// encodings). A Session is immutable: build it once with a SessionBuilder, then share it
/// (`std::shared_ptr<const Session>`) across threads; every lookup is lock-free.
class Session {
public:
    const EncodingRegistry &encodings() const { return encodings_; }
    const LayoutRegistry &layouts() const { return layouts_; }

private:
    friend class SessionBuilder;
    Session() = default;

    EncodingRegistry encodings_;
    LayoutRegistry layouts_;
};

/// Collects registrations, then freezes them into a Session with Build(). Not thread-safe:
/// one thread registers everything (e.g. `RegisterCanonicalEncodings(builder)`), then calls
/// Build() once; the builder is empty afterwards.
class SessionBuilder {
public:
    SessionBuilder();
    ~SessionBuilder();
    SessionBuilder(SessionBuilder &&) noexcept;
    SessionBuilder &operator=(SessionBuilder &&) noexcept;

    /// Registers an array encoding under its own id(). `E` is any type with `id()`; encodings
    /// that are static singletons can be passed with a no-op deleter (see WrapStatic).
    template <typename E>
    Status RegisterEncoding(std::shared_ptr<const E> encoding) {
        VX_ENSURE(encoding != nullptr, InvalidArgument, "cannot register a null encoding");
        std::string id(encoding->id());
        return session_->encodings_.Register(std::move(id),
                                             std::shared_ptr<const Encoding>(std::move(encoding)));
    }
    /// Registers a layout encoding under its own id().
    template <typename L>
    Status RegisterLayout(std::shared_ptr<const L> layout) {
        VX_ENSURE(layout != nullptr, InvalidArgument, "cannot register a null layout");
        std::string id(layout->id());
        return session_->layouts_.Register(std::move(id),
                                           std::shared_ptr<const LayoutEncoding>(std::move(layout)));
    }

    /// Returns a non-owning shared_ptr to an object with static storage duration.
    template <typename T>
    static std::shared_ptr<const T> WrapStatic(const T &object) {
        return std::shared_ptr<const T>(std::shared_ptr<const T>(), &object);
    }

    /// Read access while registering (e.g. to check what is already there).
    const EncodingRegistry &encodings() const { return session_->encodings_; }
    const LayoutRegistry &layouts() const { return session_->layouts_; }

    /// Freezes the registrations into an immutable Session.
    std::shared_ptr<const Session> Build() &&;

private:
    std::unique_ptr<Session> session_;
};

} // namespace vortex
