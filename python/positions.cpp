// gradvec.positions: the tables `gradvec pe` prints (tools/positional_table.h), as numpy arrays.
#include <pybind11/numpy.h>

#include <algorithm>
#include <string>

#include "python/bindings.h"
#include "tools/positional_table.h"

namespace py = pybind11;

namespace gv::python {

void bind_positions(py::module_& module) {
  module.def(
      "positional_table",
      [](const std::string& kind, int64_t length, int64_t dim, bool interleaved, uint64_t seed) {
        const Tensor table = tools::positional_table({kind, length, dim, interleaved, seed});
        py::array_t<float> out({length, dim});
        std::copy_n(table.data(), table.numel(), out.mutable_data());
        return out;
      },
      py::arg("kind"), py::arg("length"), py::arg("dim"), py::arg("interleaved") = false,
      py::arg("seed") = 1);
}

}  // namespace gv::python
