// Parameter files: a module's tensors saved so that training can stop and resume.
//
// A tensor file (autograd/tensor_io.h) of magic "GVPARAMS", version 1, holding
//   count     number of tensors
//   shapes    every tensor's shape, before any data
//   floats    the data of each tensor in turn
//
// Loading checks the file against the module first (count, each shape) and reads every
// value before writing any, so a wrong or truncated file raises an error naming the file
// and leaves the module untouched.
#pragma once

#include <string>
#include <vector>

#include "autograd/var.h"

namespace gv {

// Writes the values of `params` (e.g. module.parameters()) to `path`, atomically.
// Throws std::runtime_error naming the file if it cannot be written.
void save_parameters(const std::vector<Var>& params, const std::string& path);

// Overwrites the values of `params` (handles into a module) with the tensors in `path`.
// Throws std::runtime_error naming the file if it cannot be read, is not a parameter file,
// has another version, holds a different number of tensors or shapes, or is truncated.
void load_parameters(const std::vector<Var>& params, const std::string& path);

}  // namespace gv
