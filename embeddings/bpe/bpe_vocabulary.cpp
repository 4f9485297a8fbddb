#include "embeddings/bpe/bpe_vocabulary.h"

#include <stdexcept>

namespace gv::bpe {

BpeVocabulary::BpeVocabulary(std::vector<Merge> merges) : merges_(std::move(merges)) {
  if (static_cast<int64_t>(merges_.size()) > kMaxVocabSize - kMinVocabSize) {
    throw std::invalid_argument(std::to_string(merges_.size()) + " merges, more than " +
                                std::to_string(kMaxVocabSize - kMinVocabSize) +
                                " (a vocabulary of " + std::to_string(kMaxVocabSize) + ")");
  }
  tokens_.reserve(kMinVocabSize + merges_.size());
  merged_ = MergeTable(merges_.size());
  for (int byte = 0; byte < kMinVocabSize; ++byte) tokens_.emplace_back(1, static_cast<char>(byte));
  for (size_t k = 0; k < merges_.size(); ++k) {
    const Merge m = merges_[k];
    const auto id = static_cast<TokenId>(tokens_.size());
    const std::string which = "merge " + std::to_string(k) + " (" + std::to_string(m.left) + " " +
                              std::to_string(m.right) + ")";
    if (m.left < 0 || m.right < 0 || m.left >= id || m.right >= id) {
      throw std::invalid_argument(which + " joins a token not made before it (tokens 0 to " +
                                  std::to_string(id - 1) + " exist)");
    }
    const size_t length = bytes(m.left).size() + bytes(m.right).size();
    if (length > kMaxTokenBytes) {
      throw std::invalid_argument(which + " makes a token of " + std::to_string(length) +
                                  " bytes, more than " + std::to_string(kMaxTokenBytes));
    }
    if (const auto earlier = merged_.insert(pair_key(m.left, m.right), id)) {
      throw std::invalid_argument(which + " repeats merge " +
                                  std::to_string(*earlier - kMinVocabSize));
    }
    tokens_.push_back(tokens_[static_cast<size_t>(m.left)] + tokens_[static_cast<size_t>(m.right)]);
  }
}

std::string BpeVocabulary::decode(const std::vector<TokenId>& ids) const {
  std::string text;
  for (const TokenId id : ids) text += bytes(id);
  return text;
}

}  // namespace gv::bpe
