#include "tools/vectors/query_word.h"

#include "embeddings/bpe/readable_piece.h"
#include "tools/vectors/case_variants.h"

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

}  // namespace gv::tools
