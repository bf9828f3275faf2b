// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/array_builder.h"

#include "vortex/array/builder/bool_builder.h"
#include "vortex/array/builder/decimal_builder.h"
#include "vortex/array/builder/list_builder.h"
#include "vortex/array/builder/null_builder.h"
#include "vortex/array/builder/primitive_builder.h"
#include "vortex/array/builder/struct_builder.h"
#include "vortex/array/builder/varbinview_builder.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<bool> ArrayBuilder::AppendIfNull(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().EqualsIgnoringNullability(dtype()), MismatchedTypes,
              "cannot append {} to a {} builder", scalar.dtype(), dtype());
    if (!scalar.is_null()) {
        return false;
    }
    VX_ENSURE(dtype().is_nullable(), InvalidArgument, "cannot append null to a non-nullable builder");
    AppendNull();
    return true;
}

Result<ArrayRef> ArrayBuilder::CanonicalForAppend(const ArrayRef &array) const {
    VX_ENSURE(array->dtype().EqualsIgnoringNullability(dtype()), MismatchedTypes,
              "cannot append {} to a {} builder", array->dtype(), dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    VX_ENSURE(dtype().is_nullable() || !canonical->dtype().is_nullable() ||
                  canonical->validity_mask().all_true(),
              InvalidArgument, "cannot append nulls to a non-nullable {} builder", dtype());
    return canonical;
}

Status ArrayBuilder::AppendArray(const ArrayRef &array) {
    VX_ENSURE(array->dtype().EqualsIgnoringNullability(dtype()), MismatchedTypes,
              "cannot append {} to a {} builder", array->dtype(), dtype());
    VX_ENSURE(dtype().is_nullable() || !array->dtype().is_nullable() || array->validity_mask().all_true(),
              InvalidArgument, "cannot append nulls to a non-nullable {} builder", dtype());
    for (size_t i = 0; i < array->len(); ++i) {
        VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(array, i));
        VX_RETURN_NOT_OK(AppendScalar(value));
    }
    return Status::OK();
}

Result<std::unique_ptr<ArrayBuilder>> MakeBuilder(const DType &dtype, const BuilderOptions &options) {
    switch (dtype.kind()) {
        case DTypeKind::Null:
            return std::unique_ptr<ArrayBuilder>(new NullBuilder());
        case DTypeKind::Bool:
            return std::unique_ptr<ArrayBuilder>(
                new BoolBuilder(dtype.nullability(), !options.share_buffers));
        case DTypeKind::Primitive:
            return VisitPType(dtype.ptype(), [&]<typename T>() {
                return std::unique_ptr<ArrayBuilder>(
                    new PrimitiveBuilder<T>(dtype.nullability(), !options.share_buffers));
            });
        case DTypeKind::Decimal:
            return std::unique_ptr<ArrayBuilder>(new DecimalBuilder(dtype, !options.share_buffers));
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return std::unique_ptr<ArrayBuilder>(new VarBinViewBuilder(dtype, options.share_buffers));
        case DTypeKind::Struct: {
            VX_ASSIGN_OR_RETURN(auto builder, StructBuilder::Make(dtype, options));
            return std::unique_ptr<ArrayBuilder>(std::move(builder));
        }
        case DTypeKind::List: {
            VX_ASSIGN_OR_RETURN(auto builder, ListBuilder::Make(dtype, options));
            return std::unique_ptr<ArrayBuilder>(std::move(builder));
        }
        case DTypeKind::FixedSizeList: {
            VX_ASSIGN_OR_RETURN(auto builder, FixedSizeListBuilder::Make(dtype, options));
            return std::unique_ptr<ArrayBuilder>(std::move(builder));
        }
        case DTypeKind::Extension: {
            VX_ASSIGN_OR_RETURN(auto builder, ExtensionBuilder::Make(dtype, options));
            return std::unique_ptr<ArrayBuilder>(std::move(builder));
        }
    }
    return Status::NotImplemented("no builder for {}", dtype);
}

} // namespace vortex
