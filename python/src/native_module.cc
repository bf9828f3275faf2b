// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// vortex._native: the public C++ API (include/vortex/vortex.hpp) for the Python package. The
// Python modules beside it (python/vortex/) shape it into the package's API; nothing here is
// meant to be called by users directly.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <utility>
#include <vector>

#include "vortex/version.hpp"
#include "vortex/vortex.hpp"

#include "arrow_columns.h"
#include "columns_to_array.h"
#include "errors.h"

namespace py = pybind11;

namespace vortex::python {

namespace {

constexpr const char *kStreamCapsuleName = "arrow_array_stream";

const char *KindName(api::DTypeKind kind) {
    switch (kind) {
        case api::DTypeKind::Null:
            return "null";
        case api::DTypeKind::Bool:
            return "bool";
        case api::DTypeKind::Primitive:
            return "primitive";
        case api::DTypeKind::Utf8:
            return "utf8";
        case api::DTypeKind::Binary:
            return "binary";
        case api::DTypeKind::Struct:
            return "struct";
        case api::DTypeKind::List:
            return "list";
        case api::DTypeKind::Extension:
            return "extension";
        case api::DTypeKind::Decimal:
            return "decimal";
        case api::DTypeKind::FixedSizeList:
            return "fixed_size_list";
    }
    return "unknown";
}

const char *PTypeName(api::PType ptype) {
    static constexpr const char *kNames[] = {"u8",  "u16", "u32", "u64", "i8", "i16",
                                             "i32", "i64", "f16", "f32", "f64"};
    return kNames[static_cast<size_t>(ptype)];
}

const char *UnitName(api::TimeUnit unit) {
    switch (unit) {
        case api::TimeUnit::Nanoseconds:
            return "ns";
        case api::TimeUnit::Microseconds:
            return "us";
        case api::TimeUnit::Milliseconds:
            return "ms";
        case api::TimeUnit::Seconds:
            return "s";
        case api::TimeUnit::Days:
            return "D";
    }
    return "?";
}

api::Compression CompressionNamed(const std::string &name) {
    if (name == "default") {
        return api::Compression::Default;
    }
    if (name == "compact") {
        return api::Compression::Compact;
    }
    if (name == "none") {
        return api::Compression::None;
    }
    ThrowIfError(api::Status(api::StatusCode::InvalidArgument,
                             "compression is 'default', 'compact' or 'none', not '" + name + "'"));
    return api::Compression::Default;
}

// A statistic or element as a Python value; temporal values stay their stored integer and
// decimals their unscaled integer (vortex/_convert.py applies the dtype).
py::object ScalarToPython(const api::Scalar &scalar) {
    if (scalar.is_null()) {
        return py::none();
    }
    const api::DType dtype = scalar.dtype();
    switch (dtype.kind()) {
        case api::DTypeKind::Bool:
            return py::bool_(*scalar.AsBool());
        case api::DTypeKind::Utf8:
            return py::str(*scalar.AsString());
        case api::DTypeKind::Binary:
            return py::bytes(*scalar.AsString());
        case api::DTypeKind::Decimal: {
            const std::vector<uint8_t> bytes = *scalar.AsDecimalBytes();
            py::bytes raw(reinterpret_cast<const char *>(bytes.data()), bytes.size());
            return py::module_::import("builtins")
                .attr("int")
                .attr("from_bytes")(raw, "little", py::arg("signed") = true);
        }
        case api::DTypeKind::Primitive: {
            const api::PType ptype = *dtype.ptype();
            if (ptype == api::PType::F16 || ptype == api::PType::F32 || ptype == api::PType::F64) {
                if (auto value = scalar.AsDouble()) {
                    return py::float_(*value);
                }
                return py::none();
            }
            if (auto value = scalar.AsInt64()) {
                return py::int_(*value);
            }
            return py::int_(*scalar.AsUInt64());
        }
        case api::DTypeKind::Extension:
            if (auto value = scalar.AsInt64()) {
                return py::int_(*value);
            }
            return py::str(scalar.ToString());
        default:
            return py::str(scalar.ToString());
    }
}

// Moves the stream out of an "arrow_array_stream" capsule (the PyCapsule interface): the
// capsule is left released, so its destructor does nothing.
ArrowArrayStream TakeStream(const py::capsule &capsule) {
    auto *stream = static_cast<ArrowArrayStream *>(PyCapsule_GetPointer(capsule.ptr(), kStreamCapsuleName));
    if (stream == nullptr) {
        throw py::error_already_set();
    }
    if (stream->release == nullptr) {
        ThrowIfError(api::Status(api::StatusCode::InvalidArgument, "the Arrow stream was already consumed"));
    }
    ArrowArrayStream moved = *stream;
    stream->release = nullptr;
    return moved;
}

py::capsule StreamCapsule(std::unique_ptr<ArrowArrayStream> stream) {
    return py::capsule(stream.release(), kStreamCapsuleName, [](PyObject *capsule) {
        auto *pointer = static_cast<ArrowArrayStream *>(PyCapsule_GetPointer(capsule, kStreamCapsuleName));
        if (pointer == nullptr) {
            PyErr_Clear();
            return;
        }
        if (pointer->release != nullptr) {
            pointer->release(pointer);
        }
        delete pointer;
    });
}

api::WriteOptions WriteOptionsFrom(const std::string &compression) {
    api::WriteOptions options;
    options.compression = CompressionNamed(compression);
    return options;
}

py::tuple Summary(const api::WriteSummary &summary) {
    return py::make_tuple(summary.rows, summary.bytes);
}

struct ScanArguments {
    std::optional<std::vector<std::string>> columns;
    /// In the text syntax: vortex/expr.py writes expressions out as text.
    std::optional<std::string> filter;
    std::optional<std::pair<uint64_t, uint64_t>> row_range;
    std::optional<std::vector<uint64_t>> indices;
    std::optional<uint64_t> limit;
    std::optional<size_t> batch_rows;
};

// A scan described once and started any number of times (each start is a fresh builder).
class Scan {
public:
    Scan(api::File file, ScanArguments arguments)
        : file_(std::move(file)), arguments_(std::move(arguments)) {}

