#include "tools/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <stdexcept>

#include "io/atomic_file.h"
#include "io/printable.h"

namespace gv::tools {

namespace {

// Two decimals are sub-pixel precision and keep large plots small.
std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

// `text` as XML 1.0 character data: the markup characters as entities, tab, LF and CR as
// character references (so that a parser keeps them as they were), and what XML cannot hold at
// all, which a word from a vector file may contain, as U+FFFD: the other C0 controls, bytes that
// are not UTF-8, and the non-characters U+FFFE and U+FFFF (EF BF BE, EF BF BF).
std::string xml_text(std::string_view text) {
  static constexpr std::string_view kReplacement = "\xef\xbf\xbd";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const int length = utf8_char_length(text.substr(i));
    if (length <= 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    const std::string_view character = text.substr(i, static_cast<size_t>(length));
    i += character.size();
    if (character == "\xef\xbf\xbe" || character == "\xef\xbf\xbf") {
      out += kReplacement;
      continue;
    }
    switch (character[0]) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\t':
        out += "&#9;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        out += "&#13;";
        break;
      default:
        if (static_cast<unsigned char>(character[0]) < 0x20) {
          out += kReplacement;
        } else {
          out += character;
        }
    }
  }
  return out;
}

const char* anchor_name(TextAnchor anchor) {
  switch (anchor) {
    case TextAnchor::start:
      return "start";
    case TextAnchor::middle:
      return "middle";
    case TextAnchor::end:
      return "end";
  }
  return "start";
}

// Legend labels like 1, 0.841, 2.5e-05: short, and exact enough to read a colour by.
std::string short_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", v);
  return buffer;
}

// A tick every 1, 2, 5, 10, 20, 50, ... items, the smallest that gives at most 8 ticks.
int64_t tick_step(int64_t count) {
  for (int64_t scale = 1;; scale *= 10) {
    for (const int64_t mantissa : {1, 2, 5}) {
      if (count <= 8 * mantissa * scale) return mantissa * scale;
    }
  }
}

}  // namespace

Svg::Svg(double width, double height) : width_(width), height_(height) {
  rect(0, 0, width, height, "#ffffff");
}

void Svg::open(std::string_view element) {
  body_ += '<';
  body_ += element;
}

void Svg::attribute(std::string_view name, std::string_view value) {
  body_ += ' ';
  body_ += name;
  body_ += "=\"";
  body_ += value;
  body_ += '"';
}

void Svg::rect(double x, double y, double width, double height, std::string_view fill,
               std::string_view stroke) {
  open("rect");
  attribute("x", num(x));
  attribute("y", num(y));
  attribute("width", num(width));
  attribute("height", num(height));
  attribute("fill", fill);
  if (stroke != "none") attribute("stroke", stroke);  // "none" is SVG's default: save the bytes
  attribute("shape-rendering", "crispEdges");
  body_ += "/>\n";
}

void Svg::line(double x1, double y1, double x2, double y2, std::string_view stroke,
               double stroke_width) {
  open("line");
  attribute("x1", num(x1));
  attribute("y1", num(y1));
  attribute("x2", num(x2));
  attribute("y2", num(y2));
  attribute("stroke", stroke);
  attribute("stroke-width", num(stroke_width));
  body_ += "/>\n";
}

void Svg::circle(double cx, double cy, double radius, std::string_view fill,
                 std::string_view stroke) {
  open("circle");
  attribute("cx", num(cx));
  attribute("cy", num(cy));
  attribute("r", num(radius));
  attribute("fill", fill);
  if (stroke != "none") attribute("stroke", stroke);
  body_ += "/>\n";
}

void Svg::text(double x, double y, std::string_view content, double font_size, TextAnchor anchor,
               double rotate_degrees) {
  open("text");
  attribute("x", num(x));
  attribute("y", num(y));
  attribute("font-size", num(font_size));
  attribute("text-anchor", anchor_name(anchor));
  if (rotate_degrees != 0.0) {
    attribute("transform", "rotate(" + num(rotate_degrees) + " " + num(x) + " " + num(y) + ")");
  }
  body_ += '>';
  body_ += xml_text(content);
  body_ += "</text>\n";
}

std::string Svg::str() const {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width_) + "\" height=\"" +
         num(height_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) +
         "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" fill=\"#222222\">\n" +
         body_ + "</svg>\n";
}

void Svg::save(const std::string& path) const {
  const std::string document = str();
  write_file_atomically(path, [&](std::ostream& out) {
    out.write(document.data(), static_cast<std::streamsize>(document.size()));
  });
}

