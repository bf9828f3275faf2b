// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/extension/uuid_text.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/base/hex.h"
#include "vortex/dtype/extension.h"

namespace vortex {

namespace {} // namespace

Result<ArrayRef> UuidFromText(const ArrayRef &text) {
    VX_ENSURE(text->dtype().is_utf8(), InvalidArgument, "UUID text must be utf8, got {}", text->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(text));
    const auto *strings = As<VarBinViewArray>(*canonical);
    VX_ENSURE(strings != nullptr, Internal, "canonical utf8 is not a VarBinViewArray");
    const size_t len = strings->len();
    std::vector<uint8_t> bytes(len * 16, 0);
    for (size_t i = 0; i < len; ++i) {
        if (!strings->is_valid(i)) {
            continue;
        }
        const std::string_view value = strings->bytes_at(i);
        size_t digits = 0;
        for (char c : value) {
            if (c == '-') {
                continue;
            }
            const int digit = HexDigitValue(c);
            VX_ENSURE(digit >= 0 && digits < 32, InvalidArgument, "'{}' is not a UUID", value);
            uint8_t &byte = bytes[i * 16 + digits / 2];
            byte = static_cast<uint8_t>(digits % 2 == 0 ? digit << 4 : byte | digit);
            ++digits;
        }
        VX_ENSURE(digits == 32, InvalidArgument, "'{}' is not a UUID", value);
    }
    ArrayRef elements = PrimitiveArray::FromValues(bytes);
    VX_ASSIGN_OR_RETURN(auto fsl,
                        FixedSizeListArray::TryMake(std::move(elements), 16, len, strings->validity()));
    VX_ASSIGN_OR_RETURN(auto uuid,
                        ExtensionArray::TryMake(UuidDType(text->dtype().nullability()), ArrayRef(fsl)));
    return ArrayRef(std::move(uuid));
}

Result<ArrayRef> UuidToText(const ArrayRef &uuid) {
    VX_ENSURE(IsUuid(uuid->dtype()), InvalidArgument, "not a vortex.uuid array: {}", uuid->dtype());
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(uuid));
    const auto *ext = As<ExtensionArray>(*canonical);
    VX_ENSURE(ext != nullptr, Internal, "canonical vortex.uuid is not an ExtensionArray");
    VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(ext->storage()));
    const auto *fsl = As<FixedSizeListArray>(*storage);
    VX_ENSURE(fsl != nullptr, Internal, "vortex.uuid storage is not a FixedSizeListArray");
    VX_ASSIGN_OR_RETURN(ArrayRef elements, Canonicalize(fsl->elements()));
    const auto *bytes = As<PrimitiveArray>(*elements);
    VX_ENSURE(bytes != nullptr && bytes->len() >= fsl->len() * 16, Internal,
              "vortex.uuid storage is not 16 bytes a row");
    const uint8_t *data = bytes->values_as<uint8_t>().data();
    static constexpr char kHex[] = "0123456789abcdef";
    std::vector<std::optional<std::string>> text(fsl->len());
    for (size_t i = 0; i < fsl->len(); ++i) {
        if (!fsl->is_valid(i)) {
            continue;
        }
        std::string out;
        for (size_t k = 0; k < 16; ++k) {
            if (k == 4 || k == 6 || k == 8 || k == 10) {
                out.push_back('-');
            }
            out.push_back(kHex[data[i * 16 + k] >> 4]);
            out.push_back(kHex[data[i * 16 + k] & 15]);
        }
        text[i] = std::move(out);
    }
    return ArrayRef(VarBinViewArray::FromStrings(text, DType::Utf8(uuid->dtype().nullability())));
}

DType WithUuidFields(const DType &dtype, std::span<const size_t> fields) {
    if (fields.empty()) {
        return dtype;
    }
    const StructFields &struct_fields = dtype.struct_fields();
    std::vector<DType> dtypes = struct_fields.dtypes;
    for (const size_t field : fields) {
        dtypes[field] = UuidDType(dtypes[field].nullability());
    }
    return DType::Struct(struct_fields.names, std::move(dtypes), dtype.nullability());
}

Result<ArrayRef> UuidFieldsFromText(const ArrayRef &batch, std::span<const size_t> fields) {
    if (fields.empty()) {
        return batch;
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(batch));
    const auto *structs = As<StructArray>(*canonical);
    VX_ENSURE(structs != nullptr, InvalidArgument, "UUID fields of a non-struct batch {}", batch->dtype());
    std::vector<ArrayRef> converted = structs->fields();
    for (const size_t field : fields) {
        VX_ENSURE(field < converted.size(), InvalidArgument, "no field {} in {}", field, batch->dtype());
        VX_ASSIGN_OR_RETURN(converted[field], UuidFromText(converted[field]));
    }
    VX_ASSIGN_OR_RETURN(auto rebuilt,
                        StructArray::TryMake(WithUuidFields(batch->dtype(), fields), std::move(converted),
                                             structs->len(), structs->validity()));
    return ArrayRef(std::move(rebuilt));
}

} // namespace vortex
