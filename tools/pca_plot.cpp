#include "tools/pca_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace gv::tools {
namespace {

constexpr double kWidth = 960, kHeight = 720;
constexpr double kLeft = 80, kRight = kWidth - 30, kTop = 60, kBottom = kHeight - 70;

// A round tick spacing (1, 2 or 5 times a power of ten) giving about six ticks over `range`.
double tick_spacing(double range) {
  const double raw = range / 6;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double mantissa : {1.0, 2.0, 5.0}) {
    if (mantissa * magnitude >= raw) return mantissa * magnitude;
  }
  return 10 * magnitude;
}

std::string tick_label(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", std::abs(value) < 1e-12 ? 0.0 : value);
  return buffer;
}

std::string axis_title(int component, const PrincipalPlane& plane) {
  char buffer[64];
  const double share =
      plane.total_variance > 0 ? 100 * plane.variance[component] / plane.total_variance : 0.0;
  std::snprintf(buffer, sizeof buffer, "PC%d (%.1f%% of variance)", component + 1, share);
  return buffer;
}

// Data coordinates -> page pixels, one scale for both axes (y grows upwards on the page).
struct PageMapping {
  double scale, x_centre, y_centre;
  double x(double data_x) const { return (kLeft + kRight) / 2 + (data_x - x_centre) * scale; }
  double y(double data_y) const { return (kTop + kBottom) / 2 - (data_y - y_centre) * scale; }
  double data_x(double page_x) const { return x_centre + (page_x - (kLeft + kRight) / 2) / scale; }
  double data_y(double page_y) const { return y_centre - (page_y - (kTop + kBottom) / 2) / scale; }
};

PageMapping fit_points(const PrincipalPlane& plane) {
  double x_min = plane.points[0][0], x_max = x_min, y_min = plane.points[0][1], y_max = y_min;
  for (const auto& p : plane.points) {
    x_min = std::min(x_min, p[0]), x_max = std::max(x_max, p[0]);
    y_min = std::min(y_min, p[1]), y_max = std::max(y_max, p[1]);
  }
  // The points fill the frame less a margin, and less room on the right and at the top for
  // the labels, which are drawn up and to the right of their points.
  constexpr double kMargin = 20, kLabelWidth = 70, kLabelHeight = 14;
  const double width = kRight - kLeft - 2 * kMargin - kLabelWidth;
  const double height = kBottom - kTop - 2 * kMargin - kLabelHeight;
  const double scale =
      std::min(width / std::max(x_max - x_min, 1e-12), height / std::max(y_max - y_min, 1e-12));
  // Centre the points in the frame, then shift them left and down by half the label room.
  return {scale, (x_min + x_max) / 2 + kLabelWidth / 2 / scale,
          (y_min + y_max) / 2 + kLabelHeight / 2 / scale};
}

void draw_axes(Svg& svg, const PageMapping& page, const PrincipalPlane& plane) {
  const double x_low = page.data_x(kLeft), x_high = page.data_x(kRight);
  const double y_low = page.data_y(kBottom), y_high = page.data_y(kTop);
  const double x_step = tick_spacing(x_high - x_low), y_step = tick_spacing(y_high - y_low);
  for (double t = std::ceil(x_low / x_step) * x_step; t <= x_high; t += x_step) {
    const bool zero = std::abs(t) < x_step / 2;
    svg.line(page.x(t), kTop, page.x(t), kBottom, zero ? "#b0b0b0" : "#ececec");
    svg.text(page.x(t), kBottom + 18, tick_label(t), 11, TextAnchor::middle);
  }
  for (double t = std::ceil(y_low / y_step) * y_step; t <= y_high; t += y_step) {
    const bool zero = std::abs(t) < y_step / 2;
    svg.line(kLeft, page.y(t), kRight, page.y(t), zero ? "#b0b0b0" : "#ececec");
    svg.text(kLeft - 8, page.y(t) + 4, tick_label(t), 11, TextAnchor::end);
  }
  svg.rect(kLeft, kTop, kRight - kLeft, kBottom - kTop, "none", "#404040");
  svg.text((kLeft + kRight) / 2, kHeight - 22, axis_title(0, plane), 14, TextAnchor::middle);
  svg.text(24, (kTop + kBottom) / 2, axis_title(1, plane), 14, TextAnchor::middle, -90);
}

}  // namespace

Svg pca_scatter_plot(const std::vector<std::string>& words, const PrincipalPlane& plane,
                     const std::string& title) {
  if (words.size() != plane.points.size() || words.empty()) {
    throw std::invalid_argument("pca plot: " + std::to_string(words.size()) + " labels for " +
                                std::to_string(plane.points.size()) + " points");
  }
  Svg svg(kWidth, kHeight);
  const PageMapping page = fit_points(plane);
  draw_axes(svg, page, plane);
  svg.text(kWidth / 2, 34, title, 18, TextAnchor::middle);
  for (size_t i = 0; i < words.size(); ++i) {
    const double x = page.x(plane.points[i][0]), y = page.y(plane.points[i][1]);
    svg.circle(x, y, 3.5, "#1f77b4", "#ffffff");
    svg.text(x + 6, y - 5, words[i], 12);
  }
  return svg;
}

}  // namespace gv::tools
