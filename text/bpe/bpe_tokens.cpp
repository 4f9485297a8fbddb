#include "text/bpe/bpe_tokens.h"

#include <stdexcept>

#include "autograd/machine.h"

namespace gv::bpe {

namespace {

// "merge 12 (97 98)": a merge as the messages name it.
std::string merge_name(size_t k, Merge m) {
  return "merge " + std::to_string(k) + " (" + std::to_string(m.left) + " " +
         std::to_string(m.right) + ")";
}

// Checks that each merge joins tokens made before it into one no longer than kMaxTokenBytes, and
// that the vocabulary they make fits in memory, before its tokens are spelled: what it holds is
// a string per token (the bytes of one past the short-string buffer besides), the merges and the
// table of merged pairs. A million merges of long tokens take gigabytes.
void require_buildable(const std::vector<Merge>& merges) {
  std::vector<int64_t> lengths(kMinVocabSize, 1);
  lengths.reserve(kMinVocabSize + merges.size());
  constexpr double kShortString = 15, kHeapOverhead = 16;
  double bytes = kMinVocabSize * sizeof(std::string) +
                 double(merges.size()) * (sizeof(Merge) + sizeof(std::string)) +
                 double(MergeTable::bytes_for(merges.size()));
  for (size_t k = 0; k < merges.size(); ++k) {
    const Merge m = merges[k];
    const auto id = static_cast<TokenId>(lengths.size());
    if (m.left < 0 || m.right < 0 || m.left >= id || m.right >= id) {
      throw std::invalid_argument(merge_name(k, m) +
                                  " joins a token not made before it (tokens 0 to " +
                                  std::to_string(id - 1) + " exist)");
    }
    const int64_t length =
        lengths[static_cast<size_t>(m.left)] + lengths[static_cast<size_t>(m.right)];
    if (length > kMaxTokenBytes) {
      throw std::invalid_argument(merge_name(k, m) + " makes a token of " + std::to_string(length) +
                                  " bytes, more than " + std::to_string(kMaxTokenBytes));
    }
    lengths.push_back(length);
    if (double(length) > kShortString) bytes += double(length) + 1 + kHeapOverhead;
  }
  require_memory(bytes, "a tokenizer of " + std::to_string(merges.size()) + " merges needs",
                 "use one of fewer merges (gradvec bpe train --vocab-size)");
}

}  // namespace

BpeTokens::BpeTokens(std::vector<Merge> merges) : merges_(std::move(merges)) {
  if (static_cast<int64_t>(merges_.size()) > kMaxVocabSize - kMinVocabSize) {
    throw std::invalid_argument(std::to_string(merges_.size()) + " merges, more than " +
                                std::to_string(kMaxVocabSize - kMinVocabSize) +
                                " (a vocabulary of " + std::to_string(kMaxVocabSize) + ")");
  }
  require_buildable(merges_);
  tokens_.reserve(kMinVocabSize + merges_.size());
  merged_ = MergeTable(merges_.size());
  for (int byte = 0; byte < kMinVocabSize; ++byte) tokens_.emplace_back(1, static_cast<char>(byte));
  for (size_t k = 0; k < merges_.size(); ++k) {
    const Merge m = merges_[k];
    const auto id = static_cast<TokenId>(tokens_.size());
    if (const auto earlier = merged_.insert(pair_key(m.left, m.right), id)) {
      throw std::invalid_argument(merge_name(k, m) + " repeats merge " +
                                  std::to_string(*earlier - kMinVocabSize));
    }
    // Spelled in a string of its own size: left + right would reserve twice that.
    const std::string &left = tokens_[static_cast<size_t>(m.left)],
                      &right = tokens_[static_cast<size_t>(m.right)];
    std::string token;
    token.reserve(left.size() + right.size());
    token.append(left).append(right);
    tokens_.push_back(std::move(token));
  }
}

std::string BpeTokens::decode(const std::vector<TokenId>& ids) const {
  std::string text;
  for (const TokenId id : ids) text += bytes(id);
  return text;
}

}  // namespace gv::bpe
