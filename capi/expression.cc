// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "expression.h"

#include <algorithm>

namespace capi = vortex::capi;
namespace api = vortex::api;

namespace vortex::capi {
namespace {

bool IsComparison(vx_binary_operator op) {
    return op >= VX_OPERATOR_EQ && op <= VX_OPERATOR_LTE;
}

bool IsArithmetic(vx_binary_operator op) {
    return op >= VX_OPERATOR_ADD && op <= VX_OPERATOR_DIV;
}

const char *OperatorName(vx_binary_operator op) {
    switch (op) {
        case VX_OPERATOR_EQ:
            return "EQ";
        case VX_OPERATOR_NOT_EQ:
            return "NOT_EQ";
        case VX_OPERATOR_GT:
            return "GT";
        case VX_OPERATOR_GTE:
            return "GTE";
        case VX_OPERATOR_LT:
            return "LT";
        case VX_OPERATOR_LTE:
            return "LTE";
        case VX_OPERATOR_KLEENE_AND:
            return "KLEENE_AND";
        case VX_OPERATOR_KLEENE_OR:
            return "KLEENE_OR";
        case VX_OPERATOR_ADD:
            return "ADD";
        case VX_OPERATOR_SUB:
            return "SUB";
        case VX_OPERATOR_MUL:
            return "MUL";
        case VX_OPERATOR_DIV:
            return "DIV";
    }
    return "unknown";
}

bool IsBool(const api::DType &dtype) {
    return dtype.kind() == api::DTypeKind::Bool;
}

// The dtype of field `name` of the struct `parent`, nullable when the struct is.
api::DType FieldDType(const api::DType &parent, const std::string &name, const char *what) {
    if (parent.kind() != api::DTypeKind::Struct) {
        Fail(std::string(what) + " needs a struct to take field '" + name + "' from, not " +
             parent.ToString());
    }
    const std::optional<size_t> index = parent.FieldIndex(name);
    if (!index) {
        Fail(std::string(what) + ": no field named '" + name + "' in " + parent.ToString());
    }
    api::DType field = parent.field_dtype(*index);
    return parent.nullable() ? field.WithNullable(true) : field;
}

api::DType BinaryDType(vx_binary_operator op, const api::DType &lhs, const api::DType &rhs) {
    const bool nullable = lhs.nullable() || rhs.nullable();
    if (IsComparison(op)) {
        const bool extension =
            lhs.kind() == api::DTypeKind::Extension || rhs.kind() == api::DTypeKind::Extension;
        if (!extension && lhs.WithNullable(false) != rhs.WithNullable(false)) {
            Fail(std::string("cannot compare different dtypes with ") + OperatorName(op) + ": " +
                 lhs.ToString() + " and " + rhs.ToString() + " (build the literal with the column's type)");
        }
        return api::DType::Bool(nullable);
    }
    if (op == VX_OPERATOR_KLEENE_AND || op == VX_OPERATOR_KLEENE_OR) {
        if (!IsBool(lhs) || !IsBool(rhs)) {
            Fail(std::string(OperatorName(op)) + " needs boolean operands, not " + lhs.ToString() + " and " +
                 rhs.ToString());
        }
        return api::DType::Bool(nullable);
    }
    if (IsArithmetic(op)) {
        if (!lhs.ptype() || lhs.WithNullable(false) != rhs.WithNullable(false)) {
            Fail(std::string("incompatible types for arithmetic operation ") + OperatorName(op) + ": " +
                 lhs.ToString() + " and " + rhs.ToString());
        }
        return lhs.WithNullable(nullable);
    }
    Fail("unknown binary operator " + std::to_string(static_cast<int>(op)));
}

// Arithmetic and list_contains type-check, but nothing here can evaluate them.
void CheckEvaluable(const ExprNode &node) {
    if (node.kind == ExprNode::Kind::Binary && IsArithmetic(node.op)) {
        Fail(std::string("VX_OPERATOR_") + OperatorName(node.op) +
             " is not supported: this implementation cannot evaluate arithmetic expressions");
    }
    if (node.kind == ExprNode::Kind::ListContains) {
        Fail("vx_expression_list_contains is not supported: this implementation cannot evaluate it");
    }
    for (const NodeRef &child : node.children) {
        CheckEvaluable(*child);
    }
}

bool IsRootField(const ExprNode &node) {
    return node.kind == ExprNode::Kind::GetItem && node.children[0]->kind == ExprNode::Kind::Root;
}

// True if `node` uses the root other than to name one of its fields, or holds a select: then
// it cannot be written as an api::Expr over the scope's own columns.
bool NeedsBindings(const ExprNode &node) {
    if (node.kind == ExprNode::Kind::Root || node.kind == ExprNode::Kind::Select) {
        return true;
    }
    if (IsRootField(node)) {
        return false;
    }
    for (const NodeRef &child : node.children) {
        if (NeedsBindings(*child)) {
            return true;
        }
    }
    return false;
}

// The top-level fields `node` reads, in order of appearance; nullopt when it needs them all.
std::optional<std::vector<std::string>> ReadColumns(const ExprNode &node) {
    std::vector<std::string> columns;
    bool all = false;
    auto visit = [&](const auto &self, const ExprNode &n) -> void {
        if (IsRootField(n)) {
            if (std::find(columns.begin(), columns.end(), n.names[0]) == columns.end()) {
                columns.push_back(n.names[0]);
            }
            return;
        }
        if (n.kind == ExprNode::Kind::Root) {
            all = true;
        }
        for (const NodeRef &child : n.children) {
            self(self, *child);
        }
    };
    visit(visit, node);
    if (all) {
        return std::nullopt;
    }
    return columns;
}

// The binary operator `op` applied to two api::Exprs (comparisons and connectives).
api::Expr Combine(vx_binary_operator op, const api::Expr &lhs, const api::Expr &rhs) {
    switch (op) {
        case VX_OPERATOR_EQ:
            return lhs == rhs;
        case VX_OPERATOR_NOT_EQ:
            return lhs != rhs;
        case VX_OPERATOR_GT:
            return lhs > rhs;
        case VX_OPERATOR_GTE:
            return lhs >= rhs;
        case VX_OPERATOR_LT:
            return lhs < rhs;
        case VX_OPERATOR_LTE:
            return lhs <= rhs;
        case VX_OPERATOR_KLEENE_AND:
            return lhs && rhs;
        case VX_OPERATOR_KLEENE_OR:
            return lhs || rhs;
        default:
            break;
    }
    // Arithmetic never gets here: CheckEvaluable rejects it first.
    Fail(std::string("VX_OPERATOR_") + OperatorName(op) + " cannot be evaluated by this implementation");
}

// Translates a tree into an api::Expr over a scope array. When the tree reads the scope only
// by field names and the scope is a non-nullable struct, the fields are its columns. Otherwise
// the expression runs over a synthetic struct whose columns are bindings: "$root" (the scope)
// and one column per select subtree, evaluated beforehand.
class Translator {
public:
    explicit Translator(const api::Array &scope, bool direct) : scope_(scope), direct_(direct) {
        if (!direct_) {
            Bind(scope_);
        }
    }