    api::ScanBuilder Builder() const {
        api::ScanBuilder builder = file_.Scan();
        if (arguments_.columns) {
            builder.WithProjection(*arguments_.columns);
        }
        if (arguments_.filter) {
            builder.WithFilter(*arguments_.filter);
        }
        if (arguments_.row_range) {
            builder.WithRowRange(arguments_.row_range->first, arguments_.row_range->second);
        }
        if (arguments_.indices) {
            builder.WithIndices(*arguments_.indices);
        }
        if (arguments_.limit) {
            builder.WithLimit(*arguments_.limit);
        }
        if (arguments_.batch_rows) {
            builder.WithBatchRows(*arguments_.batch_rows);
        }
        return builder;
    }

private:
    api::File file_;
    ScanArguments arguments_;
};

template <typename Fn>
auto WithoutGil(Fn &&fn) {
    py::gil_scoped_release release;
    return fn();
}

void BindDType(py::module_ &m) {
    py::class_<api::DType>(m, "DType")
        .def("__str__", &api::DType::ToString)
        .def("__repr__", [](const api::DType &dtype) { return "DType(" + dtype.ToString() + ")"; })
        .def("__eq__", [](const api::DType &a, const api::DType &b) { return a == b; })
        .def_property_readonly("kind", [](const api::DType &dtype) { return KindName(dtype.kind()); })
        .def_property_readonly("nullable", &api::DType::nullable)
        .def_property_readonly("ptype",
                               [](const api::DType &dtype) -> py::object {
                                   if (auto ptype = dtype.ptype()) {
                                       return py::str(PTypeName(*ptype));
                                   }
                                   return py::none();
                               })
        .def_property_readonly("precision", &api::DType::precision)
        .def_property_readonly("scale", &api::DType::scale)
        .def_property_readonly("fields",
                               [](const api::DType &dtype) {
                                   std::vector<std::pair<std::string, api::DType>> fields;
                                   for (size_t i = 0; i < dtype.field_count(); ++i) {
                                       fields.emplace_back(dtype.field_name(i), dtype.field_dtype(i));
                                   }
                                   return fields;
                               })
        .def_property_readonly("element", &api::DType::element)
        .def_property_readonly("list_size", &api::DType::list_size)
        .def_property_readonly("extension_id", &api::DType::extension_id)
        .def_property_readonly("storage", &api::DType::storage)
        .def_property_readonly("is_date", &api::DType::is_date)
        .def_property_readonly("is_time", &api::DType::is_time)
        .def_property_readonly("is_timestamp", &api::DType::is_timestamp)
        .def_property_readonly("unit",
                               [](const api::DType &dtype) -> py::object {
                                   if (auto unit = dtype.time_unit()) {
                                       return py::str(UnitName(*unit));
                                   }
                                   return py::none();
                               })
        .def_property_readonly("tz", [](const api::DType &dtype) { return dtype.time_zone(); });
}

void BindArray(py::module_ &m) {
    py::class_<api::Array>(m, "Array")
        .def("__len__", &api::Array::len)
        .def_property_readonly("dtype", &api::Array::dtype)
        .def_property_readonly("encoding", &api::Array::encoding)
        .def("field",
             [](const api::Array &array, const std::string &name) { return Unwrap(array.Field(name)); })
        .def("to_column", &ArrayToColumn);
}

void BindFile(py::module_ &m) {
    py::class_<api::File>(m, "File")
        .def_static(
            "open",
            [](const std::string &path, bool mmap) {
                api::OpenOptions options;
                options.mmap = mmap;
                auto result = WithoutGil([&] { return api::File::Open(path, options); });
                return Unwrap(std::move(result));
            },
            py::arg("path"), py::arg("mmap") = false)
        .def_property_readonly("dtype", &api::File::dtype)
        .def_property_readonly("row_count", &api::File::row_count)
        .def_property_readonly("file_size", &api::File::file_size)
        .def("statistics",
             [](const api::File &file) {
                 py::list out;
                 for (const api::ColumnStatistics &column : Unwrap(file.statistics())) {
                     py::dict entry;
                     entry["name"] = column.name;
                     entry["min"] = column.min ? ScalarToPython(*column.min) : py::none();
                     entry["max"] = column.max ? ScalarToPython(*column.max) : py::none();
                     entry["sum"] = column.sum ? ScalarToPython(*column.sum) : py::none();
                     entry["null_count"] = column.null_count;
                     entry["nan_count"] = column.nan_count;
                     out.append(entry);
                 }
                 return out;
             })
        .def(
            "scan",
            [](const api::File &file, std::optional<std::vector<std::string>> columns,
               std::optional<std::string> filter, std::optional<std::pair<uint64_t, uint64_t>> row_range,
               std::optional<std::vector<uint64_t>> indices, std::optional<uint64_t> limit,
               std::optional<size_t> batch_rows) {
                return Scan(file, ScanArguments{std::move(columns), std::move(filter), row_range,
                                                std::move(indices), limit, batch_rows});
            },
            py::arg("columns") = py::none(), py::arg("filter") = py::none(),
            py::arg("row_range") = py::none(), py::arg("indices") = py::none(), py::arg("limit") = py::none(),
            py::arg("batch_rows") = py::none());
}

void BindScan(py::module_ &m) {
    py::class_<api::ArrayStream>(m, "ArrayStream")
        .def("next", [](api::ArrayStream &stream) -> std::optional<api::Array> {
            auto result = WithoutGil([&] { return stream.Next(); });
            return Unwrap(std::move(result));
        });
    py::class_<api::Split>(m, "Split")
        .def_property_readonly("row_begin", &api::Split::row_begin)
        .def_property_readonly("row_end", &api::Split::row_end)
        .def("execute", [](const api::Split &split) {
            auto result = WithoutGil([&] { return split.Execute(); });
            return Unwrap(std::move(result));
        });
    py::class_<Scan>(m, "Scan")
        .def("dtype", [](const Scan &scan) { return Unwrap(scan.Builder().OutputDType()); })
        .def("stream",
             [](const Scan &scan) {
                 api::ScanBuilder builder = scan.Builder();
                 auto result = WithoutGil([&] { return builder.IntoStream(); });
                 return Unwrap(std::move(result));
             })
        .def("splits",
             [](const Scan &scan) {
                 api::ScanBuilder builder = scan.Builder();
                 auto result = WithoutGil([&] { return builder.Splits(); });
                 return Unwrap(std::move(result));
             })
        .def("arrow_c_stream", [](const Scan &scan) {
            api::ScanBuilder builder = scan.Builder();
            auto stream = std::make_unique<ArrowArrayStream>();
            const api::Status status = WithoutGil([&] { return builder.IntoArrowStream(stream.get()); });
            ThrowIfError(status);
            return StreamCapsule(std::move(stream));
        });
}

void BindWrite(py::module_ &m) {
    m.def("columns_to_array", &ColumnsToArray, py::arg("names"), py::arg("columns"));
    m.def(
        "write_array",
        [](const std::string &path, const api::Array &array, const std::string &compression) {
            const api::WriteOptions options = WriteOptionsFrom(compression);
            auto result = WithoutGil([&] { return api::WriteFile(path, array, options); });
            return Summary(Unwrap(std::move(result)));
        },
        py::arg("path"), py::arg("array"), py::arg("compression") = "default");
    m.def(
        "write_stream",
        [](const std::string &path, const py::capsule &capsule, const std::string &compression) {
            const api::WriteOptions options = WriteOptionsFrom(compression);
            ArrowArrayStream stream = TakeStream(capsule);
            auto result = WithoutGil([&] { return api::WriteFile(path, &stream, options); });
            return Summary(Unwrap(std::move(result)));
        },
        py::arg("path"), py::arg("stream"), py::arg("compression") = "default");
}

} // namespace

} // namespace vortex::python

PYBIND11_MODULE(_native, m) {
    m.doc() = "vortex-cpp's C++ API for the vortex Python package";
    m.attr("__version__") = VORTEX_VERSION_STRING;
    vortex::python::BindDType(m);
    vortex::python::BindArray(m);
    vortex::python::BindFile(m);
    vortex::python::BindScan(m);
    vortex::python::BindWrite(m);
}
