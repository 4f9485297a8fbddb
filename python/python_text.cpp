#include <Python.h>

#include "python/bindings.h"

namespace py = pybind11;

namespace gv::python {

py::str to_python(std::string_view bytes) {
  PyObject* text =
      PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "surrogateescape");
  if (text == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(text);
}

std::string to_bytes(py::handle text) {
  if (!PyUnicode_Check(text.ptr())) {
    throw py::type_error("a word must be a str, not " + std::string(Py_TYPE(text.ptr())->tp_name));
  }
  const py::object bytes = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(text.ptr(), "utf-8", "surrogateescape"));
  if (!bytes) throw py::error_already_set();
  return std::string(PyBytes_AS_STRING(bytes.ptr()),
                     static_cast<size_t>(PyBytes_GET_SIZE(bytes.ptr())));
}

}  // namespace gv::python