    api::Expr Translate(const ExprNode &node) {
        switch (node.kind) {
            case ExprNode::Kind::Root:
                return api::Col(bindings_.at(0));
            case ExprNode::Kind::Literal:
                return api::Lit(*node.literal);
            case ExprNode::Kind::Select:
                return api::Col(Bind(Evaluate(node, scope_)));
            case ExprNode::Kind::GetItem:
                if (direct_ && IsRootField(node)) {
                    return api::Col(node.names[0]);
                }
                return api::GetField(Translate(*node.children[0]), node.names[0]);
            case ExprNode::Kind::Binary:
                return Combine(node.op, Translate(*node.children[0]), Translate(*node.children[1]));
            case ExprNode::Kind::Not:
                return !Translate(*node.children[0]);
            case ExprNode::Kind::IsNull:
                return api::IsNull(Translate(*node.children[0]));
            case ExprNode::Kind::ListContains:
                break;
        }
        CheckEvaluable(node);
        Fail("unknown expression node");
    }

    /// The array the translated expressions run over.
    api::Array Scope() const {
        if (direct_) {
            return scope_;
        }
        return Take(api::Array::MakeStruct(bindings_, values_, {}, scope_.len()));
    }

private:
    std::string Bind(api::Array value) {
        std::string name = "$";
        name += bindings_.empty() ? std::string("root") : std::to_string(bindings_.size());
        bindings_.push_back(std::move(name));
        values_.push_back(std::move(value));
        return bindings_.back();
    }

