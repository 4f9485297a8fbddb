#include "word2vec/checkpoint/bpe_merges_io.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "text/bpe/bpe_tokens.h"

namespace gv {

void write_bpe_merges(TensorWriter& w, const BpeWords& words) {
  const std::vector<bpe::Merge>& merges = words.vocabulary().merges();
  w.count(static_cast<int64_t>(merges.size()));
  for (const bpe::Merge& m : merges) {
    w.pod(m.left);
    w.pod(m.right);
  }
}

std::shared_ptr<const BpeWords> read_bpe_merges(TensorReader& r) {
  constexpr int64_t kMergeBytes = 2 * sizeof(bpe::TokenId);
  constexpr int64_t kMostMerges = bpe::kMaxVocabSize - bpe::kMinVocabSize;
  const int64_t count = r.count("BPE merges", kMergeBytes);
  r.require_field(count <= kMostMerges, "BPE merge count", "<= " + std::to_string(kMostMerges),
                  count);
  std::vector<bpe::Merge> merges(static_cast<size_t>(count));
  for (bpe::Merge& m : merges) {
    m.left = r.pod<bpe::TokenId>("BPE merges");
    m.right = r.pod<bpe::TokenId>("BPE merges");
  }
  try {
    return std::make_shared<const BpeWords>(bpe::BpeTokens(std::move(merges)));
  } catch (const std::invalid_argument& e) {
    r.fail(std::string("BPE merges: ") + e.what());
  }
}

}  // namespace gv
