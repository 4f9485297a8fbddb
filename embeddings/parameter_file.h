// Parameter files: a module's tensors saved so that training can stop and resume.
//
// Layout (little-endian):
//   magic    8 bytes  "GVPARAMS"
//   version  uint32   1
//   count    uint32   number of tensors
//   count × { ndim uint32, ndim × int64 dims }   every shape, before any data
//   float32 data of each tensor in turn, row-major
//
// Loading checks the header against the module first (magic, version, count, each shape)
// and the file's length against the data those shapes need, and only then reads — so a
// wrong or truncated file raises an error naming the file and leaves the module untouched.
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
