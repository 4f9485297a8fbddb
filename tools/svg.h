// Svg: a minimal SVG writer — rectangles, lines, circles and text, enough for the heatmaps
// and scatter plots the command line draws — and the heatmap built from it.
//
// Coordinates are pixels from the top-left corner, as in SVG itself. The document is kept
// in memory and written atomically by save(), so a plot on disk is never half drawn.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace gv::tools {

enum class TextAnchor { start, middle, end };

class Svg {
 public:
  Svg(double width, double height);  // on a white background

  // Axis-aligned, drawn with crisp edges so that adjacent cells show no hairline seams.
  void rect(double x, double y, double width, double height, std::string_view fill,
            std::string_view stroke = "none");
  void line(double x1, double y1, double x2, double y2, std::string_view stroke,
            double stroke_width = 1.0);
  void circle(double cx, double cy, double radius, std::string_view fill,
              std::string_view stroke = "none");
  // `content` may be any bytes (a word from a vector file): it is escaped for XML, and what XML
  // 1.0 cannot hold (control bytes, invalid UTF-8) becomes U+FFFD. `rotate_degrees` turns the
  // text clockwise about (x, y).
  void text(double x, double y, std::string_view content, double font_size = 12.0,
            TextAnchor anchor = TextAnchor::start, double rotate_degrees = 0.0);

  double width() const { return width_; }
  double height() const { return height_; }
  std::string str() const;
  // Throws std::runtime_error naming `path` if it cannot be written.
  void save(const std::string& path) const;

 private:
  void open(std::string_view element);                            // "<element"
  void attribute(std::string_view name, std::string_view value);  // ` name="value"`

  double width_, height_;
  std::string body_;
};

// "#rrggbb" on a diverging scale: t = -1 blue, 0 white, +1 red; t is clamped to [-1, 1].
std::string diverging_color(double t);

struct HeatmapLabels {
  std::string title;
  std::string row_axis;     // drawn down the left side
  std::string column_axis;  // drawn under the plot
};

// More cells than this make an SVG too heavy to open comfortably (~100 bytes per cell).
inline constexpr int64_t kMaxHeatmapCells = int64_t{1} << 17;

// values (rows, cols), row-major: row r is the r-th band from the top, column c the c-th
// from the left. Colours are symmetric about 0 (±max |value|), explained by a legend.
// Throws std::invalid_argument naming the size if values.size() != rows * cols or the
// table has more than kMaxHeatmapCells cells.
Svg heatmap(std::span<const float> values, int64_t rows, int64_t cols, const HeatmapLabels& labels);

}  // namespace gv::tools
