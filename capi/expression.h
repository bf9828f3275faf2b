// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The C interface's expression trees and what they become in the C++ API.
//
// A vx_expression is a tree of ExprNode, as the C functions build it. The C++ API's
// expressions have no root or select node and no arithmetic, so a tree is used in one of
// three ways, each checking its types first with ReturnDType (the reference's typing: a
// comparison needs one type on both sides, nullability aside, with no implicit cast):
//  - as a scan filter, translated into an api::Expr over the file's columns (ToFilter);
//  - as a scan projection, planned into the columns to read and, unless the batches are
//    returned as read, a tree to evaluate on each batch (PlanProjection);
//  - evaluated on an array (Evaluate): root is the array, select assembles a struct array,
//    the rest is translated into an api::Expr and applied with api::Array::Apply.
// Arithmetic and list_contains type-check but cannot be evaluated: using them fails with a
// NotImplemented-style message where the tree is translated.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "handles.h"

namespace vortex::capi {

struct ExprNode;
using NodeRef = std::shared_ptr<const ExprNode>;

struct ExprNode {
    enum class Kind : uint8_t { Root, Literal, Select, GetItem, Binary, Not, IsNull, ListContains };

    Kind kind = Kind::Root;
    /// Binary: the operator.
    vx_binary_operator op = VX_OPERATOR_EQ;
    /// Select: the field names; GetItem: the one field name.
    std::vector<std::string> names;
    /// Literal: the value.
    std::optional<api::Scalar> literal;
    std::vector<NodeRef> children;
};

/// The dtype `node` returns over rows of `scope`; a Failure when the types do not fit.
api::DType ReturnDType(const ExprNode &node, const api::DType &scope);

/// `node` as a filter over the top-level columns of a file (after ReturnDType).
api::Expr ToFilter(const ExprNode &node);

/// Evaluates `node` with `scope` as its root.
api::Array Evaluate(const ExprNode &node, const api::Array &scope);

/// How a scan returns a projection.
struct Projection {
    /// The top-level columns to read; nullopt reads them all.
    std::optional<std::vector<std::string>> columns;
    /// The dtype of the arrays the scan returns.
    api::DType dtype;
    /// Evaluated on each batch read; null when the batches are the result as read.
    NodeRef transform;
};

/// Plans `node` (null: every column) as the projection of a scan of `scope` (a file's dtype).
Projection PlanProjection(const NodeRef &node, const api::DType &scope);

} // namespace vortex::capi

struct vx_expression { // NOLINT(readability-identifier-naming)
    vortex::capi::NodeRef node;
};
