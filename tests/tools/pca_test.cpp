#include <catch2/catch.hpp>
#include <cmath>

#include "tools/pca.h"
#include "tools/pca_plot.h"

using gv::tools::principal_plane;
using gv::tools::PrincipalPlane;

namespace {

double dot(const std::vector<double>& x, const std::vector<double>& y) {
  double sum = 0;
  for (size_t i = 0; i < x.size(); ++i) sum += x[i] * y[i];
  return sum;
}

}  // namespace

TEST_CASE("PCA of points on a line recovers the line's direction") {
  // p(t) = (5, -1, 2) + t (1, 2, 2) / 3 for t in {-2, -1, 0, 1, 3}: mean t = 0.2, sample
  // variance of t = (2.2^2 + 1.2^2 + 0.2^2 + 0.8^2 + 2.8^2) / 4 = 14.8 / 4 = 3.7.
  const std::vector<double> ts{-2, -1, 0, 1, 3};
  const std::vector<double> u{1.0 / 3, 2.0 / 3, 2.0 / 3};
  std::vector<float> rows;
  for (const double t : ts) {
    rows.push_back(static_cast<float>(5 + t * u[0]));
    rows.push_back(static_cast<float>(-1 + t * u[1]));
    rows.push_back(static_cast<float>(2 + t * u[2]));
  }
  const PrincipalPlane plane = principal_plane(rows, 5, 3);
  CHECK(std::abs(dot(plane.components[0], u)) == Approx(1.0).epsilon(1e-6));
  CHECK(dot(plane.components[0], plane.components[1]) == Approx(0.0).margin(1e-9));
  CHECK(dot(plane.components[1], plane.components[1]) == Approx(1.0));
  CHECK(plane.variance[0] == Approx(3.7).epsilon(1e-5));
  CHECK(plane.variance[1] == Approx(0.0).margin(1e-5));
  CHECK(plane.total_variance == Approx(3.7).epsilon(1e-5));
  // The sign convention makes the largest coordinate (2/3, first of the two) positive.
  CHECK(plane.components[0][1] > 0);
  for (size_t i = 0; i < ts.size(); ++i) {
    CHECK(plane.points[i][0] == Approx(ts[i] - 0.2).epsilon(1e-5));
    CHECK(plane.points[i][1] == Approx(0.0).margin(1e-5));
  }
}

TEST_CASE("PCA of points on a plane recovers both directions, larger variance first") {
  // x = s u + t w in 4-D with u = (0.6, 0.8, 0, 0), w = (0, 0, 0.6, -0.8) orthonormal and
  // s = {-3, 3, -3, 3}, t = {-1, -1, 1, 1} uncorrelated with mean 0:
  // variances sum(s^2) / 3 = 12 and sum(t^2) / 3 = 4/3.
  const std::vector<double> u{0.6, 0.8, 0, 0}, w{0, 0, 0.6, -0.8};
  const double s[] = {-3, 3, -3, 3}, t[] = {-1, -1, 1, 1};
  std::vector<float> rows;
  for (int i = 0; i < 4; ++i) {
    for (int d = 0; d < 4; ++d) rows.push_back(static_cast<float>(s[i] * u[d] + t[i] * w[d]));
  }
  const PrincipalPlane plane = principal_plane(rows, 4, 4);
  CHECK(std::abs(dot(plane.components[0], u)) == Approx(1.0).epsilon(1e-6));
  CHECK(std::abs(dot(plane.components[1], w)) == Approx(1.0).epsilon(1e-6));
  CHECK(plane.variance[0] == Approx(12.0).epsilon(1e-5));
  CHECK(plane.variance[1] == Approx(4.0 / 3).epsilon(1e-5));
  CHECK(plane.total_variance == Approx(12.0 + 4.0 / 3).epsilon(1e-5));
  // Signs: u's largest coordinate 0.8 is positive as is; w's is -0.8, so w is flipped.
  CHECK(dot(plane.components[0], u) > 0);
  CHECK(dot(plane.components[1], w) < 0);
  CHECK(plane.points[0][0] == Approx(-3.0).epsilon(1e-5));
  CHECK(plane.points[0][1] == Approx(1.0).epsilon(1e-5));
}

TEST_CASE("PCA of a single point has zero variance and orthonormal axes") {
  const PrincipalPlane plane = principal_plane({1, 2, 3}, 1, 3);
  CHECK(plane.variance[0] == 0.0);
  CHECK(plane.total_variance == 0.0);
  CHECK(dot(plane.components[0], plane.components[0]) == Approx(1.0));
  CHECK(dot(plane.components[0], plane.components[1]) == Approx(0.0).margin(1e-12));
  CHECK(plane.points[0][0] == 0.0);
}

TEST_CASE("PCA rejects shapes it cannot project") {
  CHECK_THROWS_WITH(principal_plane({1, 2}, 2, 1), Catch::Contains("dim >= 2"));
  CHECK_THROWS_WITH(principal_plane({1, 2, 3}, 2, 2), Catch::Contains("3 values for (2, 2)"));
  CHECK_THROWS_WITH(principal_plane({}, 0, 2), Catch::Contains("n >= 1"));
}

TEST_CASE("the PCA scatter plot labels every point and names the axes") {
  const PrincipalPlane plane = principal_plane({0, 0, 4, 0, 0, 1, 4, 1}, 4, 2);
  const std::string svg =
      gv::tools::pca_scatter_plot({"a&b", "c", "d", "e"}, plane, "Title <here>").str();
  CHECK(svg.find(">a&amp;b</text>") != std::string::npos);
  CHECK(svg.find("Title &lt;here&gt;") != std::string::npos);
  // Variances 16/3 along x and 1/3 along y: 94.1% and 5.9% of 17/3.
  CHECK(svg.find("PC1 (94.1% of variance)") != std::string::npos);
  CHECK(svg.find("PC2 (5.9% of variance)") != std::string::npos);
  size_t circles = 0;
  for (size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) {
    ++circles;
  }
  CHECK(circles == 4);
  CHECK_THROWS_WITH(gv::tools::pca_scatter_plot({"a"}, plane, "t"),
                    Catch::Contains("1 labels for 4 points"));
}
