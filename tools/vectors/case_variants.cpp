#include "tools/vectors/case_variants.h"

#include <algorithm>

#include "io/printable.h"

namespace gv::tools {

std::vector<std::string> case_variants(const std::vector<std::string>& vocabulary,
                                       std::string_view word) {
  const auto same_folded = [](char a, char b) { return fold_ascii_case(a) == fold_ascii_case(b); };
  std::vector<std::string> variants;
  for (const std::string& candidate : vocabulary) {
    if (std::ranges::equal(candidate, word, same_folded)) variants.push_back(candidate);
  }
  return variants;
}

std::string case_substitution_note(std::string_view word,
                                   const std::vector<std::string>& variants) {
  std::string note = printable(word) + ": using " + printable(variants.front());
  if (variants.size() > 1) {
    note += ", the first in the file of ";
    for (size_t i = 0; i < variants.size(); ++i) note += (i ? ", " : "") + printable(variants[i]);
  }
  return note;
}

}  // namespace gv::tools
