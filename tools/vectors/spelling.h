// Spelling suggestions for a word that is not in the vocabulary ("did you mean ...").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gv::tools {

// Levenshtein distance between byte strings, ASCII letters compared regardless of case (a
// vocabulary's "king" is the nearest spelling of "KING"), if it is <= `bound`, else `bound + 1`.
// Only a diagonal band of width 2*bound+1 is filled and the scan stops as soon as a whole
// row exceeds the bound, so checking a word against a large vocabulary stays cheap.
int bounded_edit_distance(std::string_view a, std::string_view b, int bound);

// Up to `max_suggestions` vocabulary words within edit distance `max_distance` of `word`,
// nearest first, ties broken by vocabulary order (the more frequent word first).
std::vector<std::string> closest_spellings(const std::vector<std::string>& vocabulary,
                                           std::string_view word, int max_suggestions = 3,
                                           int max_distance = 2);

}  // namespace gv::tools
