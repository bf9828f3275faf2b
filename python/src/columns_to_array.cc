// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "columns_to_array.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <pybind11/numpy.h>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "errors.h"

namespace py = pybind11;

namespace vortex::python {

namespace {

// What an ArrowArray we build owns: its buffers and children.
struct ArrayData {
    std::vector<std::vector<uint8_t>> storage;
    std::vector<const void *> buffers;
    std::vector<ArrowArray *> children;
};

struct SchemaData {
    std::string format;
    std::string name;
    std::vector<ArrowSchema *> children;
};

// Releases and frees the children an ArrowArray or ArrowSchema we built owns.
template <typename T>
void ReleaseChildren(const std::vector<T *> &children) {
    for (T *child : children) {
        if (child->release != nullptr) {
            child->release(child);
        }
        delete child;
    }
}

// The release callback of the ArrowArray or ArrowSchema `T` whose private data is `Data`.
template <typename T, typename Data>
void Release(T *owner) {
    auto *data = static_cast<Data *>(owner->private_data);
    ReleaseChildren(data->children);
    delete data;
    owner->release = nullptr;
}

[[noreturn]] void Invalid(const std::string &message) {
    ThrowIfError(api::Status(api::StatusCode::InvalidArgument, message));
    throw std::logic_error("unreachable");
}

// One column (or the struct) under construction: buffers first, then Finish() fills the C structs.
struct Builder {
    std::unique_ptr<ArrayData> array = std::make_unique<ArrayData>();
    std::unique_ptr<SchemaData> schema = std::make_unique<SchemaData>();
    int64_t length = 0;
    int64_t null_count = 0;
    bool nullable = false;

    Builder() = default;
    Builder(const Builder &) = delete;
    Builder &operator=(const Builder &) = delete;
    // An unfinished builder (an error part-way) still owns the children it made.
    ~Builder() {
        if (array) {
            ReleaseChildren(array->children);
        }
        if (schema) {
            ReleaseChildren(schema->children);
        }
    }

