// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/length.h"

#include <algorithm>

#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/cast.h"

namespace vortex {
namespace {

bool Applies(const DType &dtype, LengthUnit unit) {
    switch (unit) {
        case LengthUnit::Bytes:
            return dtype.is_utf8() || dtype.is_binary();
        case LengthUnit::CodePoints:
            return dtype.is_utf8();
        case LengthUnit::Elements:
            return dtype.is_list() || dtype.is_fixed_size_list();
    }
    return false;
}

// Code points of well-formed UTF-8: every byte that is not a continuation byte (10xxxxxx)
// starts one.
int64_t CodePoints(std::string_view bytes) {
    int64_t count = 0;
    for (const char c : bytes) {
        count += (static_cast<uint8_t>(c) & 0xC0) != 0x80 ? 1 : 0;
    }
    return count;
}

Result<ArrayRef> StringLengths(const VarBinViewArray &strings, LengthUnit unit) {
    const size_t len = strings.len();
    BufferMut values = BufferMut::Uninitialized(len * sizeof(int64_t));
    auto *out = values.data_as<int64_t>();
    if (unit == LengthUnit::Bytes) {
        for (size_t i = 0; i < len; ++i) {
            out[i] = strings.view_at(i).size();
        }
    } else {
        for (size_t i = 0; i < len; ++i) {
            out[i] = CodePoints(strings.bytes_at(i));
        }
    }
    return ArrayRef(PrimitiveArray::Make(PType::I64, std::move(values).Freeze(), strings.validity()));
}

Result<ArrayRef> ListLengths(const ArrayRef &canonical) {
    if (const auto *fixed = As<FixedSizeListArray>(*canonical)) {
        BufferMut values = BufferMut::Uninitialized(fixed->len() * sizeof(int64_t));
        std::fill_n(values.data_as<int64_t>(), fixed->len(), int64_t{fixed->list_size()});
        return ArrayRef(PrimitiveArray::Make(PType::I64, std::move(values).Freeze(), fixed->validity()));
    }
    const auto *lists = As<ListViewArray>(*canonical);
    VX_ENSURE(lists != nullptr, Internal, "a list did not canonicalize to vortex.listview");
    VX_ASSIGN_OR_RETURN(ArrayRef sizes,
                        Cast(lists->sizes(), DType::Primitive(PType::I64, Nullability::NonNullable)));
    VX_ASSIGN_OR_RETURN(sizes, Canonicalize(sizes));
    const auto *primitive = As<PrimitiveArray>(*sizes);
    VX_ENSURE(primitive != nullptr, Internal, "list sizes did not canonicalize to vortex.primitive");
    return ArrayRef(PrimitiveArray::Make(PType::I64, primitive->values(), lists->validity()));
}

} // namespace

std::string_view LengthUnitName(LengthUnit unit) {
    switch (unit) {
        case LengthUnit::Bytes:
            return "strlen";
        case LengthUnit::CodePoints:
            return "length";
        case LengthUnit::Elements:
            return "len";
    }
    return "?";
}

Result<ArrayRef> Length(const ArrayRef &array, LengthUnit unit) {
    VX_ENSURE(Applies(array->dtype(), unit), InvalidArgument, "{}() does not apply to {}",
              LengthUnitName(unit), array->dtype());
    if (auto computed = array->LengthImpl(unit)) {
        return *std::move(computed);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (unit == LengthUnit::Elements) {
        return ListLengths(canonical);
    }
    const auto *strings = As<VarBinViewArray>(*canonical);
    VX_ENSURE(strings != nullptr, Internal, "strings did not canonicalize to vortex.varbinview");
    return StringLengths(*strings, unit);
}

} // namespace vortex