    api::Array scope_;
    bool direct_;
    std::vector<std::string> bindings_;
    std::vector<api::Array> values_;
};

} // namespace

api::DType ReturnDType(const ExprNode &node, const api::DType &scope) {
    switch (node.kind) {
        case ExprNode::Kind::Root:
            return scope;
        case ExprNode::Kind::Literal:
            return node.literal->dtype();
        case ExprNode::Kind::GetItem:
            return FieldDType(ReturnDType(*node.children[0], scope), node.names[0], "get_item");
        case ExprNode::Kind::Select: {
            const api::DType child = ReturnDType(*node.children[0], scope);
            std::vector<api::DType> dtypes;
            for (const std::string &name : node.names) {
                dtypes.push_back(FieldDType(child.WithNullable(false), name, "select"));
            }
            return Take(api::DType::Struct(node.names, dtypes, child.nullable()));
        }
        case ExprNode::Kind::Binary:
            return BinaryDType(node.op, ReturnDType(*node.children[0], scope),
                               ReturnDType(*node.children[1], scope));
        case ExprNode::Kind::Not: {
            api::DType child = ReturnDType(*node.children[0], scope);
            if (!IsBool(child)) {
                Fail("not needs a boolean operand, not " + child.ToString());
            }
            return child;
        }
        case ExprNode::Kind::IsNull:
            ReturnDType(*node.children[0], scope);
            return api::DType::Bool(false);
        case ExprNode::Kind::ListContains: {
            const api::DType list = ReturnDType(*node.children[0], scope);
            const api::DType value = ReturnDType(*node.children[1], scope);
            if (list.kind() != api::DTypeKind::List) {
                Fail("the first operand of list_contains must be a list, not " + list.ToString());
            }
            return api::DType::Bool(list.nullable() || value.nullable());
        }
    }
    Fail("unknown expression node");
}

api::Expr ToFilter(const ExprNode &node) {
    CheckEvaluable(node);
    switch (node.kind) {
        case ExprNode::Kind::Root:
            Fail("a filter cannot use the root expression as a value; name columns with get_item");
        case ExprNode::Kind::Select:
            Fail("a filter cannot contain a select expression");
        case ExprNode::Kind::Literal:
            return api::Lit(*node.literal);
        case ExprNode::Kind::GetItem:
            if (IsRootField(node)) {
                return api::Col(node.names[0]);
            }
            return api::GetField(ToFilter(*node.children[0]), node.names[0]);
        case ExprNode::Kind::Binary:
            return Combine(node.op, ToFilter(*node.children[0]), ToFilter(*node.children[1]));
        case ExprNode::Kind::Not:
            return !ToFilter(*node.children[0]);
        case ExprNode::Kind::IsNull:
            return api::IsNull(ToFilter(*node.children[0]));
        case ExprNode::Kind::ListContains:
            break;
    }
    Fail("unknown expression node");
}

api::Array Evaluate(const ExprNode &node, const api::Array &scope) {
    CheckEvaluable(node);
    if (node.kind == ExprNode::Kind::Root) {
        return scope;
    }
    if (node.kind == ExprNode::Kind::Select) {
        const api::Array child = Evaluate(*node.children[0], scope);
        if (child.dtype().kind() != api::DTypeKind::Struct) {
            Fail("select needs a struct, not " + child.dtype().ToString());
        }
        std::vector<api::Array> fields;
        for (const std::string &name : node.names) {
            fields.push_back(Take(child.Field(name)));
        }
        return Take(api::Array::MakeStruct(node.names, fields, child.GetValidity(), child.len()));
    }
    const api::DType dtype = scope.dtype();
    const bool direct = dtype.kind() == api::DTypeKind::Struct && !dtype.nullable() && !NeedsBindings(node);
    Translator translator(scope, direct);
    const api::Expr expression = translator.Translate(node);
    return Take(translator.Scope().Apply(expression));
}

Projection PlanProjection(const NodeRef &node, const api::DType &scope) {
    if (node == nullptr || node->kind == ExprNode::Kind::Root) {
        return {std::nullopt, scope, nullptr};
    }
    api::DType dtype = ReturnDType(*node, scope);
    CheckEvaluable(*node);
    if (node->kind == ExprNode::Kind::Select && node->children[0]->kind == ExprNode::Kind::Root) {
        return {node->names, std::move(dtype), nullptr};
    }
    return {ReadColumns(*node), std::move(dtype), node};
}

} // namespace vortex::capi

namespace {

vx_expression *NewExpression(capi::ExprNode node) {
    return capi::NewHandle<vx_expression>(
        vx_expression{std::make_shared<const capi::ExprNode>(std::move(node))});
}

// Folds `nodes[begin, end)` into a balanced tree of `op`.
capi::NodeRef
Balanced(vx_binary_operator op, const std::vector<capi::NodeRef> &nodes, size_t begin, size_t end) {
    if (end - begin == 1) {
        return nodes[begin];
    }
    const size_t middle = begin + (end - begin) / 2;
    return std::make_shared<const capi::ExprNode>(
        capi::ExprNode{capi::ExprNode::Kind::Binary,
                       op,
                       {},
                       std::nullopt,
                       {Balanced(op, nodes, begin, middle), Balanced(op, nodes, middle, end)}});
}

vx_expression *Fold(vx_binary_operator op, const vx_expression *const *expressions, size_t len) {
    return capi::Quietly<vx_expression *>(nullptr, [&]() -> vx_expression * {
        if (expressions == nullptr || len == 0) {
            return nullptr;
        }
        std::vector<capi::NodeRef> nodes;
        for (size_t i = 0; i < len; ++i) {
            if (expressions[i] == nullptr) {
                return nullptr;
            }
            nodes.push_back(expressions[i]->node);
        }
        return capi::NewHandle<vx_expression>(vx_expression{Balanced(op, nodes, 0, len)});
    });
}

// A UTF-8 name from a NUL-terminated C string; nullopt when it is NULL or not UTF-8.
std::optional<std::string> Name(const char *text) {
    if (text == nullptr) {
        return std::nullopt;
    }
    std::string name(text);
    return capi::IsUtf8(name) ? std::optional<std::string>(std::move(name)) : std::nullopt;
}

} // namespace

