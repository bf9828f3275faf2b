// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string_view>

namespace vortex {

/// The singleton and id every registered kind (an array encoding, a layout encoding) has alike:
/// `Derived` declares `static constexpr std::string_view kId` and implements the rest of `Base`,
/// whose `id()` this supplies. `Derived::Instance()` is the one immutable instance a session
/// registers and objects point at (for default-constructible kinds).
template <typename Derived, typename Base>
class RegisteredKind : public Base {
public:
    static const Derived &Instance() {
        static const Derived instance;
        return instance;
    }
    std::string_view id() const final { return Derived::kId; }
};

} // namespace vortex