    void Finish(ArrowArray *out_array, ArrowSchema *out_schema) {
        // Only a validity buffer may be absent; an empty data buffer still gets an address.
        static const uint64_t kEmpty = 0;
        for (size_t i = 0; i < array->storage.size(); ++i) {
            auto &buffer = array->storage[i];
            const void *address = buffer.data();
            if (buffer.empty()) {
                address = i == 0 ? nullptr : static_cast<const void *>(&kEmpty);
            }
            array->buffers.push_back(address);
        }
        *out_array = ArrowArray{};
        out_array->length = length;
        out_array->null_count = null_count;
        out_array->n_buffers = static_cast<int64_t>(array->buffers.size());
        out_array->buffers = array->buffers.data();
        out_array->n_children = static_cast<int64_t>(array->children.size());
        out_array->children = array->children.data();
        out_array->release = Release<ArrowArray, ArrayData>;
        *out_schema = ArrowSchema{};
        out_schema->format = schema->format.c_str();
        out_schema->name = schema->name.c_str();
        out_schema->flags = nullable ? ARROW_FLAG_NULLABLE : 0;
        out_schema->n_children = static_cast<int64_t>(schema->children.size());
        out_schema->children = schema->children.data();
        out_schema->release = Release<ArrowSchema, SchemaData>;
        out_array->private_data = array.release();
        out_schema->private_data = schema.release();
    }
};

int64_t LengthOf(const py::dict &column) {
    if (column.contains("length")) {
        return py::cast<int64_t>(column["length"]);
    }
    return static_cast<int64_t>(py::len(column["values"]));
}

// The validity buffer of `mask` (True where null), or an empty buffer when nothing is null.
std::vector<uint8_t> Validity(const py::object &mask, int64_t length, int64_t &null_count) {
    null_count = 0;
    if (mask.is_none()) {
        return {};
    }
    auto nulls = py::cast<py::array_t<bool, py::array::c_style | py::array::forcecast>>(mask);
    if (nulls.size() != length) {
        Invalid("a column's null mask has " + std::to_string(nulls.size()) + " entries for " +
                std::to_string(length) + " values");
    }
    std::vector<uint8_t> bits(static_cast<size_t>((length + 7) / 8), 0);
    const bool *is_null = nulls.data();
    for (int64_t i = 0; i < length; ++i) {
        if (is_null[i]) {
            ++null_count;
        } else {
            bits[i >> 3] = static_cast<uint8_t>(bits[i >> 3] | (1U << (i & 7)));
        }
    }
    return bits;
}

std::string PrimitiveFormat(const std::string &kind, py::ssize_t item_size) {
    if (kind == "int" || kind == "uint") {
        const bool is_signed = kind == "int";
        switch (item_size) {
            case 1:
                return is_signed ? "c" : "C";
            case 2:
                return is_signed ? "s" : "S";
            case 4:
                return is_signed ? "i" : "I";
            case 8:
                return is_signed ? "l" : "L";
            default:
                break;
        }
    } else if (kind == "float") {
        switch (item_size) {
            case 2:
                return "e";
            case 4:
                return "f";
            case 8:
                return "g";
            default:
                break;
        }
    }
    Invalid("no " + std::to_string(item_size * 8) + "-bit " + kind + " type");
}

std::vector<uint8_t> CopyBytes(const py::array &values, int64_t length, py::ssize_t item_size) {
    auto contiguous = py::array::ensure(values, py::array::c_style);
    if (!contiguous || contiguous.itemsize() != item_size || contiguous.size() != length) {
        Invalid("a column's values are not " + std::to_string(length) + " contiguous values");
    }
    std::vector<uint8_t> bytes(static_cast<size_t>(length * item_size));
    if (!bytes.empty()) {
        std::memcpy(bytes.data(), contiguous.data(), bytes.size());
    }
    return bytes;
}

// Strings or bytes: None is null; offsets are 64-bit only when the data needs them.
void BuildText(Builder &builder, const py::dict &column, bool utf8) {
    const py::sequence values = column["values"];
    const int64_t length = builder.length;
    std::vector<uint8_t> validity = Validity(column["mask"], length, builder.null_count);
    const bool *masked = nullptr;
    py::array_t<bool> mask_array;
    if (!column["mask"].is_none()) {
        mask_array = py::cast<py::array_t<bool, py::array::c_style | py::array::forcecast>>(column["mask"]);
        masked = mask_array.data();
    }
    std::vector<int64_t> offsets(static_cast<size_t>(length) + 1, 0);
    std::vector<uint8_t> data;
    std::vector<bool> is_null(static_cast<size_t>(length), false);
    for (int64_t i = 0; i < length; ++i) {
        const py::object element = values[static_cast<size_t>(i)];
        if ((masked != nullptr && masked[i]) || element.is_none()) {
            is_null[static_cast<size_t>(i)] = true;
        } else {
            const char *bytes = nullptr;
            py::ssize_t size = 0;
            if (utf8 && py::isinstance<py::str>(element)) {
                bytes = PyUnicode_AsUTF8AndSize(element.ptr(), &size);
                if (bytes == nullptr) {
                    throw py::error_already_set();
                }
            } else if (!utf8 && py::isinstance<py::bytes>(element)) {
                char *buffer = nullptr;
                if (PyBytes_AsStringAndSize(element.ptr(), &buffer, &size) != 0) {
                    throw py::error_already_set();
                }
                bytes = buffer;
            } else {
                ThrowIfError(
                    api::Status(api::StatusCode::MismatchedTypes,
                                std::string("a ") + (utf8 ? "string" : "bytes") + " column holds a " +
                                    py::cast<std::string>(py::str(py::type::of(element).attr("__name__")))));
            }
            data.insert(data.end(), bytes, bytes + size);
        }
        offsets[static_cast<size_t>(i) + 1] = static_cast<int64_t>(data.size());
    }
    // Nulls found as None join the mask's.
    if (std::find(is_null.begin(), is_null.end(), true) != is_null.end()) {
        validity.assign(static_cast<size_t>((length + 7) / 8), 0);
        builder.null_count = 0;
        for (int64_t i = 0; i < length; ++i) {
            if (is_null[static_cast<size_t>(i)]) {
                ++builder.null_count;
            } else {
                validity[i >> 3] = static_cast<uint8_t>(validity[i >> 3] | (1U << (i & 7)));
            }
        }
        builder.nullable = true;
    }
    const bool wide = data.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max());
    std::vector<uint8_t> offset_bytes;
    if (wide) {
        offset_bytes.resize(offsets.size() * sizeof(int64_t));
        std::memcpy(offset_bytes.data(), offsets.data(), offset_bytes.size());
    } else {
        std::vector<int32_t> narrow(offsets.begin(), offsets.end());
        offset_bytes.resize(narrow.size() * sizeof(int32_t));
        std::memcpy(offset_bytes.data(), narrow.data(), offset_bytes.size());
    }
    builder.schema->format = utf8 ? (wide ? "U" : "u") : (wide ? "Z" : "z");
    builder.array->storage = {std::move(validity), std::move(offset_bytes), std::move(data)};
}

void BuildColumn(Builder &builder, const py::dict &column) {
    const auto kind = py::cast<std::string>(column["kind"]);
    builder.length = LengthOf(column);
    builder.nullable = !column["mask"].is_none();
    if (kind == "null") {
        builder.schema->format = "n";
        builder.null_count = builder.length;
        builder.nullable = true;
        return;
    }
    if (kind == "utf8" || kind == "binary") {
        BuildText(builder, column, kind == "utf8");
        return;
    }
    std::vector<uint8_t> validity = Validity(column["mask"], builder.length, builder.null_count);
    const py::array values = column["values"];
    if (kind == "bool") {
        auto bools = py::cast<py::array_t<bool, py::array::c_style | py::array::forcecast>>(values);
        std::vector<uint8_t> bits(static_cast<size_t>((builder.length + 7) / 8), 0);
        for (int64_t i = 0; i < builder.length; ++i) {
            if (bools.data()[i]) {
                bits[i >> 3] = static_cast<uint8_t>(bits[i >> 3] | (1U << (i & 7)));
            }
        }
        builder.schema->format = "b";
        builder.array->storage = {std::move(validity), std::move(bits)};
        return;
    }
    if (kind == "int" || kind == "uint" || kind == "float") {
        builder.schema->format = PrimitiveFormat(kind, values.itemsize());
        builder.array->storage = {std::move(validity), CopyBytes(values, builder.length, values.itemsize())};
        return;
    }
    if (kind == "timestamp") {
        const auto unit = py::cast<std::string>(column["unit"]);
        if (unit != "s" && unit != "ms" && unit != "us" && unit != "ns") {
            Invalid("no timestamp unit " + unit);
        }
        const std::string zone = column["tz"].is_none() ? "" : py::cast<std::string>(column["tz"]);
        builder.schema->format = std::string("ts") + (unit == "s" ? 's' : unit[0]) + ":" + zone;
        builder.array->storage = {std::move(validity), CopyBytes(values, builder.length, 8)};
        return;
    }
    if (kind == "date") {
        builder.schema->format = "tdD";
        builder.array->storage = {std::move(validity), CopyBytes(values, builder.length, 4)};
        return;
    }
    Invalid("cannot write a column of kind " + kind);
}

} // namespace

api::Array ColumnsToArray(const py::list &names, const py::list &columns) {
    if (names.size() != columns.size()) {
        Invalid("names and columns differ in number");
    }
    Builder root;
    root.schema->format = "+s";
    root.array->storage.emplace_back(); // no struct-level nulls
    for (size_t i = 0; i < columns.size(); ++i) {
        Builder child;
        child.schema->name = py::cast<std::string>(names[i]);
        BuildColumn(child, py::cast<py::dict>(columns[i]));
        if (i == 0) {
            root.length = child.length;
        } else if (child.length != root.length) {
            Invalid("column " + child.schema->name + " has " + std::to_string(child.length) + " rows, not " +
                    std::to_string(root.length));
        }
        auto *array = new ArrowArray{};
        auto *schema = new ArrowSchema{};
        child.Finish(array, schema);
        root.array->children.push_back(array);
        root.schema->children.push_back(schema);
    }
    ArrowArray array{};
    ArrowSchema schema{};
    root.Finish(&array, &schema);
    api::Result<api::Array> result = api::Status();
    {
        py::gil_scoped_release release;
        result = api::Array::FromArrow(&array, &schema);
    }
    return Unwrap(std::move(result));
}

} // namespace vortex::python
