// The first two principal components of a small set of vectors, for a 2-D picture of them.
//
// Subspace iteration on the covariance C = X^T X / (n - 1) of the centred rows X, never
// forming C: each step multiplies a (dim, 2) basis by X^T X in O(n dim), re-orthonormalises
// it, and rotates it within its plane to diagonalise the 2 x 2 projection of C (Rayleigh-
// Ritz), which converges to the top two eigenvectors even when their eigenvalues are close.
// Everything is in double.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace gv::tools {

struct PrincipalPlane {
  std::array<std::vector<double>, 2> components;  // (2, dim): orthonormal, largest first
  std::array<double, 2> variance;                 // variance along each component
  double total_variance;                          // sum over all dimensions (trace of C)
  std::vector<std::array<double, 2>> points;      // (n, 2): centred rows on the components
};

// rows: (n, dim), row-major. Needs n >= 1 and dim >= 2. Each component's sign is fixed by
// making its largest-magnitude coordinate positive, so the result is deterministic. When
// the data spans fewer than two dimensions the missing components are arbitrary unit
// vectors orthogonal to the others, with variance 0.
PrincipalPlane principal_plane(const std::vector<float>& rows, int64_t n, int64_t dim);

}  // namespace gv::tools
