// "Did you mean" for a mistyped command or option name, among the names the app registered.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gv::tools {

// The names in `known` that `typed` is a likely slip of, nearest first (ties in `known`'s
// order). Names are compared without their leading dashes, so "-epochs" finds "--epochs" and
// "-k" finds "--k". A likely slip is one letter dropped, added or changed, two neighbouring
// letters swapped, or, in names of 5 letters or more, two such slips; a name cut short after 3
// letters or more ("near" for "nearest") counts as one.
std::vector<std::string> likely_meant(std::string_view typed,
                                      const std::vector<std::string>& known);

// "; did you mean 'a'?" or "; did you mean 'a' or 'b'?" for likely_meant's names, empty when
// there are none.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known);

}  // namespace gv::tools
