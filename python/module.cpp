// gradvec._core: the bindings the package gradvec (python/gradvec/) is built on. The libraries'
// exceptions become Python's: an unknown word a KeyError naming it (as gensim's), a bad file or a
// query the vectors cannot answer a ValueError with the command line's one-line message, and a
// signal that stopped training KeyboardInterrupt.
#include <new>
#include <stdexcept>

#include "io/input_pass_stop.h"
#include "io/printable.h"
#include "python/bindings.h"
#include "tools/commands.h"
#include "tools/vectors/vector_index.h"

namespace py = pybind11;

namespace {

void set_error(PyObject* type, const char* what) {
  PyErr_SetObject(type, gv::python::to_python(gv::printable(what)).ptr());
}

void translate(std::exception_ptr thrown) {
  try {
    if (thrown) std::rethrow_exception(thrown);
  } catch (const py::builtin_exception&) {
    throw;  // pybind11's own (py::type_error, ...): it translates them
  } catch (const gv::tools::UnknownWordError& e) {
    set_error(PyExc_KeyError, e.what());
  } catch (const gv::tools::Interrupted& e) {  // Ctrl-C stopped training: its checkpoint is kept
    set_error(PyExc_KeyboardInterrupt, e.what());
  } catch (const gv::InputPassStopped& e) {  // ... or a pass before it, with nothing written
    set_error(PyExc_KeyboardInterrupt, e.what());
  } catch (const std::bad_alloc&) {
    throw;                                 // MemoryError, by pybind11
  } catch (const std::runtime_error& e) {  // a file that cannot be read, a query refused
    set_error(PyExc_ValueError, e.what());
  } catch (const std::logic_error& e) {  // std::invalid_argument: a bad value or option
    set_error(PyExc_ValueError, e.what());
  }
}

}  // namespace

PYBIND11_MODULE(_core, module) {
  module.doc() = "gradvec's C++ engine; use the package gradvec, which wraps it";
  py::register_exception_translator(&translate);
  gv::python::bind_vectors(module);
  gv::python::bind_training(module);
  gv::python::bind_positions(module);
  gv::python::bind_bpe(module);
}
