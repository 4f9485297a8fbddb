// The picture `gradvec plot` draws: words as labelled points on their first two principal
// components, with axes that say how much of the variance each component carries.
#pragma once

#include <string>
#include <vector>

#include "tools/pca.h"
#include "tools/svg.h"

namespace gv::tools {

// One point per word: words[i] is drawn at plane.points[i]. Both axes share one scale, so
// distances on the page are proportional to distances in the plane. Throws
// std::invalid_argument if the counts differ.
Svg pca_scatter_plot(const std::vector<std::string>& words, const PrincipalPlane& plane,
                     const std::string& title);

}  // namespace gv::tools
