#include "tools/pca.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "autograd/rng.h"

namespace gv::tools {
namespace {

constexpr int kMaxIterations = 2000;
constexpr double kTolerance = 1e-12;  // on the change of the basis between iterations

double dot(const std::vector<double>& x, const std::vector<double>& y) {
  double sum = 0;
  for (size_t i = 0; i < x.size(); ++i) sum += x[i] * y[i];
  return sum;
}

void scale(std::vector<double>& x, double factor) {
  for (double& v : x) v *= factor;
}

// out = C v = X^T (X v) / (n - 1); centred: (n, dim), v and out: (dim).
void apply_covariance(const std::vector<double>& centred, int64_t n, int64_t dim,
                      const std::vector<double>& v, std::vector<double>& out) {
  std::fill(out.begin(), out.end(), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    const double* row = centred.data() + i * dim;
    double projection = 0;
    for (int64_t d = 0; d < dim; ++d) projection += row[d] * v[d];
    for (int64_t d = 0; d < dim; ++d) out[d] += projection * row[d];
  }
  scale(out, 1.0 / static_cast<double>(std::max<int64_t>(1, n - 1)));
}

// Makes basis[1] orthogonal to basis[0] and both unit length. A column that vanishes (data
// of rank < 2) is replaced by the matching column of `fallback`, a fixed random basis.
void orthonormalize(std::array<std::vector<double>, 2>& basis,
                    const std::array<std::vector<double>, 2>& fallback) {
  for (int c = 0; c < 2; ++c) {
    std::vector<double>& v = basis[c];
    for (int attempt = 0; attempt < 2; ++attempt) {
      for (int p = 0; p < c; ++p) {
        const double along = dot(v, basis[p]);
        for (size_t d = 0; d < v.size(); ++d) v[d] -= along * basis[p][d];
      }
      const double norm = std::sqrt(dot(v, v));
      if (norm > 1e-150) {
        scale(v, 1.0 / norm);
        break;
      }
      v = fallback[c];  // the fallback is orthonormal, so one retry suffices
    }
  }
}

}  // namespace

PrincipalPlane principal_plane(const std::vector<float>& rows, int64_t n, int64_t dim) {
  if (n < 1 || dim < 2 || static_cast<int64_t>(rows.size()) != n * dim) {
    throw std::invalid_argument("principal_plane: need (n >= 1, dim >= 2) rows, got " +
                                std::to_string(rows.size()) + " values for (" + std::to_string(n) +
                                ", " + std::to_string(dim) + ")");
  }
  // centred: (n, dim) in double, the column means subtracted.
  std::vector<double> mean(static_cast<size_t>(dim), 0.0), centred(rows.begin(), rows.end());
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t d = 0; d < dim; ++d) mean[d] += centred[i * dim + d] / static_cast<double>(n);
  }
  PrincipalPlane plane;
  plane.total_variance = 0;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t d = 0; d < dim; ++d) {
      centred[i * dim + d] -= mean[d];
      plane.total_variance += centred[i * dim + d] * centred[i * dim + d];
    }
  }
  plane.total_variance /= static_cast<double>(std::max<int64_t>(1, n - 1));

  // A fixed pseudo-random start: almost surely not orthogonal to the top components.
  Rng rng(12345);
  std::array<std::vector<double>, 2> fallback, basis, image;
  for (int c = 0; c < 2; ++c) {
    fallback[c].resize(static_cast<size_t>(dim));
    for (double& v : fallback[c]) v = rng.normal();
    image[c].resize(static_cast<size_t>(dim));
  }
  orthonormalize(fallback, fallback);
  basis = fallback;
  std::array<double, 2> ritz{0, 0};
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    for (int c = 0; c < 2; ++c) apply_covariance(centred, n, dim, basis[c], image[c]);
    // Rayleigh-Ritz: H = basis^T C basis (2 x 2); the rotation by `angle` diagonalises it,
    // turning the basis into the best approximations of the eigenvectors in its plane.
    const double h00 = dot(basis[0], image[0]), h01 = dot(basis[0], image[1]),
                 h11 = dot(basis[1], image[1]);
    const double angle = 0.5 * std::atan2(2 * h01, h00 - h11);  // towards the larger one
    const double cs = std::cos(angle), sn = std::sin(angle);
    ritz = {cs * cs * h00 + 2 * sn * cs * h01 + sn * sn * h11,
            sn * sn * h00 - 2 * sn * cs * h01 + cs * cs * h11};
    for (std::array<std::vector<double>, 2>* pair : {&basis, &image}) {
      std::vector<double>&first = (*pair)[0], &second = (*pair)[1];
      for (int64_t d = 0; d < dim; ++d) {
        const double x = first[d], y = second[d];
        first[d] = cs * x + sn * y;
        second[d] = -sn * x + cs * y;
      }
    }
    orthonormalize(image, fallback);  // the next basis: one power step from the Ritz vectors
    double change = 0;
    for (int c = 0; c < 2; ++c) {
      const double sign = dot(image[c], basis[c]) < 0 ? -1.0 : 1.0;  // eigenvectors have no sign
      for (int64_t d = 0; d < dim; ++d) {
        change = std::max(change, std::abs(sign * image[c][d] - basis[c][d]));
      }
    }
    basis.swap(image);
    if (change < kTolerance) break;
  }

  for (int c = 0; c < 2; ++c) {
    std::vector<double>& v = basis[c];
    const auto largest = std::max_element(
        v.begin(), v.end(), [](double x, double y) { return std::abs(x) < std::abs(y); });
    if (*largest < 0) scale(v, -1.0);
    plane.variance[c] = std::max(0.0, ritz[c]);
  }
  plane.components = basis;
  plane.points.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    for (int c = 0; c < 2; ++c) {
      double projection = 0;
      for (int64_t d = 0; d < dim; ++d) projection += centred[i * dim + d] * basis[c][d];
      plane.points[i][c] = projection;
    }
  }
  return plane;
}

}  // namespace gv::tools
