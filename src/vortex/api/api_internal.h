// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What the public API's handles hold, and the conversions between public and internal
// types. Only the implementation of the public API (and the C interface) includes this.

#include <memory>
#include <utility>

#include "vortex/array.hpp"
#include "vortex/dtype.hpp"
#include "vortex/expr.hpp"
#include "vortex/expr/expression.h"
#include "vortex/file.hpp"
#include "vortex/file/footer_cache.h"
#include "vortex/io/executor.h"
#include "vortex/scalar.hpp"
#include "vortex/scan.hpp"
#include "vortex/status.hpp"
#include "vortex/vortex.h"

namespace vortex::api {

struct DType::Impl {
    vortex::DType dtype;
};
struct Scalar::Impl {
    vortex::Scalar scalar;
};
struct Expr::Impl {
    vortex::expr::ExprRef expr;
};
struct Array::Impl {
    ArrayRef array;
};
struct File::Impl {
    std::shared_ptr<const VortexFile> file;
};
struct Executor::Impl {
    std::unique_ptr<vortex::Executor> executor;
};
struct FooterCache::Impl {
    std::shared_ptr<vortex::FooterCache> cache;
};

/// The public form of an internal status.
Status ToPublic(const vortex::Status &status);
/// The internal form of a public status (the message kept, the code mapped).
vortex::Status ToInternal(const Status &status);

DType Wrap(vortex::DType dtype);
Scalar Wrap(vortex::Scalar scalar);
Expr Wrap(vortex::expr::ExprRef expr);
Array Wrap(ArrayRef array);

inline const vortex::DType &Unwrap(const DType &dtype) {
    return dtype.impl().dtype;
}
inline const vortex::Scalar &Unwrap(const Scalar &scalar) {
    return scalar.impl().scalar;
}
inline const vortex::expr::ExprRef &Unwrap(const Expr &expression) {
    return expression.impl().expr;
}
inline const ArrayRef &Unwrap(const Array &array) {
    return array.impl().array;
}

/// An internal result as a public one, its value converted by `convert`.
template <typename T, typename F>
auto ToPublic(vortex::Result<T> result, F &&convert) -> Result<decltype(convert(std::move(*result)))> {
    if (!result.ok()) {
        return ToPublic(result.status());
    }
    return convert(std::move(*result));
}

} // namespace vortex::api