extern "C" {

void vx_expression_free(vx_expression *ptr) {
    capi::DeleteHandle(ptr);
}

vx_expression *vx_expression_root(void) {
    return capi::Quietly<vx_expression *>(nullptr, [] { return NewExpression({}); });
}

vx_expression *vx_expression_literal(const vx_scalar *scalar, vx_error **err) {
    return capi::Guarded<vx_expression *>(err, nullptr, [&] {
        const vx_scalar &value = capi::Deref(scalar, "scalar literal");
        return NewExpression({capi::ExprNode::Kind::Literal, VX_OPERATOR_EQ, {}, value.scalar, {}});
    });
}

vx_expression *vx_expression_select(const char *const *names, size_t len, const vx_expression *child) {
    return capi::Quietly<vx_expression *>(nullptr, [&]() -> vx_expression * {
        if (child == nullptr || (names == nullptr && len > 0)) {
            return nullptr;
        }
        std::vector<std::string> fields;
        for (size_t i = 0; i < len; ++i) {
            std::optional<std::string> name = Name(names[i]);
            if (!name) {
                return nullptr;
            }
            fields.push_back(*std::move(name));
        }
        return NewExpression(
            {capi::ExprNode::Kind::Select, VX_OPERATOR_EQ, std::move(fields), std::nullopt, {child->node}});
    });
}

vx_expression *vx_expression_and(const vx_expression *const *expressions, size_t len) {
    return Fold(VX_OPERATOR_KLEENE_AND, expressions, len);
}

vx_expression *vx_expression_or(const vx_expression *const *expressions, size_t len) {
    return Fold(VX_OPERATOR_KLEENE_OR, expressions, len);
}

vx_expression *
vx_expression_binary(vx_binary_operator binary_operator, const vx_expression *lhs, const vx_expression *rhs) {
    return capi::Quietly<vx_expression *>(nullptr, [&]() -> vx_expression * {
        const int op = capi::EnumValue(binary_operator);
        if (lhs == nullptr || rhs == nullptr || op < VX_OPERATOR_EQ || op > VX_OPERATOR_DIV) {
            return nullptr;
        }
        return NewExpression({capi::ExprNode::Kind::Binary,
                              static_cast<vx_binary_operator>(op),
                              {},
                              std::nullopt,
                              {lhs->node, rhs->node}});
    });
}

const vx_expression *vx_expression_not(const vx_expression *child) {
    return capi::Quietly<const vx_expression *>(nullptr, [&]() -> const vx_expression * {
        if (child == nullptr) {
            return nullptr;
        }
        return NewExpression({capi::ExprNode::Kind::Not, VX_OPERATOR_EQ, {}, std::nullopt, {child->node}});
    });
}

vx_expression *vx_expression_is_null(const vx_expression *child) {
    return capi::Quietly<vx_expression *>(nullptr, [&]() -> vx_expression * {
        if (child == nullptr) {
            return nullptr;
        }
        return NewExpression({capi::ExprNode::Kind::IsNull, VX_OPERATOR_EQ, {}, std::nullopt, {child->node}});
    });
}

vx_expression *vx_expression_get_item(const char *item, const vx_expression *child) {
    return capi::Quietly<vx_expression *>(nullptr, [&]() -> vx_expression * {
        std::optional<std::string> name = Name(item);
        if (child == nullptr || !name) {
            return nullptr;
        }
        return NewExpression(
            {capi::ExprNode::Kind::GetItem, VX_OPERATOR_EQ, {*std::move(name)}, std::nullopt, {child->node}});
    });
}

vx_expression *vx_expression_list_contains(const vx_expression *list, const vx_expression *value) {
    return capi::Quietly<vx_expression *>(nullptr, [&]() -> vx_expression * {
        if (list == nullptr || value == nullptr) {
            return nullptr;
        }
        return NewExpression({capi::ExprNode::Kind::ListContains,
                              VX_OPERATOR_EQ,
                              {},
                              std::nullopt,
                              {list->node, value->node}});
    });
}

} // extern "C"
