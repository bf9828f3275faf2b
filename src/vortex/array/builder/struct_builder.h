// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <vector>

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/validity_builder.h"

namespace vortex {

/// Builds a StructArray: one child builder per field. To append a row with the typed API,
/// append one value to every field() builder, then call AppendValid().
class StructBuilder final : public ArrayBuilder {
public:
    /// `dtype` must be a Struct dtype with a builder for every field dtype.
    static Result<std::unique_ptr<StructBuilder>> Make(DType dtype, const BuilderOptions &options = {});

    ArrayBuilder &field(size_t i) { return *fields_[i]; }
    size_t nfields() const { return fields_.size(); }
    /// Marks the row whose field values were just appended as valid.
    void AppendValid() { validity_.AppendValid(); }

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    /// Appends a null row (each field gets a null, or a default value if non-nullable).
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    /// Appends each field array to its field builder, and the struct validity in bulk.
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    StructBuilder(DType dtype, std::vector<std::unique_ptr<ArrayBuilder>> fields);

    DType dtype_;
    std::vector<std::unique_ptr<ArrayBuilder>> fields_;
    ValidityBuilder validity_;
};

/// Appends a default (zero, false, empty) value of `builder`'s dtype; used for the slots under
/// null parents in non-nullable children.
Status AppendDefault(ArrayBuilder &builder);

} // namespace vortex
