// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "arrow_columns.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
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

// Owns one exported array and its schema; numpy arrays over its buffers keep it alive.
struct Export {
    ArrowArray array{};
    ArrowSchema schema{};
    Export() = default;
    Export(const Export &) = delete;
    Export &operator=(const Export &) = delete;
    ~Export() {
        if (array.release != nullptr) {
            array.release(&array);
        }
        if (schema.release != nullptr) {
            schema.release(&schema);
        }
    }
};

using ExportRef = std::shared_ptr<Export>;

[[noreturn]] void Unsupported(std::string_view format) {
    ThrowIfError(api::Status(api::StatusCode::NotImplemented,
                             "no Python conversion for the Arrow format '" + std::string(format) + "'"));
    throw std::logic_error("unreachable");
}

bool BitSet(const uint8_t *bits, int64_t index) {
    return ((bits[index >> 3] >> (index & 7)) & 1) != 0;
}

// A read-only numpy array over `count` values of T at `data`, kept alive by `owner`.
template <typename T>
py::array ViewOf(const void *data, int64_t count, const ExportRef &owner) {
    py::capsule base(new ExportRef(owner), [](void *pointer) { delete static_cast<ExportRef *>(pointer); });
    py::array result(py::dtype::of<T>(), {count}, {static_cast<py::ssize_t>(sizeof(T))}, data, base);
    result.attr("setflags")(py::arg("write") = false);
    return result;
}

// True where null; None when the array has no nulls.
py::object NullMask(const ArrowArray &array) {
    if (array.null_count == 0 || array.n_buffers == 0 || array.buffers[0] == nullptr) {
        return py::none();
    }
    const auto *bits = static_cast<const uint8_t *>(array.buffers[0]);
    py::array_t<bool> mask(array.length);
    bool *out = mask.mutable_data();
    for (int64_t i = 0; i < array.length; ++i) {
        out[i] = !BitSet(bits, array.offset + i);
    }
    return mask;
}

template <typename T>
const T *Values(const ArrowArray &array, int buffer = 1) {
    return static_cast<const T *>(array.buffers[buffer]) + array.offset;
}

// Widens 32-bit values (dates in days, times in seconds or milliseconds) to int64 and views
// them as `numpy_type`.
py::object Widened(const ArrowArray &array, const char *numpy_type) {
    py::array_t<int64_t> wide(array.length);
    const int32_t *in = Values<int32_t>(array);
    int64_t *out = wide.mutable_data();
    for (int64_t i = 0; i < array.length; ++i) {
        out[i] = in[i];
    }
    return wide.attr("view")(numpy_type);
}

py::object Bools(const ArrowArray &array) {
    py::array_t<bool> values(array.length);
    const auto *bits = static_cast<const uint8_t *>(array.buffers[1]);
    bool *out = values.mutable_data();
    for (int64_t i = 0; i < array.length; ++i) {
        out[i] = BitSet(bits, array.offset + i);
    }
    return values;
}

py::object Text(const char *data, size_t size, bool utf8) {
    if (utf8) {
        PyObject *text = PyUnicode_DecodeUTF8(data, static_cast<py::ssize_t>(size), "strict");
        if (text == nullptr) {
            throw py::error_already_set();
        }
        return py::reinterpret_steal<py::object>(text);
    }
    return py::bytes(data, size);
}

// Arrow's string and binary views: 16 bytes per element, inline up to 12 bytes.
py::object ViewStrings(const ArrowArray &array, bool utf8, const py::object &mask) {
    py::array values(py::dtype("O"), std::vector<py::ssize_t>{array.length});
    auto **out = static_cast<PyObject **>(values.mutable_data());
    const auto *views = static_cast<const uint8_t *>(array.buffers[1]) + array.offset * 16;
    const bool *nulls = mask.is_none() ? nullptr : py::cast<py::array_t<bool>>(mask).data();
    for (int64_t i = 0; i < array.length; ++i) {
        py::object element = py::none();
        if (nulls == nullptr || !nulls[i]) {
            const uint8_t *view = views + i * 16;
            int32_t size = 0;
            std::memcpy(&size, view, 4);
            const char *data = nullptr;
            if (size <= 12) {
                data = reinterpret_cast<const char *>(view + 4);
            } else {
                int32_t buffer = 0;
                int32_t offset = 0;
                std::memcpy(&buffer, view + 8, 4);
                std::memcpy(&offset, view + 12, 4);
                data = static_cast<const char *>(array.buffers[2 + buffer]) + offset;
            }
            element = Text(data, static_cast<size_t>(size), utf8);
        }
        out[i] = element.release().ptr(); // numpy's object array takes the reference
    }
    return values;
}