std::string diverging_color(double t) {
  t = std::clamp(t, -1.0, 1.0);
  // ColorBrewer RdBu's ends, #2166ac and #b2182b, meeting at white.
  const double end[3] = {t < 0 ? 33.0 : 178.0, t < 0 ? 102.0 : 24.0, t < 0 ? 172.0 : 43.0};
  const double weight = std::fabs(t);
  char buffer[8];
  int rgb[3];
  for (int k = 0; k < 3; ++k)
    rgb[k] = static_cast<int>(std::lround(255.0 + weight * (end[k] - 255.0)));
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
  return buffer;
}

Svg heatmap(std::span<const float> values, int64_t rows, int64_t cols,
            const HeatmapLabels& labels) {
  if (rows > 0 && cols > kMaxHeatmapCells / rows) {  // checked before rows * cols can overflow
    throw std::invalid_argument("heatmap: " + std::to_string(rows) + " x " + std::to_string(cols) +
                                " cells is more than an SVG heatmap should hold (" +
                                std::to_string(kMaxHeatmapCells) + ")");
  }
  if (rows <= 0 || cols <= 0 || static_cast<int64_t>(values.size()) != rows * cols) {
    throw std::invalid_argument("heatmap: " + std::to_string(values.size()) +
                                " values do not fill " + std::to_string(rows) + " x " +
                                std::to_string(cols) + " cells");
  }
  // Cells as large as 32 px but the plot no larger than about 640 x 480.
  const double cell_w = std::min(32.0, 640.0 / static_cast<double>(cols));
  const double cell_h = std::min(32.0, 480.0 / static_cast<double>(rows));
  const double plot_w = cell_w * static_cast<double>(cols);
  const double plot_h = cell_h * static_cast<double>(rows);
  const double left = 72, top = 48, bottom = 60, legend_gap = 28, legend_w = 16;
  const double legend_h = std::max(plot_h, 160.0);
  const double width = std::max(left + plot_w + legend_gap + legend_w + 70, 360.0);
  Svg svg(width, top + legend_h + bottom);

  svg.text(left, 28, labels.title, 15);

  float max_abs = 0;
  for (const float v : values) max_abs = std::max(max_abs, std::fabs(v));
  const double scale = max_abs > 0 ? 1.0 / max_abs : 1.0;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      svg.rect(left + static_cast<double>(c) * cell_w, top + static_cast<double>(r) * cell_h,
               cell_w, cell_h, diverging_color(values[r * cols + c] * scale));
    }
  }
  svg.rect(left, top, plot_w, plot_h, "none", "#444444");

  // Ticks at cell centres, labelled with the row / column index.
  for (int64_t c = 0; c < cols; c += tick_step(cols)) {
    const double x = left + (static_cast<double>(c) + 0.5) * cell_w;
    svg.line(x, top + plot_h, x, top + plot_h + 4, "#444444");
    svg.text(x, top + plot_h + 17, std::to_string(c), 11, TextAnchor::middle);
  }
  for (int64_t r = 0; r < rows; r += tick_step(rows)) {
    const double y = top + (static_cast<double>(r) + 0.5) * cell_h;
    svg.line(left - 4, y, left, y, "#444444");
    svg.text(left - 7, y + 4, std::to_string(r), 11, TextAnchor::end);
  }
  svg.text(left + plot_w / 2, top + plot_h + 40, labels.column_axis, 13, TextAnchor::middle);
  svg.text(22, top + plot_h / 2, labels.row_axis, 13, TextAnchor::middle, -90);

  // Legend: the scale from +max (top) through 0 to -max (bottom), in thin bands.
  const double legend_x = left + plot_w + legend_gap;
  const int bands = 64;
  for (int b = 0; b < bands; ++b) {
    const double t = 1.0 - 2.0 * (b + 0.5) / bands;
    svg.rect(legend_x, top + legend_h * b / bands, legend_w, legend_h / bands + 0.5,
             diverging_color(t));
  }
  svg.rect(legend_x, top, legend_w, legend_h, "none", "#444444");
  const double label_x = legend_x + legend_w + 6;
  svg.text(label_x, top + 4, short_number(max_abs), 11);
  svg.text(label_x, top + legend_h / 2 + 4, "0", 11);
  svg.text(label_x, top + legend_h + 4, short_number(-max_abs), 11);
  return svg;
}

}  // namespace gv::tools
