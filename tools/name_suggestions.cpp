#include "tools/name_suggestions.h"

#include <algorithm>

#include "tools/vectors/spelling.h"

namespace gv::tools {
namespace {

constexpr int kNotASlip = 3;
// The shortest start of a name taken for that name: "near" is nearest cut short, as a user who
// remembers a command by its start types it, but one or two letters start too many names.
constexpr size_t kShortestStart = 3;

std::string_view without_dashes(std::string_view name) {
  return name.substr(std::min(name.find_first_not_of('-'), name.size()));
}

// Exactly two neighbouring characters exchanged: one slip of the fingers, which Levenshtein
// distance counts as two edits.
bool swapped_neighbours(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  const size_t first = std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin();
  return first + 1 < a.size() && a[first] == b[first + 1] && a[first + 1] == b[first] &&
         a.substr(first + 2) == b.substr(first + 2);
}

// How many slips apart the two names are, or kNotASlip. A short name allows fewer: with one
// letter every other one-letter name is one change away, and no likelier than any other. A name
// cut short (kShortestStart letters or more) counts as one slip, however many letters are left
// off.
int slips_between(std::string_view typed, std::string_view name) {
  const std::string_view a = without_dashes(typed), b = without_dashes(name);
  const size_t longer = std::max(a.size(), b.size());
  const int allowed = longer >= 5 ? 2 : longer >= 2 ? 1 : 0;
  const int slips = swapped_neighbours(a, b) ? 1 : bounded_edit_distance(a, b, allowed);
  if (slips <= allowed) return slips;
  return a.size() >= kShortestStart && b.starts_with(a) ? 1 : kNotASlip;
}

}  // namespace

std::vector<std::string> likely_meant(std::string_view typed,
                                      const std::vector<std::string>& known) {
  int best = kNotASlip;
  std::vector<std::string> nearest;
  for (const std::string& name : known) {
    const int slips = slips_between(typed, name);
    if (slips < best) best = slips, nearest.clear();
    if (slips == best && slips < kNotASlip) nearest.push_back(name);
  }
  return nearest;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known) {
  const std::vector<std::string> names = likely_meant(typed, known);
  if (names.empty()) return "";
  std::string text = "; did you mean ";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += "'" + names[i] + "'";
  }
  return text + "?";
}

}  // namespace gv::tools