// Arrow's offset strings and binaries ("u", "z" with 32-bit offsets, "U", "Z" with 64-bit).
template <typename Offset>
py::object OffsetStrings(const ArrowArray &array, bool utf8, const py::object &mask) {
    py::array values(py::dtype("O"), std::vector<py::ssize_t>{array.length});
    auto **out = static_cast<PyObject **>(values.mutable_data());
    const Offset *offsets = Values<Offset>(array);
    const auto *data = static_cast<const char *>(array.buffers[2]);
    const bool *nulls = mask.is_none() ? nullptr : py::cast<py::array_t<bool>>(mask).data();
    for (int64_t i = 0; i < array.length; ++i) {
        py::object element = py::none();
        if (nulls == nullptr || !nulls[i]) {
            element = Text(data + offsets[i], static_cast<size_t>(offsets[i + 1] - offsets[i]), utf8);
        }
        out[i] = element.release().ptr();
    }
    return values;
}

// Fixed-width binaries (UUIDs, "w:16") as bytes; decimals as their unscaled Python int.
py::object FixedWidth(const ArrowArray &array, int64_t width, bool as_int, const py::object &mask) {
    py::array values(py::dtype("O"), std::vector<py::ssize_t>{array.length});
    auto **out = static_cast<PyObject **>(values.mutable_data());
    const auto *data = static_cast<const char *>(array.buffers[1]) + array.offset * width;
    const bool *nulls = mask.is_none() ? nullptr : py::cast<py::array_t<bool>>(mask).data();
    py::object from_bytes = py::module_::import("builtins").attr("int").attr("from_bytes");
    for (int64_t i = 0; i < array.length; ++i) {
        py::object element = py::none();
        if (nulls == nullptr || !nulls[i]) {
            py::bytes bytes(data + i * width, static_cast<size_t>(width));
            element = as_int ? from_bytes(bytes, "little", py::arg("signed") = true) : py::object(bytes);
        }
        out[i] = element.release().ptr();
    }
    return values;
}

py::dict Convert(const ArrowSchema &schema, const ArrowArray &array, const ExportRef &owner);

// A primitive column: `kind` and a zero-copy view of its values.
template <typename T>
py::dict &Primitive(py::dict &column, const char *kind, const ArrowArray &array, const ExportRef &owner) {
    column["kind"] = kind;
    column["values"] = ViewOf<T>(Values<T>(array), array.length, owner);
    return column;
}

py::dict &Strings(py::dict &column, const char *kind, py::object values) {
    column["kind"] = kind;
    column["values"] = std::move(values);
    return column;
}

// The list's offsets as int64, absolute into its child (which is converted whole).
template <typename Offset>
py::array_t<int64_t> ListOffsets(const ArrowArray &array) {
    py::array_t<int64_t> offsets(array.length + 1);
    const Offset *in = Values<Offset>(array);
    int64_t *out = offsets.mutable_data();
    for (int64_t i = 0; i <= array.length; ++i) {
        out[i] = in[i];
    }
    return offsets;
}

// "tsu:Europe/Paris" -> unit "us", zone "Europe/Paris" (None when empty).
void Temporal(py::dict &column, std::string_view format) {
    static constexpr const char *kUnits[] = {"s", "ms", "us", "ns"};
    const char unit_letter = format[2];
    const char *unit = unit_letter == 's'   ? kUnits[0]
                       : unit_letter == 'm' ? kUnits[1]
                       : unit_letter == 'u' ? kUnits[2]
                                            : kUnits[3];
    column["unit"] = unit;
    if (format[1] == 's') {
        const std::string_view zone = format.substr(4);
        column["tz"] = zone.empty() ? py::object(py::none()) : py::object(py::str(std::string(zone)));
    }
}

