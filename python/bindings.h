// The pieces of gradvec._core, one file per concern, each a thin layer over the libraries: they
// convert arguments and results and release the GIL around the work, and hold no logic of their
// own (module.cpp assembles them and maps the libraries' exceptions to Python's).
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <string_view>

namespace gv::python {

// KeyedVectors' engine: reading, querying, evaluating and writing a table (vectors.cpp).
void bind_vectors(pybind11::module_& module);
// run_command: a command of the command line run in this process; Word2Vec trains with it
// (training.cpp).
void bind_training(pybind11::module_& module);
// positional_table: `gradvec pe`'s tables as numpy arrays (positions.cpp).
void bind_positions(pybind11::module_& module);
// BpeTokenizer: a BPE file's encoder and decoder (bpe.cpp).
void bind_bpe(pybind11::module_& module);

// Words cross the boundary byte for byte: a vector file's words need not be UTF-8, so bytes that
// are not become lone surrogates (Python's "surrogateescape"), which to_bytes turns back.
pybind11::str to_python(std::string_view bytes);
std::string to_bytes(pybind11::handle text);

}  // namespace gv::python
