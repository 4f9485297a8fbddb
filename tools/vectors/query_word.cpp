#include "tools/vectors/query_word.h"

#include <algorithm>

#include "text/bpe/readable_piece.h"
#include "tools/vectors/case_variants.h"
#include "tools/vectors/spelling.h"

namespace gv::tools {

QueryWord resolve_query_word(std::string_view word, const std::vector<std::string>& vocabulary,
                             const std::function<bool(std::string_view)>& listed) {
  if (listed(word)) return {std::string(word), {}};
  if (std::string piece = std::string(bpe::kSpaceMark) + std::string(word); listed(piece)) {
    return {piece, {piece}};
  }
  std::vector<std::string> variants = case_variants(vocabulary, word);
  if (variants.empty()) return {std::string(word), {}};
  std::string first = variants.front();
  return {std::move(first), std::move(variants)};
}

std::vector<std::string> query_suggestions(std::string_view word,
                                           const std::vector<std::string>& vocabulary) {
  constexpr size_t kSuggestions = 3;
  std::vector<std::string> suggestions;
  // Empty for a vocabulary without word-start pieces: the mark alone is 3 bytes away from any
  // word that lacks it, more than closest_spellings' distance.
  if (!word.starts_with(bpe::kSpaceMark)) {
    suggestions = closest_spellings(vocabulary, std::string(bpe::kSpaceMark) + std::string(word),
                                    kSuggestions);
  }
  for (std::string& spelling : closest_spellings(vocabulary, word, kSuggestions)) {
    if (suggestions.size() == kSuggestions) break;
    if (std::find(suggestions.begin(), suggestions.end(), spelling) == suggestions.end())
      suggestions.push_back(std::move(spelling));
  }
  return suggestions;
}

}  // namespace gv::tools