py::dict Convert(const ArrowSchema &schema, const ArrowArray &array, const ExportRef &owner) {
    if (schema.dictionary != nullptr) {
        Unsupported("dictionary");
    }
    const std::string_view format = schema.format;
    py::dict column;
    column["name"] = schema.name == nullptr ? "" : schema.name;
    column["length"] = array.length;
    column["nullable"] = (schema.flags & ARROW_FLAG_NULLABLE) != 0;
    py::object mask = format == "n" ? py::object(py::none()) : NullMask(array);
    column["mask"] = mask;
    if (format == "n") {
        column["kind"] = "null";
        return column;
    }
    if (format == "b") {
        column["kind"] = "bool";
        column["values"] = Bools(array);
        return column;
    }
    if (format.size() == 1) {
        switch (format[0]) {
            case 'c':
                return Primitive<int8_t>(column, "int", array, owner);
            case 's':
                return Primitive<int16_t>(column, "int", array, owner);
            case 'i':
                return Primitive<int32_t>(column, "int", array, owner);
            case 'l':
                return Primitive<int64_t>(column, "int", array, owner);
            case 'C':
                return Primitive<uint8_t>(column, "uint", array, owner);
            case 'S':
                return Primitive<uint16_t>(column, "uint", array, owner);
            case 'I':
                return Primitive<uint32_t>(column, "uint", array, owner);
            case 'L':
                return Primitive<uint64_t>(column, "uint", array, owner);
            case 'f':
                return Primitive<float>(column, "float", array, owner);
            case 'g':
                return Primitive<double>(column, "float", array, owner);
            case 'e':
                // numpy's float16 has no pybind11 type: view the bits.
                Primitive<uint16_t>(column, "float", array, owner);
                column["values"] = column["values"].attr("view")("float16");
                return column;
            case 'u':
                return Strings(column, "utf8", OffsetStrings<int32_t>(array, true, mask));
            case 'U':
                return Strings(column, "utf8", OffsetStrings<int64_t>(array, true, mask));
            case 'z':
                return Strings(column, "binary", OffsetStrings<int32_t>(array, false, mask));
            case 'Z':
                return Strings(column, "binary", OffsetStrings<int64_t>(array, false, mask));
            default:
                Unsupported(format);
        }
    }
    if (format == "vu" || format == "vz") {
        column["kind"] = format == "vu" ? "utf8" : "binary";
        column["values"] = ViewStrings(array, format == "vu", mask);
        return column;
    }
    if (format == "tdD") {
        column["kind"] = "date";
        column["unit"] = "D";
        column["values"] = Widened(array, "datetime64[D]");
        return column;
    }
    if (format == "tdm") {
        column["kind"] = "date";
        column["unit"] = "ms";
        column["values"] =
            ViewOf<int64_t>(Values<int64_t>(array), array.length, owner).attr("view")("datetime64[ms]");
        return column;
    }
    if (format.size() >= 3 && format[0] == 't' && format[1] == 't') {
        column["kind"] = "time";
        Temporal(column, format);
        const std::string numpy_type = "timedelta64[" + py::cast<std::string>(column["unit"]) + "]";
        column["values"] =
            (format[2] == 's' || format[2] == 'm')
                ? Widened(array, numpy_type.c_str())
                : ViewOf<int64_t>(Values<int64_t>(array), array.length, owner).attr("view")(numpy_type);
        return column;
    }
    if (format.size() >= 4 && format[0] == 't' && format[1] == 's' && format[3] == ':') {
        column["kind"] = "timestamp";
        Temporal(column, format);
        const std::string numpy_type = "datetime64[" + py::cast<std::string>(column["unit"]) + "]";
        column["values"] =
            ViewOf<int64_t>(Values<int64_t>(array), array.length, owner).attr("view")(numpy_type);
        return column;
    }
    if (format.size() > 2 && format[0] == 'd' && format[1] == ':') {
        // "d:precision,scale[,bitwidth]"
        int precision = 0;
        int scale = 0;
        int bits = 128;
        if (std::sscanf(schema.format, "d:%d,%d,%d", &precision, &scale, &bits) < 2) { // NOLINT(cert-err34-c)
            Unsupported(format);
        }
        column["kind"] = "decimal";
        column["precision"] = precision;
        column["scale"] = scale;
        column["values"] = FixedWidth(array, bits / 8, true, mask);
        return column;
    }
    if (format.size() > 2 && format[0] == 'w' && format[1] == ':') {
        const int64_t width = std::stoll(std::string(format.substr(2)));
        column["kind"] = width == 16 ? "uuid" : "fixed_binary";
        column["values"] = FixedWidth(array, width, false, mask);
        return column;
    }
    if (format == "+s") {
        column["kind"] = "struct";
        py::list names;
        py::list children;
        for (int64_t i = 0; i < schema.n_children; ++i) {
            // A struct's children are not offset by the parent's offset in Arrow: apply it.
            ArrowArray child = *array.children[i];
            child.offset += array.offset;
            child.length = array.length;
            py::dict converted = Convert(*schema.children[i], child, owner);
            names.append(converted["name"]);
            children.append(converted);
        }
        column["names"] = names;
        column["children"] = children;
        return column;
    }
    if (format == "+l" || format == "+L") {
        column["kind"] = "list";
        column["offsets"] = format == "+l" ? ListOffsets<int32_t>(array) : ListOffsets<int64_t>(array);
        column["child"] = Convert(*schema.children[0], *array.children[0], owner);
        return column;
    }
    if (format.size() > 3 && format.substr(0, 3) == "+w:") {
        const int64_t size = std::stoll(std::string(format.substr(3)));
        ArrowArray child = *array.children[0];
        child.offset += array.offset * size;
        child.length = array.length * size;
        column["kind"] = "fixed_size_list";
        column["size"] = size;
        column["child"] = Convert(*schema.children[0], child, owner);
        return column;
    }
    Unsupported(format);
}

} // namespace

py::dict ArrayToColumn(const api::Array &array) {
    auto exported = std::make_shared<Export>();
    api::Status status;
    {
        py::gil_scoped_release release;
        status = array.ToArrow(&exported->array, &exported->schema);
    }
    ThrowIfError(status);
    return Convert(exported->schema, exported->array, exported);
}

} // namespace vortex::python
