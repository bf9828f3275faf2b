// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/validity_builder.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

/// Builds a List array (finished as a canonical ListViewArray with U64 offsets and sizes).
/// Typed API: append the list's elements to elements(), then call CloseList().
class ListBuilder final : public ArrayBuilder {
public:
    /// `dtype` must be a List dtype.
    static Result<std::unique_ptr<ListBuilder>> Make(DType dtype, const BuilderOptions &options = {});

    ArrayBuilder &elements() { return *elements_; }
    /// Ends the current list: it holds every element appended since the previous list ended.
    void CloseList();

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    /// Appends the referenced elements with one AppendArray: a single slice when the input's
    /// valid lists are in order without overlaps (and few unreferenced elements between them),
    /// else the elements gathered list by list with one Take. Null lists get size 0.
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    ListBuilder(DType dtype, std::unique_ptr<ArrayBuilder> elements, bool compact);

    DType dtype_;
    std::unique_ptr<ArrayBuilder> elements_;
    BufferMut offsets_;
    BufferMut sizes_;
    uint64_t list_start_ = 0;
    ValidityBuilder validity_;
    // Copy only the elements of valid lists, never a span with gaps (BuilderOptions).
    bool compact_;
};

/// Builds a FixedSizeListArray. Typed API: append list_size() elements to elements(), then
/// call AppendValid().
class FixedSizeListBuilder final : public ArrayBuilder {
public:
    static Result<std::unique_ptr<FixedSizeListBuilder>> Make(DType dtype,
                                                              const BuilderOptions &options = {});

    ArrayBuilder &elements() { return *elements_; }
    uint32_t list_size() const { return dtype_.list_size(); }
    void AppendValid() { validity_.AppendValid(); }

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    /// Appends a null list (list_size default elements underneath).
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    /// Appends the elements with one AppendArray and the validity in bulk.
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    FixedSizeListBuilder(DType dtype, std::unique_ptr<ArrayBuilder> elements);

    DType dtype_;
    std::unique_ptr<ArrayBuilder> elements_;
    ValidityBuilder validity_;
};

/// Builds an ExtensionArray over a storage builder.
class ExtensionBuilder final : public ArrayBuilder {
public:
    static Result<std::unique_ptr<ExtensionBuilder>> Make(DType dtype, const BuilderOptions &options = {});

    ArrayBuilder &storage() { return *storage_; }

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return storage_->len(); }
    void AppendNull() override { storage_->AppendNull(); }
    Status AppendScalar(const Scalar &scalar) override;
    /// Appends the storage array to the storage builder.
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    ExtensionBuilder(DType dtype, std::unique_ptr<ArrayBuilder> storage);

    DType dtype_;
    std::unique_ptr<ArrayBuilder> storage_;
};

} // namespace vortex
